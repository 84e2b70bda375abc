// Per-audience view streams: each seat, and all spectators together, get a full document once, then only
// structural diffs of what changed for them, as JSON text messages that leave with the schema patch (just ahead
// of it, in the same socket write: ./corked). RoomViews is the room's side of it: it sets each audience's
// document from the game state and sends what changed to whom.
//
// Decision (issue #11): per-seat views are neither JSON strings inside the schema nor typed schema. They are the
// module's plain JSON `view(state, seat)`, diffed per audience. Measured (bench/wire.results.md, bench/wire.bench.ts,
// 2 players + 1 spectator): JSON views in the schema cost 5,793 B per action per client on Shields and
// 4,538–4,542 B on Dice Chess; the diff stream 802 B and 1,360–1,383 B (−86%, −70%), then 703 B and 1,020–1,036 B
// once legal actions were derived on the client, then 579 B and 616–642 B once the diff aligned lists and took the
// shape of the view (issue #18, bench/RESULTS.md), then (with the log's window and compact lines) 400 B and
// 333–364 B once Shields and Dice Chess views travelled without what the client works out from the rest
// (GameModule.wireView), then 273 B and 222–249 B once their last attack and last move pointed into the log lines
// that already say them, and the marker, the lines and the diffs' framing lost their repeats (bench/RESULTS.md,
// fifth round): the issue's ≤ 300 B per action. Typed schema with `@view()` fields would give field deltas too,
// but needs one schema per game kept in step with its module, and the room would stop being game-agnostic; its
// prototype was not built, so it has no figure. The cost of this choice: a diff per audience on each patch (a round
// of a two-seat room with spectators 8 µs on Shields, 12 µs on Dice Chess, the seats reusing the spectators'
// sub-diffs: bench/view-round.bench.ts).
import { ClientState, type Client } from '@colyseus/core';
import {
  diff,
  encodeViewMessage,
  shareNodes,
  TABLE_OUT,
  type DiffMemo,
  type GameModule,
  type PublicLine,
  type ViewMessage,
  type WireDoc,
} from '@dicehall/shared';

/**
 * What every audience of a game state is sent: the public document, and one per seat. Legal actions go only to
 * seats to act; for a game whose clients derive them from their own view (`legalFromView`) not even those
 * travel, only a marker that the seat is to act (and the server does not list them at all).
 * `lines`: the public log lines every client on a diff holds (the room's latest, ./record `window`), which a view
 * may point into (GameModule.wireView); none for a full document, which a client may read before its first lines.
 */
export function viewDocs(
  m: GameModule,
  state: unknown,
  seats: number,
  toAct: readonly number[],
  lines: readonly PublicLine[] = [],
): { public: WireDoc; seats: WireDoc[] } {
  const derive = m.legalFromView !== undefined;
  // A game whose views travel in a smaller form, or whose legal actions are derived, says so once, in each full
  // document (`game` never changes).
  const wire = m.wireView;
  const game = wire || derive ? { game: m.id } : {};
  const doc = (view: unknown): WireDoc =>
    wire ? { view: wire.toWire(state, view, lines), ...game } : { view, ...game };
  const publicView = m.view(state, null);
  const pub = doc(publicView);
  return {
    public: pub,
    seats: Array.from({ length: seats }, (_, s): WireDoc => {
      // A seat's view made from the public one where the module can (GameModule.seatView); the public view itself
      // when the seat sees what spectators see, whose document is then the spectators' own.
      const view = m.seatView ? m.seatView(state, s, publicView) : m.view(state, s);
      // What a seat sees like everyone is the public view's own objects, so its diff reuses the spectators' (flush).
      let d: WireDoc;
      if (view === publicView) d = { ...pub };
      else {
        const own = doc(view);
        d = { ...own, view: shareNodes(own.view, pub.view) };
      }
      if (!toAct.includes(s)) return d;
      return derive ? { ...d, act: s } : { ...d, legal: m.legalActions(state, s) };
    }),
  };
}

/** The same document made without pointing into the log (`lines` none), for a full document; made when asked. */
export type Whole = () => WireDoc;

/**
 * One audience's stream: the document last sent, its revision, and the next one waiting for the patch.
 * Diffs are taken when patches go out, so a burst of changes costs one diff and one message.
 *
 * A document's view may point into the log's latest lines (GameModule.wireView), which clients on the stream hold;
 * a full document never does (it is its `whole` form), so a client joining, or starting over at a rematch before
 * the patch that brings the new game's lines, needs no line to read it. A pointer is a number where the full form
 * has the value: a later diff replaces it whole whichever a client holds, so both read the same from then on.
 */
export class ViewChannel {
  rev = 0;
  sent: WireDoc | null = null;
  private sentWhole: Whole | null = null;
  private next: WireDoc | null = null;
  private nextWhole: Whole | null = null;
  /** A document (or a restart) is waiting for the next flush. */
  pending = false;
  private reset = false;

  /** `whole`: the same document without pointers into the log, when it may have some. */
  set(doc: WireDoc, whole?: Whole) {
    this.next = doc;
    this.nextWhole = whole ?? null;
    this.pending = true;
  }

  /** The next message makes everyone on this channel start over from a full document (seats moved). */
  restart() {
    this.reset = true;
    this.pending = this.next !== null || this.sent !== null;
    if (this.next === null) {
      this.next = this.sent;
      this.nextWhole = this.sentWhole;
    }
  }

