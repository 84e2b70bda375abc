// The game log as players read it: the rules' lines, the table's talk between them, and the rolls behind a line
// on a tap — its index, and once this game's seed is revealed, the roll recomputed from it.
import { seatName, fairRoll, getGame, type Roll } from '@dicehall/shared';
import type { LogItem, Snapshot } from '../net/store';
import { clear, h } from '../ui/dom';
import { talkText } from './conversation';

const nameOf = (snap: Snapshot, seat: number) => seatName(snap.seats, seat);

export class LogView {
  private key = '';
  private size = '';
  private snap: Snapshot | null = null;
  /** Entries whose rolls are shown, by seq; reset with each new game. */
  private open = new Set<number>();
  private openFor = '';
  /** The game the last whole-game verification was about: a tick never outlives its game. */
  private verified: { gameId: string; serverSeed: string; ok: boolean } | null = null;

  constructor(private readonly el: HTMLElement) {}

  update(snap: Snapshot) {
    this.snap = snap;
    if (this.openFor !== snap.gameId) {
      this.openFor = snap.gameId;
      this.open.clear();
    }
    const key = JSON.stringify([snap.gameId, snap.serverSeed, snap.log.length, snap.talk?.length ?? 0, this.tick(snap),
      snap.seats.map((s) => s.name), [...this.open]]);
    if (key === this.key) return;
    // New lines scroll into sight; opening a line's rolls keeps the reader where they are.
    const size = `${snap.gameId}:${snap.log.length}:${snap.talk?.length ?? 0}`;
    const grew = size !== this.size;
    this.size = size;
    this.key = key;
    this.render(snap, grew);
  }

  /** Called by the proof panel once it has verified `gameId` with the seed `serverSeed`. */
  markVerified(gameId: string, serverSeed: string, ok: boolean) {
    this.verified = { gameId, serverSeed, ok };
    if (this.snap) this.update(this.snap);
  }

  /** Every roll of this game was recomputed from its own revealed seed, and matched. */
  private tick(snap: Snapshot): boolean {
    const v = this.verified;
    return !!v && v.ok && !!snap.serverSeed && v.gameId === snap.gameId && v.serverSeed === snap.serverSeed;
  }

  private render(snap: Snapshot, scroll: boolean) {
    const el = this.el;
    const top = el.scrollTop;
    clear(el);
    const talk = snap.talk ?? [];
    const said = (after: number) => talk.filter((t) => t.after === after).map((t) => h('li', { class: 'talk' }, talkText(t.kind, t.name)));
    el.append(...said(-1));
    for (const entry of snap.log) {
      this.renderEntry(snap, entry);
      el.append(...said(entry.seq));
    }
    const last = snap.log.length ? snap.log[snap.log.length - 1].seq : -1;
    el.append(...talk.filter((t) => t.after > last).map((t) => h('li', { class: 'talk' }, talkText(t.kind, t.name))));
    el.scrollTop = scroll ? el.scrollHeight : top;
  }

  private renderEntry(snap: Snapshot, entry: LogItem) {
    const module = getGame(snap.game);
    const names = snap.seats.map((_, i) => nameOf(snap, i));
    entry.events.forEach((ev, i) => {
      const said = module ? platformText(ev.type, entry.seat, names) ?? module.describe(ev, names) : ev.type;
      // A move a bot made for the seat says so (its first line), whether a computer seat or a stand-in.
      const text = entry.bot && i === 0 ? h('span', {}, said, ' ', h('span', { class: 'bot-mark', title: `played by the computer (${entry.bot})` }, 'bot')) : said;
      // The entry's rolls sit behind its last line: one tap away, not a run of indices.
      if (i !== entry.events.length - 1 || entry.rolls.length === 0) {
        this.el.append(h('li', {}, text));
        return;
      }
      const open = this.open.has(entry.seq);
      const count = entry.rolls.length;
      const ok = this.tick(snap);
      // A small toggle rather than a line-wide button: log lines stay text, and its name stays out of the way.
      const toggle = h('button', {
        type: 'button', class: `dice-toggle${ok ? ' ok' : ''}`, 'aria-expanded': String(open),
        'aria-label': ok ? 'Show its dice (verified)' : 'Show its dice', title: `${count} ${count === 1 ? 'roll' : 'rolls'}`,
        onclick: () => {
          if (open) this.open.delete(entry.seq);
          else this.open.add(entry.seq);
          this.update(snap);
        },
      }, ok ? '⚄ ✓' : '⚄');
      this.el.append(h('li', {}, text, ' ', toggle, open ? rollProofs(snap, entry.rolls) : null));
    });
  }
}

/** Each roll with its index; after the reveal, recomputed here from this game's seed. */
function rollProofs(snap: Snapshot, rolls: Roll[]): HTMLElement {
  const list = h('ul', { class: 'roll-proof', 'aria-label': 'Rolls of this line' });
  for (const r of rolls) {
    const item = h('li', {}, `Roll #${r.index}: d${r.sides} → ${r.value}. `);
    if (!snap.serverSeed) {
      item.append('Checkable once the game ends and its seed is revealed.');
    } else {
      const again = fairRoll(snap.serverSeed, { gameId: snap.gameId, clientSeed: snap.clientSeed }, r.index, r.sides);
      item.append(again === r.value
        ? h('span', { class: 'ok' }, `✓ HMAC-SHA256 of this game's revealed seed gives ${again}.`)
        : h('span', { class: 'bad' }, `✗ This game's revealed seed gives ${again}, not ${r.value}.`));
    }
    list.append(item);
  }
  return list;
}

function platformText(type: string, seat: number | null, names: string[]): string | null {
  if (type === 'resign') return `${names[seat!]} resigns`;
  if (type === 'claim') return `${names[seat!]} claims the win: the opponent left`;
  if (type === 'draw') return `${names[seat!]} accepts the draw: draw agreed`;
  if (type === 'timeout') return `${names[seat!]} ran out of time`;
  return null;
}
