// Each member's luck in a party's finished game (issue 34), for the scoreboard's "luck over N games": per seat, the
// member id ('' for a computer seat), the seat's luck S and its variance σ² (shared/src/core/luck.ts). Stored with
// the finished game, so the lobby adds them up (client/src/screens/luck-view.ts, memberLuck) without fetching and
// replaying every log in every member's browser, and a member who renames keeps their luck.
import { getGame, luckReport, type GameLog } from '@dicehall/shared';

/** One seat's luck in one game: S and σ² (σ² 0 when no roll counted for it). */
export type SeatLuckPair = [luck: number, variance: number];

const round = (x: number) => Math.round(x * 1e4) / 1e4;
/** The last games' answers: a table tells its news more than once after the end (each join), the report is one replay. */
const recent = new Map<string, SeatLuckPair[] | undefined>();
const RECENT = 64;

/** Each seat's [S, σ²] in a finished game, by seat; undefined when the log has no report (seed not revealed, …). */
export function seatLuckOf(log: GameLog): SeatLuckPair[] | undefined {
  const key = `${log.gameId}:${log.entries?.length ?? 0}`;
  if (recent.has(key)) return recent.get(key);
  const report = luckReport(log, getGame);
  const pairs = report.ok ? report.seats.map((s): SeatLuckPair => [round(s.luck), round(s.sd * s.sd)]) : undefined;
  recent.set(key, pairs);
  for (const old of recent.keys()) {
    if (recent.size <= RECENT) break;
    recent.delete(old);
  }
  return pairs;
}

const isPair = (p: unknown): p is SeatLuckPair =>
  Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'number' && Number.isFinite(x));

/**
 * The finished game's luck by seat as JSON, `[[member, S, σ²], …]`, '[]' when unknown. `source` is the whole log
 * (replayed here), or what a table told of its end with its `luck` already by seat (./table-news).
 */
export function finishedLuck(source: object, playing: readonly string[]): string {
  const seats = 'entries' in source ? seatLuckOf(source as GameLog) : (source as { luck?: unknown }).luck;
  if (!Array.isArray(seats) || !seats.every(isPair)) return '[]';
  return JSON.stringify(seats.map(([luck, variance], seat) => [playing[seat] ?? '', luck, variance]));
}
