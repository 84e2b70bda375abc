// The game log as players read it: the rules' lines, the table's talk between them, and the rolls behind a line
// on a tap — its index, and once this game's seed is revealed, the roll recomputed from it.
import { seatName, fairRoll, type Roll } from '@dicehall/shared/core';
import { gameModule } from '../games';
import type { LogItem, Snapshot } from '../net/store';
import { h, type ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { talkText } from './conversation';

const nameOf = (snap: Snapshot, seat: number) => seatName(snap.seats, seat);

/** The whole-game verification the proof panel last made: a tick never outlives its game. */
export interface Verified {
  gameId: string;
  serverSeed: string;
  ok: boolean;
}

/** Every roll of this game was recomputed from its own revealed seed, and matched. */
const ticked = (snap: Snapshot, v: Verified | null) =>
  !!v && v.ok && !!snap.serverSeed && v.gameId === snap.gameId && v.serverSeed === snap.serverSeed;

export function LogView({
  snap,
  verified,
  earlier,
}: {
  snap: Snapshot | null;
  verified: Verified | null;
  /** Asks the room for the lines before this seq (absent: nothing to ask, as in a replay). */
  earlier?: (before: number) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  /** Entries whose rolls are shown, by seq; reset with each new game. */
  const [open, setOpen] = useState<{ gameId: string; seqs: ReadonlySet<number> }>({ gameId: '', seqs: new Set() });
  /** The first line held when earlier ones were last asked for: the control waits for that answer. */
  const [asked, setAsked] = useState('');
  // An answer that never comes (a refusal, a dropped connection) must not leave the control disabled.
  useEffect(() => {
    if (!asked) return;
    const again = setTimeout(() => setAsked(''), 4000);
    return () => clearTimeout(again);
  }, [asked]);
  // A refresh or a late join loses nothing: the first state carries only the room's latest lines, so the board draws
  // from a small first message, and the earlier ones are fetched right after, a page at a time, each page asked for
  // once. The control at the top stays for a page whose answer did not come (refused under the rate limit, or the
  // socket dropped): then the reader taps.
  const autoAsked = useRef(new Set<string>());
  const gameId = snap?.gameId ?? '';
  const firstHeld = snap?.logStart ?? 0;
  useEffect(() => {
    const key = `${gameId}:${firstHeld}`;
    if (firstHeld <= 0 || !earlier || autoAsked.current.has(key)) return;
    autoAsked.current.add(key);
    setAsked(key);
    earlier(firstHeld);
  }, [gameId, firstHeld]);
  // New lines scroll into sight; opening a line's rolls or loading earlier ones keeps the reader where they are.
  const size = snap ? `${snap.gameId}:${snap.log[snap.log.length - 1]?.seq ?? -1}:${snap.talk?.length ?? 0}` : '';
  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [size]);
  // Earlier lines come in above what the reader sees: keep the same lines in sight (their distance from the bottom).
  const fromBottom = useRef(0);
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight - el.clientHeight - fromBottom.current;
  }, [firstHeld]);
  const onScroll = () => {
    const el = list.current;
    if (el) fromBottom.current = el.scrollHeight - el.clientHeight - el.scrollTop;
  };
  if (!snap) return h('ol', { class: 'log', 'aria-label': 'Game log', ref: list, onScroll });
  const start = snap.logStart ?? 0;
  const seqs = open.gameId === snap.gameId ? open.seqs : new Set<number>();
  const toggle = (seq: number) => {
    const next = new Set(seqs);
    if (!next.delete(seq)) next.add(seq);
    setOpen({ gameId: snap.gameId, seqs: next });
  };
  const talk = snap.talk ?? [];
  const said = (keep: (after: number) => boolean) =>
    talk.flatMap((t, k) => (keep(t.after) ? [h('li', { key: `t${k}`, class: 'talk' }, talkText(t.kind, t.name))] : []));
  const last = snap.log[snap.log.length - 1]?.seq ?? -1;
  // While a page of earlier lines is on its way, or after one did not come, at the top where a reader scrolling
  // back runs out of lines.
  const pending = asked === `${snap.gameId}:${start}`;
  const more =
    start > 0 && earlier
      ? h(
          'li',
          { key: 'earlier', class: 'log-earlier' },
          h(
            'button',
            {
              type: 'button',
              disabled: pending,
              onClick: () => {
                setAsked(`${snap.gameId}:${start}`);
                earlier(start);
              },
            },
            pending ? 'Loading earlier moves…' : `Earlier moves (${start})`,
          ),
        )
      : null;
  return h(
    'ol',
    { class: 'log', 'aria-label': 'Game log', ref: list, onScroll },
    more,
    // What was said before the first line held (or before the game's first line) opens the list.
    said((a) => a < start),
    snap.log.map((entry) => [
      entryLines(snap, entry, seqs.has(entry.seq), ticked(snap, verified), () => toggle(entry.seq)),
      said((a) => a === entry.seq),
    ]),
    said((a) => a > last),
  );
}

