// The luck report of a finished game, drawn (issue 34): who the dice favoured in a sentence, each player's
// percentile, a chart of cumulative luck (a tap jumps the replay to that roll), the rolls that swung it and every
// roll. The report is computed here, from the finished game's log as the server serves it for verification: the
// browser already fetches that log to verify the game, the log alone holds everything the report needs (every roll,
// the revealed seed for the tie-breaks), and a report the browser recomputes is one the server cannot shade.
import {
  luckReport,
  percentText,
  rarity,
  verifyLog,
  type GameLog,
  type LuckReport,
  type LuckRoll,
} from '@dicehall/shared/core';
import { h, type ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { gameModule, loadGame } from '../games';
import './luck.css';

/** Seat colours of the chart's lines (the first two are the page's --p0 and --p1). */
export const SEAT_COLOURS = ['#e8b04b', '#5b9bd5', '#6fcf7f', '#e57ab0', '#b58cf0', '#f08f5a'];
const colour = (seat: number) => SEAT_COLOURS[seat % SEAT_COLOURS.length]!;

export type LuckOutcome = { ok: true; report: LuckReport } | { ok: false; problem: string };

/** Verifies the log, then reports its luck (the game's rules load first, only this game's). */
export async function luckOfLog(log: GameLog): Promise<LuckOutcome> {
  await loadGame(log.game).catch(() => undefined);
  if (!gameModule(log.game)) return { ok: false, problem: `this browser does not know the game "${log.game}"` };
  const verdict = verifyLog(log, gameModule);
  if (!verdict.ok) return { ok: false, problem: `the log did not verify (${verdict.problems.join('; ')})` };
  const report = luckReport(log, gameModule);
  return report.ok ? { ok: true, report } : { ok: false, problem: report.problem };
}

/** "a 1 in 6 (17%)" style words for a probability. */
function chance(p: number): string {
  const pct = percentText(Math.min(1, Math.max(0, p)));
  const inN = p > 0 ? Math.round(1 / p) : 0;
  return inN >= 2 && inN <= 1000 && Math.abs(1 / inN - p) < 0.005 ? `1 in ${inN} (${pct})` : pct;
}

/** One roll in words: whose, what, the face, and how rare a result this good (or this bad) is (core's rarity). */
export function rollWords(r: LuckRoll, names: readonly string[]): string {
  const face = `${r.what}, rolled ${r.value} on a d${r.sides}`;
  if (r.favours === null || r.z === null) return `${face} — counts for nobody`;
  const who = names[r.favours] ?? `Seat ${r.favours + 1}`;
  return `${who}: ${face} — ${r.z >= 0 ? 'lucky, this good or better' : 'unlucky, this bad or worse'} ${chance(rarity(r))}`;
}

/** Each player's line: how their luck ranks among fair games like this one. */
function seatWords(s: LuckReport['seats'][number]): string {
  if (s.rolls === 0) return `${s.name}: no roll counted for them`;
  return `${s.name}: luckier than ${percentText(s.percentile)} of fair games like this one (${s.rolls} roll${s.rolls === 1 ? '' : 's'})`;
}

interface ChartProps {
  report: LuckReport;
  /** The replay's current log entry (its seq): a marker on the chart. */
  at?: number;
  /** A point tapped: the log entry (seq) of the roll there. */
  onPick?: (seq: number) => void;
}

/**
 * Cumulative luck per player, one step per counted roll, drawn at the size it is shown (pixels, not a stretched
 * picture, so lines and dots stay crisp on a phone). A tap or click picks the nearest roll; the largest swings are
 * dots. Text stays in HTML around it.
 */
export function LuckChart({ report, at, onPick }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  const series = report.series;
  const seats = report.seats.length;
  const height = 150;
  const pad = { left: 6, right: 6, top: 10, bottom: 10 };
  const n = series.length;
  const top = Math.max(2, ...series.flatMap((p) => p.luck.map(Math.abs)));
  // Slot 0 is the start (no luck yet); roll i is drawn in slot i + 1.
  const x = (i: number) => pad.left + ((i + 1) * (width - pad.left - pad.right)) / n;
  const y = (v: number) => pad.top + ((top - v) * (height - pad.top - pad.bottom)) / (2 * top);
  const nearest = (clientX: number) => {
    const r = box.current!.getBoundingClientRect();
    const i = Math.round(((clientX - r.left - pad.left) / (width - pad.left - pad.right)) * n) - 1;
    return Math.max(0, Math.min(n - 1, i));
  };
  // The replay's position: the last counted roll at or before the entry shown.
  let atIndex = -1;
  if (at !== undefined) for (let i = 0; i < n && series[i]!.seq <= at; i++) atIndex = i;
  const swingAt = new Set(report.swings.map((s) => s.index));
  const label = `Chart of each player's cumulative luck over ${n} counted rolls${onPick ? '; tap a point to show that moment' : ''}.`;
  return h(
    'div',
    {
      class: `luck-chart${onPick ? ' pickable' : ''}`,
      ref: box,
      onClick: onPick && n > 0 ? (e: MouseEvent) => onPick(series[nearest(e.clientX)]!.seq) : undefined,
    },
    width > 0 && n > 0
      ? h(
          'svg',
          { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label },
          h('line', { class: 'zero', x1: 0, x2: width, y1: y(0), y2: y(0) }),
          atIndex >= 0 ? h('line', { class: 'at', x1: x(atIndex), x2: x(atIndex), y1: 0, y2: height }) : null,
          Array.from({ length: seats }, (_, s) =>
            h('polyline', {
              key: s,
              class: 'line',
              stroke: colour(s),
              points: [`${x(-1)},${y(0)}`, ...series.map((p, i) => `${x(i)},${y(p.luck[s]!)}`)].join(' '),
            }),
          ),
          series.map((p, i) =>
            swingAt.has(p.index)
              ? h('circle', {
                  key: p.index,
                  class: 'swing',
                  cx: x(i),
                  cy: y(p.luck[report.rolls.find((r) => r.index === p.index)?.favours ?? 0]!),
                  r: 4,
                })
              : null,
          ),
        )
      : null,
  );
}

interface ReportProps extends ChartProps {
  names: readonly string[];
  /** Words for what a pick does ("Show" in the replay). */
  pickWord?: string;
}

/** The report itself: sentence, players, chart with its legend, swings and the folded list of every roll. */
export function LuckReportView({ report, names, at, onPick, pickWord = 'Show' }: ReportProps) {
  const [all, setAll] = useState(false);
  // A swing is one tap target, the whole line (a finger's height at least), where a pick is offered.
  const swing = (r: LuckRoll): ComponentChildren => {
    const text = `Move ${r.seq} — ${rollWords(r, names)}`;
    return onPick ? h('button', { type: 'button', class: 'swing-pick', onClick: () => onPick(r.seq) }, text) : text;
  };
  const counted = report.rolls.filter((r) => r.z !== null).length;
  return h(
    'div',
    { class: 'luck-report' },
    h('p', { class: 'luck-sentence' }, report.sentence),
    h(
      'ul',
      { class: 'luck-seats', 'aria-label': 'Luck per player' },
      report.seats.map((s) =>
        h(
          'li',
          { key: s.seat },
          h('span', { class: 'swatch', style: { background: colour(s.seat) }, 'aria-hidden': 'true' }),
          seatWords(s),
        ),
      ),
    ),
    counted > 0
      ? [
          h(LuckChart, { report, at, onPick }),
          h(
            'p',
            { class: 'luck-note' },
            `Above the middle line a player's dice ran better than a fair share, below it worse; the dots are the rolls listed below.${onPick ? ` Tap the chart to ${pickWord === 'Replay' ? 'replay' : 'see'} that moment.` : ''}`,
          ),
          h('h3', {}, 'The rolls that swung it'),
          h(
            'ol',
            { class: 'luck-swings', 'aria-label': 'The rolls that swung it' },
            report.swings.map((r) => h('li', { key: r.index }, swing(r))),
          ),
        ]
      : null,
    h(
      'details',
      { class: 'luck-rolls', onToggle: (e: Event) => setAll((e.currentTarget as HTMLDetailsElement).open) },
      h('summary', {}, `Every roll (${report.rolls.length}, ${counted} counted)`),
      all
        ? h(
            'ol',
            { 'aria-label': 'Every roll' },
            report.rolls.map((r) => h('li', { key: r.index }, `Move ${r.seq}: `, rollWords(r, names))),
          )
        : null,
    ),
    h(
      'p',
      { class: 'luck-note' },
      "Each roll is scored by how rare a result that good (or bad) was for the player it mattered to; the total is compared with fair games like this one. Rolls nobody's choice or fortune hangs on (shuffles) do not count.",
    ),
  );
}

/**
 * The end overlay's folded "Luck" section: nothing is fetched until it is opened; then the finished game's log is
 * fetched, verified and reported. `replayAt(seq)` opens the replay at a roll's move.
 */
export function EndLuck({ gameId, replayAt }: { gameId: string; replayAt?: (seq: number) => void }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<(LuckOutcome & { names: string[] }) | null>(null);
  useEffect(() => {
    if (!open || outcome) return;
    let live = true;
    void (async () => {
      let got: LuckOutcome & { names: string[] };
      try {
        const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/log`);
        if (!res.ok) throw new Error(`the server answered ${res.status}`);
        const log = (await res.json()) as GameLog;
        got = { ...(await luckOfLog(log)), names: log.players };
      } catch (err) {
        got = { ok: false, problem: `could not fetch the log: ${(err as Error).message}`, names: [] };
      }
      if (live) setOutcome(got);
    })();
    return () => {
      live = false;
    };
  }, [open]);
  return h(
    'details',
    { class: 'luck end-luck', onToggle: (e: Event) => setOpen((e.currentTarget as HTMLDetailsElement).open) },
    h('summary', {}, 'Luck: who had the better dice?'),
    !open
      ? null
      : !outcome
        ? h('p', { class: 'luck-wait', role: 'status' }, 'Checking the dice…')
        : outcome.ok
          ? h(LuckReportView, { report: outcome.report, names: outcome.names, onPick: replayAt, pickWord: 'Replay' })
          : h('p', { role: 'alert' }, `No luck report: ${outcome.problem}.`),
  );
}
