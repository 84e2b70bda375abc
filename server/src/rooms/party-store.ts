// What the store keeps of a party's lobby, and how a lobby comes back from it: everything but who is connected and
// who is ready (asked again after a restart). The lobby room (./party-room) decides when to write; this is the shape.
import { ChatLine } from './schema';
import type { PartyMembers } from './party-members';
import { FinishedGame, Member, Score, type PartyState } from './party-schema';
import type { PartyTable } from './party-table';

type Wld = [number, number, number];

export interface LobbySnapshot {
  v: 1;
  roomId: string;
  host: string;
  game: string;
  options: string;
  seats: number;
  clock: string;
  phase: string;
  tableId: string;
  tableGameId: string;
  playing: string[];
  bots?: [string, string][];
  members: {
    id: string;
    name: string;
    seat: number;
    benched: boolean;
    tokenHash: string;
    total: Wld;
    games: Record<string, Wld>;
  }[];
  /** Member id, token hash, and (since issue 31) the hash of the address it was removed from ('' if unknown). */
  removed: ([string, string] | [string, string, string])[];
  finished: { gameId: string; game: string; players: string; summary: string; at: number; luck?: string }[];
  chat: { id: number; sender: string; from: string; seat: number; text: string; at: number }[];
  chatId: number;
}

/** The parts of a lobby its snapshot is made of. */
export interface LobbyParts {
  roomId: string;
  state: PartyState;
  members: PartyMembers;
  table: PartyTable;
  chatId: number;
}

export function snapshotOf({ roomId, state: s, members, table, chatId }: LobbyParts): LobbySnapshot {
  const wld = (x: Score): Wld => [x.wins, x.losses, x.draws];
  return {
    v: 1,
    roomId,
    host: s.host,
    game: s.game,
    options: s.options,
    seats: s.seats,
    clock: s.clock,
    phase: s.phase,
    tableId: s.tableId,
    tableGameId: table.gameId,
    playing: table.playing,
    bots: [...s.bots.entries()],
    members: [...s.members.values()].map((m) => ({
      id: m.id,
      name: m.name,
      seat: m.seat,
      benched: m.benched,
      tokenHash: members.tokenHashOf(m.id),
      total: wld(m.total),
      games: Object.fromEntries([...m.games.entries()].map(([g, x]) => [g, wld(x)])),
    })),
    removed: members.removals(),
    finished: s.finished.map((f) => ({
      gameId: f.gameId,
      game: f.game,
      players: f.players,
      summary: f.summary,
      at: f.at,
      luck: f.luck,
    })),
    chat: s.chat.map((c) => ({ id: c.id, sender: c.sender, from: c.from, seat: c.seat, text: c.text, at: c.at })),
    chatId,
  };
}

/**
 * Brings a stored lobby's state back: members (offline until they come back, their grace running), host, scores,
 * removals, computer seats, finished games and chat. The table it was playing is the caller's to resume.
 */
export function restoreInto(snap: LobbySnapshot, s: PartyState, members: PartyMembers) {
  const score = ([wins, losses, draws]: Wld) => Object.assign(new Score(), { wins, losses, draws });
  Object.assign(s, { host: snap.host, game: snap.game, options: snap.options, seats: snap.seats, clock: snap.clock });
  for (const m of snap.members) {
    const member = Object.assign(new Member(), {
      id: m.id,
      name: m.name,
      seat: m.seat,
      benched: m.benched,
      connected: false,
      ready: false,
    });
    member.total = score(m.total);
    for (const [g, x] of Object.entries(m.games)) member.games.set(g, score(x));
    s.members.set(m.id, member);
    // Everyone is away after a restart: whoever does not come back within the grace stops counting.
    members.restoreHolder(m.id, m.tokenHash);
  }
  members.restoreRemovals(snap.removed);
  for (const [seat, level] of snap.bots ?? []) s.bots.set(seat, level);
  for (const f of snap.finished) s.finished.push(Object.assign(new FinishedGame(), f));
  for (const c of snap.chat) s.chat.push(Object.assign(new ChatLine(), c));
  // The host is away until they come back; hosting passes on after the grace as usual.
  if (s.host) members.hostAway();
}