function entryLines(snap: Snapshot, entry: LogItem, open: boolean, ok: boolean, toggle: () => void): ComponentChildren {
  // The table waits for its game's code before it shows the log.
  const module = gameModule(snap.game);
  const names = snap.seats.map((_, i) => nameOf(snap, i));
  return entry.events.map((ev, i) => {
    const key = `e${entry.seq}:${i}`;
    const said = module ? (platformText(ev.type, entry.seat, names) ?? module.describe(ev, names)) : ev.type;
    // A move a bot made for the seat says so (its first line), whether a computer seat or a stand-in.
    const text =
      entry.bot && i === 0
        ? h(
            'span',
            {},
            said,
            ' ',
            h('span', { class: 'bot-mark', title: `played by the computer (${entry.bot})` }, 'bot'),
          )
        : said;
    // The entry's rolls sit behind its last line: one tap away, not a run of indices.
    if (i !== entry.events.length - 1 || entry.rolls.length === 0) return h('li', { key }, text);
    const count = entry.rolls.length;
    // A small toggle rather than a line-wide button: log lines stay text, and its name stays out of the way.
    return h(
      'li',
      { key },
      text,
      ' ',
      h(
        'button',
        {
          type: 'button',
          class: `dice-toggle${ok ? ' ok' : ''}`,
          'aria-expanded': String(open),
          'aria-label': ok ? 'Show its dice (verified)' : 'Show its dice',
          title: `${count} ${count === 1 ? 'roll' : 'rolls'}`,
          onClick: toggle,
        },
        ok ? '⚄ ✓' : '⚄',
      ),
      open ? rollProofs(snap, entry.rolls) : null,
    );
  });
}

/** Each roll with its index; after the reveal, recomputed here from this game's seed. */
function rollProofs(snap: Snapshot, rolls: Roll[]) {
  return h(
    'ul',
    { class: 'roll-proof', 'aria-label': 'Rolls of this line' },
    rolls.map((r) => {
      const again = snap.serverSeed
        ? fairRoll(snap.serverSeed, { gameId: snap.gameId, clientSeed: snap.clientSeed }, r.index, r.sides)
        : null;
      return h(
        'li',
        { key: r.index },
        `Roll #${r.index}: d${r.sides} → ${r.value}. `,
        again === null
          ? 'Checkable once the game ends and its seed is revealed.'
          : again === r.value
            ? h('span', { class: 'ok' }, `✓ HMAC-SHA256 of this game's revealed seed gives ${again}.`)
            : h('span', { class: 'bad' }, `✗ This game's revealed seed gives ${again}, not ${r.value}.`),
      );
    }),
  );
}

function platformText(type: string, seat: number | null, names: string[]): string | null {
  if (type === 'resign') return `${names[seat!]} resigns`;
  if (type === 'claim') return `${names[seat!]} claims the win: the opponent left`;
  if (type === 'draw') return `${names[seat!]} accepts the draw: draw agreed`;
  if (type === 'timeout') return `${names[seat!]} ran out of time`;
  return null;
}