  /** The latest document, sent or still waiting for the next patch. */
  current(): WireDoc | null {
    return this.pending ? this.next : this.sent;
  }

  /** What a client joining this audience now needs first. */
  snapshot(): ViewMessage {
    return { rev: this.rev, full: this.sentWhole ? this.sentWhole() : this.sent };
  }

  /** The next message as its JSON text (what is sent), or null when nothing changed. */
  flushText(memo?: DiffMemo): string | null {
    const msg = this.flush(memo);
    return msg ? encodeViewMessage(msg) : null;
  }

  /**
   * The message for the change since the last flush, or null when nothing changed. `memo`: the round's shared
   * sub-diffs (RoomViews.flush), for documents sharing nodes with another audience's.
   */
  flush(memo?: DiffMemo): ViewMessage | null {
    if (!this.pending) return null;
    this.pending = false;
    const next = this.next;
    const whole = this.nextWhole;
    if (this.reset || this.sent === null) {
      this.reset = false;
      // What its clients hold, which the next diff starts from.
      this.sent = whole ? whole() : next;
      this.sentWhole = null;
      return { rev: ++this.rev, full: this.sent };
    }
    const ops = diff(this.sent, next, memo);
    this.sent = next;
    this.sentWhole = whole;
    if (ops === undefined) return null;
    return { rev: ++this.rev, ops };
  }
}

/**
 * Sets each audience's channel (the spectators' first, then each seat's) to its document for `state`, pointing
 * into `lines` where the module's views may, with the same documents without pointers for full documents (made at
 * most once, when one is sent).
 */
export function setDocs(
  channels: readonly ViewChannel[],
  m: GameModule,
  state: unknown,
  seats: number,
  toAct: readonly number[],
  lines: readonly PublicLine[] = [],
) {
  const docs = viewDocs(m, state, seats, toAct, lines);
  let whole: ReturnType<typeof viewDocs> | undefined;
  const wholeDocs = () => (whole ??= viewDocs(m, state, seats, toAct));
  const points = m.wireView !== undefined && lines.length > 0;
  channels[0]!.set(docs.public, points ? () => wholeDocs().public : undefined);
  for (const [s, doc] of docs.seats.entries())
    channels[s + 1]!.set(doc, points ? () => wholeDocs().seats[s]! : undefined);
}

/** What the view streams need from their room. */
export interface ViewHost {
  clients: readonly Client[];
  /** The seat a connection sits in, if any. */
  seatOf(sessionId: string): number | undefined;
  /** Sends one view text to each of `to` (encoded once for all of them). */
  send(to: readonly Client[], text: string): void;
}

/** A room's view streams: spectators' (one encode shared by all of them) and each seat's. */
export class RoomViews {
  readonly public = new ViewChannel();
  readonly seats: ViewChannel[] = [];

  constructor(private host: ViewHost) {}

  /**
   * Sets what each audience sees; the diffs go out with the next flush. Each seat's view already holds the
   * public part, so a seat is sent its own stream only, and legal actions only to seats that are to act.
   */
  set(m: GameModule, state: unknown, seats: number, toAct: readonly number[], lines: readonly PublicLine[] = []) {
    while (this.seats.length < seats) this.seats.push(new ViewChannel());
    setDocs([this.public, ...this.seats], m, state, seats, toAct, lines);
  }

  /** Whether some audience has a change not yet sent. */
  pending(): boolean {
    return this.public.pending || this.seats.some((c) => c.pending);
  }

  /** Every seated client now holds another seat's stream (rematch): each starts over from a full document. */
  restartSeats() {
    for (const channel of this.seats) channel.restart();
  }

  /** The client's audience's full document, as last sent; `joining` from the room's sendFullState. */
  sendTo(client: Client, joining = false) {
    // A client still joining is sent its document by sendFullState, ahead of its first state.
    if (!joining && client.state === ClientState.JOINING) return;
    const seat = this.host.seatOf(client.sessionId);
    const channel = seat === undefined ? this.public : this.seats[seat];
    if (channel?.sent) client.send(TABLE_OUT.view, JSON.stringify(channel.snapshot()));
  }

  /** Sends every audience what changed for it since the last flush. */
  flush() {
    if (!this.pending()) return;
    // The spectators' diff first: the seats' documents share its nodes (viewDocs), so theirs reuse its work.
    const memo: DiffMemo = new WeakMap();
    const forAll = this.public.flushText(memo);
    const forSeat = this.seats.map((channel) => channel.flushText(memo));
    // Who gets which text, in one pass. Clients still joining are left out: sendFullState gives them the document
    // current when they arrive.
    const { clients, seatOf } = this.host;
    const spectators: Client[] = [];
    const seated: Client[][] = forSeat.map(() => []);
    for (const c of clients) {
      if (c.state === ClientState.JOINING) continue;
      const s = seatOf(c.sessionId);
      if (s === undefined) spectators.push(c);
      else seated[s]?.push(c);
    }
    // One encode per audience, whoever is in it.
    if (forAll && spectators.length > 0) this.host.send(spectators, forAll);
    for (const [s, text] of forSeat.entries()) if (text && seated[s]!.length > 0) this.host.send(seated[s]!, text);
  }
}
