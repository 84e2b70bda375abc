// A party's table: opens it for the seated members and computers, hands each person their reservation in seat
// order, follows the table's news (./table-news; the table may run on another process) until its first game ends,
// and records the result on the scoreboard. The lobby room (./party-room) checks who may start; this knows no rule.
import { matchMaker, type Client } from '@colyseus/core';
import { getGame, PARTY_OUT, resultText, type GameLog, type Result } from '@dicehall/shared';
import { linkParty } from '../days/table-party';
import type { Durability } from './durability';
import { finishedLuck } from './party-luck';
import { FinishedGame, Score, type PartyState } from './party-schema';
import { followTable, type TableNews } from './table-news';

type Listing = Awaited<ReturnType<typeof matchMaker.createRoom>>;

const FINISHED_KEEP = 50;

/** What the lobby room lends its table. */
export interface TableHost {
  readonly state: PartyState;
  /** The lobby's own id (the table names its party). */
  partyId(): string;
  reservationSeconds(): number;
  durable(): Durability | null;
  /** The connection a member is on now. */
  clientOf(memberId: string): Client | undefined;
  /** The client seed a member sent with ready. */
  seedOf(memberId: string): string | undefined;
  changed(): void;
}

export class PartyTable {
  /** Member ids by lobby seat for the game being played ('' for a computer seat). */
  playing: string[] = [];
  /** The game id of the table being played (to find its result in the store after a restart). */
  gameId = '';
  /** Runs while the table's people are being seated: past it, the attempt ends and the lobby gathers again. */
  private seatTimer: NodeJS.Timeout | null = null;
  /** Stops following the table's news (./table-news). */
  private unfollow: (() => void) | null = null;
  /** The table being seated, as matchmaking lists it (its process's address goes out with each reservation). */
  private seating: Listing | null = null;
  /** People handed a reservation for the table being seated (they sit one at a time, in seat order). */
  private handedOut = 0;

  constructor(private readonly host: TableHost) {}

  private get state() {
    return this.host.state;
  }

  /** Opens the table for `seated` (member ids by seat, '' for a computer) and hands out the first reservation. */
  async open(seated: string[], create: Record<string, unknown>) {
    this.state.phase = 'playing';
    this.playing = seated;
    try {
      // Placed by the cluster's policy (this process, ../scale/cluster): the lobby follows it by its news either way.
      const room = await matchMaker.createRoom('table', create);
      this.state.tableId = room.roomId;
      linkParty(room.roomId, this.host.partyId());
      this.host.changed();
      await this.follow(room.roomId);
      this.seating = room;
      this.handedOut = 0;
      const people = this.playing.filter((m) => m).length;
      this.seatTimer = setTimeout(
        () => {
          this.seatTimer = null;
          this.abandon();
        },
        (this.host.reservationSeconds() + 1) * 1000 * people,
      );
      await this.handOut();
    } catch (e) {
      this.backToGathering();
      throw e;
    }
  }

  /**
   * The table seats players in the order they join (the lowest free seat; computer seats are taken from the
   * start), so reservations go out one person at a time: the next person's once the one before has sat down
   * (./table-news tells). A member who does not come within the reservation time ends the attempt (`seatTimer`).
   */
  private async handOut() {
    const room = this.seating;
    const people = this.playing.flatMap((m, s) => (m ? [s] : []));
    const seat = people[this.handedOut++];
    const memberId = seat === undefined ? undefined : this.playing[seat];
    // Everyone who plays has been handed a seat.
    if (memberId === undefined || !room) return;
    const member = this.state.members.get(memberId);
    const client = this.host.clientOf(memberId);
    if (!member || !client) return this.abandon();
    const clientSeed = this.host.seedOf(memberId);
    const reservation = await matchMaker.reserveSeatFor(room, {
      name: member.name,
      want: 'play',
      ...(clientSeed ? { clientSeed } : {}),
    });
    client.send(PARTY_OUT.table, { seat, reservation });
  }

  /** Follows the table's news (./table-news) until its first game ends: rematches inside it stay off the scoreboard. */
  private async follow(tableId: string) {
    this.unfollow?.();
    this.unfollow = await followTable(tableId, (news) => this.onNews(news));
  }

  private onNews(news: TableNews) {
    if (this.state.phase !== 'playing' || news.roomId !== this.state.tableId) return;
    if (news.gameId && !this.gameId) {
      this.gameId = news.gameId;
      this.host.changed();
    }
    if (news.over) return this.record(news.over);
    // Gone for good without a result; a planned stop's table comes back on its players' join, wherever it lands.
    if (news.gone) return news.gone.resumable ? undefined : this.abandon();
    if (this.seatTimer && news.taken === news.seats) {
      clearTimeout(this.seatTimer);
      this.seatTimer = null;
      this.seating = null;
    }
    if (this.seatTimer && news.people >= this.handedOut) void this.handOut().catch(() => this.abandon());
  }

  /**
   * The lobby was playing a table when the server went down: the table comes back from the store too (games are
   * durable), and its result still reaches the scoreboard. A table that finished meanwhile is read from the store.
   */
  async resume(tableId: string, gameId: string, playing: string[]) {
    const durable = this.host.durable()!;
    this.state.phase = 'playing';
    this.state.tableId = tableId;
    linkParty(tableId, this.host.partyId());
    this.gameId = gameId;
    this.playing = playing;
    // Followed before it is looked for: news of an end that comes meanwhile is not lost.
    await this.follow(tableId);
    const outcome = await durable.ensureRoom(tableId).catch(() => 'none' as const);
    // Live here or on another process, or brought back here; or gone, its game perhaps finished meanwhile.
    const finished = this.gameId ? await durable.finishedLog(this.gameId) : null;
    if (this.state.phase !== 'playing' || this.state.tableId !== tableId) return;
    if (finished) return this.record(finished);
    if (outcome !== 'resumed' && outcome !== 'live') this.backToGathering();
  }

  private abandon() {
    if (this.state.phase !== 'playing') return;
    // Wherever the table runs: Colyseus calls the room's own disconnect, here or over presence.
    void matchMaker.remoteRoomCall(this.state.tableId, 'disconnect').catch(() => {});
    this.backToGathering();
  }

  private record(gameLog: GameLog) {
    const result = gameLog.result as Result | null;
    const module = getGame(gameLog.game);
    if (result && module) {
      this.playing.forEach((memberId, seat) => {
        const member = this.state.members.get(memberId);
        if (!member) return;
        let score = member.games.get(gameLog.game);
        if (!score) member.games.set(gameLog.game, (score = new Score()));
        const key = result.draw ? 'draws' : result.winners.includes(seat) ? 'wins' : 'losses';
        score[key]++;
        member.total[key]++;
      });
      const game = new FinishedGame();
      game.gameId = gameLog.gameId;
      game.game = gameLog.game;
      game.players = JSON.stringify(gameLog.players);
      game.summary = resultText(module, result, gameLog.players, null);
      game.at = Date.now();
      game.luck = finishedLuck(gameLog, this.playing);
      this.state.finished.push(game);
      while (this.state.finished.length > FINISHED_KEEP) this.state.finished.shift();
    }
    this.backToGathering();
  }

  private backToGathering() {
    this.dispose();
    this.host.changed();
    this.state.phase = 'gathering';
    this.state.tableId = '';
    this.gameId = '';
    this.playing = [];
    for (const m of this.state.members.values()) m.ready = false;
  }

  dispose() {
    this.unfollow?.();
    this.unfollow = null;
    if (this.seatTimer) clearTimeout(this.seatTimer);
    this.seatTimer = null;
    this.seating = null;
  }
}
