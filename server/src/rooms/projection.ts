// Per-audience view streams: each seat, and all spectators together, get a full document once, then only
// structural diffs of what changed for them (measured in bench/wire.results.md; why diffs: bench/RESULTS.md).
import { diff, type GameModule, type ViewMessage, type WireDoc } from '@dicehall/shared';

/**
 * What every audience of a game state is sent: the public document, and one per seat. Legal actions go only to
 * seats to act; for a game whose clients derive them from their own view (`legalFromView`) not even those
 * travel, only a marker that the seat is to act (and the server does not list them at all).
 */
export function viewDocs(m: GameModule, state: unknown, seats: number, toAct: readonly number[]): { public: WireDoc; seats: WireDoc[] } {
  const derive = m.legalFromView !== undefined;
  return {
    public: { view: m.view(state, null) },
    seats: Array.from({ length: seats }, (_, s): WireDoc => {
      const view = m.view(state, s);
      if (!toAct.includes(s)) return { view };
      return derive ? { view, act: [m.id, s] } : { view, legal: m.legalActions(state, s) };
    }),
  };
}

/**
 * One audience's stream: the document last sent, its revision, and the next one waiting for the patch.
 * Diffs are taken when patches go out, so a burst of changes costs one diff and one message.
 */
export class ViewChannel {
  rev = 0;
  sent: WireDoc | null = null;
  private next: WireDoc | null = null;
  private pending = false;
  private reset = false;

  set(doc: WireDoc) {
    this.next = doc;
    this.pending = true;
  }

  /** The next message makes everyone on this channel start over from a full document (seats moved). */
  restart() {
    this.reset = true;
    this.pending = this.next !== null || this.sent !== null;
    if (this.next === null) this.next = this.sent;
  }

  /** What a client joining this audience now needs first. */
  snapshot(): ViewMessage {
    return { rev: this.rev, full: this.sent };
  }

  /** The next message as its JSON text (what is sent), or null when nothing changed. */
  flushText(): string | null {
    const msg = this.flush();
    return msg ? JSON.stringify(msg) : null;
  }

  /** The message for the change since the last flush, or null when nothing changed. */
  flush(): ViewMessage | null {
    if (!this.pending) return null;
    this.pending = false;
    const next = this.next;
    if (this.reset || this.sent === null) {
      this.reset = false;
      this.sent = next;
      return { rev: ++this.rev, full: next };
    }
    const ops = diff(this.sent, next);
    this.sent = next;
    if (ops.length === 0) return null;
    return { rev: ++this.rev, ops };
  }
}
