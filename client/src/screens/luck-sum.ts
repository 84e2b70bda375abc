// A member's luck over a party's finished games (issue 34), for the lobby's scoreboard: each finished game carries
// its seats' luck S and variance σ² with their member ids (server/src/rooms/party-luck.ts); this adds them up.
import { normalCdf, percentText, type FinishedGameSync } from '@dicehall/shared/core';

/** The luck the party room records per finished game: per seat, the member (or '' for the computer), S and σ². */
export type FinishedLuck = [member: string, luck: number, variance: number][];

/** A member's luck over the party's finished games: the sum of their games' scores against its spread. */
export interface MemberLuck {
  games: number;
  percentile: number;
}

/**
 * Adds up a member's luck over finished games: each game's S/σ is a standard normal over fair games, so the sum of
 * the S over the sum of the σ² is too, and its percentile is calibrated the same way as one game's.
 */
export function memberLuck(finished: Iterable<Pick<FinishedGameSync, 'luck'>>, member: string): MemberLuck | null {
  let games = 0;
  let luck = 0;
  let variance = 0;
  for (const f of finished) {
    let seats: FinishedLuck;
    try {
      seats = f.luck ? (JSON.parse(f.luck) as FinishedLuck) : [];
    } catch {
      continue;
    }
    const mine = Array.isArray(seats) ? seats.find((s) => Array.isArray(s) && s[0] === member) : undefined;
    if (!mine || !(mine[2] > 0)) continue;
    games++;
    luck += mine[1];
    variance += mine[2];
  }
  return games > 0 ? { games, percentile: normalCdf(luck / Math.sqrt(variance)) } : null;
}

/** The scoreboard's cell: "62% · 12 games", with the sentence's meaning in its title. */
export function memberLuckText(l: MemberLuck | null): { text: string; title: string } {
  if (!l) return { text: '–', title: 'No finished game with dice that counted for this member yet.' };
  return {
    text: `${percentText(l.percentile)} · ${l.games} game${l.games === 1 ? '' : 's'}`,
    title: `Luck over ${l.games} game${l.games === 1 ? '' : 's'}: their dice ran better than ${percentText(l.percentile)} of fair runs of the same games (50% is an even share).`,
  };
}
