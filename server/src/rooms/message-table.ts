// Every message a game table accepts from a client, in one table: its name (TABLE_IN), the zod schema its content
// must match, the refusal of a malformed one, and its handler. The handlers are the platform's part of play
// (resigning, claiming, draw offers, rematches), chat and the game's talk lines, and a watcher sitting down or
// naming themselves; the game's own moves go to the module through the room. Frames reach `receive` already
// rate-limited, sized and decoded (./inbound); the room registers every name here and nothing else.
import type { Client } from '@colyseus/core';
import type { GameModule, LogPage, PlatformKind, Table } from '@dicehall/shared';
import { SAVING_PAUSED, TABLE_IN, TABLE_OUT } from '@dicehall/shared';
import type { z } from 'zod';
import type { Config } from '../config';
import type { BotLevel } from '../bots/room-bots';
import {
  chatMessage,
  emptyMessage,
  logBeforeMessage,
  rematchMessage,
  resyncMessage,
  renameMessage,
  sitMessage,
  spectatorChatMessage,
  standInMessage,
} from './messages';
import { TokenBucket } from './rate-limit';
import { ChatLine, TalkLine, type TableState } from './schema';
import { seatState, type Seats } from './seats';

/** Chat and talk lines kept in the state (the oldest go first). */
export const CHAT_KEEP = 100;
/** Earlier-lines requests per client: a page is up to ~20 KB, so a client gets a few at once, then one a second. */
const LOG_PAGES_PER_SECOND = 1;
const LOG_PAGES_BURST = 4;

export type TableIn = (typeof TABLE_IN)[keyof typeof TABLE_IN];

/** What the handlers need from their room. */
export interface TableHost {
  state: TableState;
  seating: Seats;
  module: GameModule;
  /** The game in play, or null before the first. */
  table: Table | null;
  /** A planned restart is under way (../rooms/durability). */
  stopping: boolean;
  /** The game store cannot take a write now (../store/guarded-store): saving is paused. */
  savingPaused: boolean;
  refuse(client: Client, of: string, code: string, message: string): void;
  /** Plays one step for a seat and commits it; a refusal is answered to `client`. */
  play(client: Client, seat: number, kind: 'action' | PlatformKind, input: unknown): void;
  /** Whether a bot is playing the seat's turn now. */
  botHolds(seat: number): boolean;
  botsChanged(): void;
  startGame(): void;
  startRematch(acceptedBy: number): void;
  publishListing(): void;
  /** Keeps a chat line with the game (../rooms/durability). */
  journalChat(line: { seat: number | null; from: string; text: string }): void;
  /** The game's public lines before a seq, a bounded page of them (./record). */
  logPage(before: number): LogPage;
  /** The seq of the latest public log line (-1 before the game's first). */
  lastSeq(): number;
  /** Sends the client its audience's snapshot: a full frame at the stream's latest revision (./projection). */
  resync(client: Client): void;
}

/** One row of the table. No schema: the content goes as it came to the game module, whose schema parses it. */
interface Entry {
  /** The content's schema, and the refusal's code and sentence for content it refuses. */
  parse?: { schema: z.ZodType; bad(error: z.ZodError): [code: string, message: string] };
  run(client: Client, data: unknown): void;
}

/** A row whose content is parsed with `schema`; a plain `bad` sentence is refused as "bad-message". */
function entry<T>(
  schema: z.ZodType<T>,
  bad: string | ((error: z.ZodError) => [string, string]),
  run: (client: Client, data: T) => void,
): Entry {
  return {
    parse: { schema, bad: typeof bad === 'string' ? () => ['bad-message', bad] : bad },
    run: run as Entry['run'],
  };
}

export class TableMessages {
  /** Every message the room accepts, by name. */
  readonly table: Record<TableIn, Entry> = {
    [TABLE_IN.action]: { run: (client, msg) => this.onAction(client, msg) },
    [TABLE_IN.resign]: entry(emptyMessage, '"resign" takes no content.', (client) => this.onPlatform(client, 'resign')),
    [TABLE_IN.claim]: entry(emptyMessage, '"claim" takes no content.', (client) => this.onPlatform(client, 'claim')),
    [TABLE_IN.draw]: entry(emptyMessage, '"draw" takes no content.', (client) => this.onDraw(client)),
    [TABLE_IN.drawDecline]: entry(emptyMessage, '"draw-decline" takes no content.', (client) =>
      this.onDrawDecline(client),
    ),
    [TABLE_IN.rematch]: entry(rematchMessage, '"rematch" takes nothing or { clientSeed }.', (client, msg) =>
      this.onRematch(client, msg),
    ),
    [TABLE_IN.rematchDecline]: entry(emptyMessage, '"rematch-decline" takes no content.', (client) =>
      this.onRematchDecline(client),
    ),
    [TABLE_IN.chat]: entry(chatMessage, 'A chat message is 1 to 280 visible characters.', (client, msg) =>
      this.onChat(client, msg),
    ),
    [TABLE_IN.spectatorChat]: entry(
      spectatorChatMessage,
      '"spectator-chat" takes { on: true | false }.',
      (client, msg) => this.onSpectatorChat(client, msg),
    ),
    [TABLE_IN.sit]: entry(
      sitMessage,
      (error) =>
        error.issues.some((i) => i.path[0] === 'name')
          ? ['name-invalid', 'A name is 1 to 24 characters, without < or >.']
          : ['bad-message', '"sit" takes a name.'],
      (client, msg) => this.onSit(client, msg),
    ),
    [TABLE_IN.rename]: entry(
      renameMessage,
      () => ['name-invalid', 'A name is 1 to 24 characters, without < or >.'],
      (client, msg) => this.onRename(client, msg),
    ),
    [TABLE_IN.standIn]: entry(
      standInMessage,
      '"stand-in" takes { level: "easy" | "normal" | "hard" }.',
      (client, msg) => this.onStandIn(client, msg),
    ),
    [TABLE_IN.logBefore]: entry(
      logBeforeMessage,
      '"log-before" takes { before: a whole number from 0 to 1,000,000,000 }.',
      (client, msg) => this.onLogBefore(client, msg),
    ),
    [TABLE_IN.resync]: entry(resyncMessage, '"resync" takes { rev: a whole number from -1 }.', (client, msg) =>
      this.onResync(client, msg),
    ),
  };

  private chatId = 0;
  /** One budget per room (and a smaller one for all spectators together) bounds what chat can make the room send. */
  private chatBudget: TokenBucket;
  private spectatorChatBudget: TokenBucket;
  /** Each client's budget of earlier-lines requests (players and spectators alike). */
  private logBudgets = new WeakMap<Client, TokenBucket>();
  /** Per seat: the log seq at which its draw offer was declined (it may offer again after the next move). */
  private drawDeclinedAt = new Map<number, number>();
  /** Seats whose rematch request was declined this round (the decliner may still ask). */
  private rematchDeclined = new Set<number>();

  constructor(
    private host: TableHost,
    config: Config,
  ) {
    this.chatBudget = new TokenBucket(config.chatPerSecond, config.chatPerSecond * 4);
    this.spectatorChatBudget = new TokenBucket(config.spectatorChatPerSecond, config.spectatorChatPerSecond * 4);
  }

  /** Parses a message's content with its row's schema and runs its handler, or answers a refusal. */
  receive(type: TableIn, client: Client, msg: unknown) {
    const row = this.table[type];
    if (!row.parse) return row.run(client, msg);
    const parsed = row.parse.schema.safeParse(msg);
    if (!parsed.success) {
      const [code, message] = row.parse.bad(parsed.error);
      return this.host.refuse(client, type, code, message);
    }
    row.run(client, parsed.data);
  }

  /** A new round: declined offers and requests of the last one are forgotten. */
  newRound() {
    this.drawDeclinedAt.clear();
    this.rematchDeclined.clear();
  }

  /** Adds a line to this game's talk: after the latest log entry, seen by everyone. */
  say(kind: string, seat: number, name = this.host.state.seats[seat]?.name ?? '') {
    const state = this.host.state;
    const line = new TalkLine();
    line.after = this.host.lastSeq();
    line.kind = kind;
    line.seat = seat;
    line.name = name;
    line.at = Date.now();
    state.talk.push(line);
    while (state.talk.length > CHAT_KEEP) state.talk.shift();
  }

  /** A resumed game's chat, as the store kept it. */
  restoreChat(lines: readonly { seat: number | null; from: string; text: string; at: Date }[]) {
    for (const c of lines.slice(-CHAT_KEEP)) {
      const line = new ChatLine();
      line.id = ++this.chatId;
      line.seat = c.seat ?? -1;
      line.from = c.from;
      line.text = c.text;
      line.at = c.at.getTime();
      this.host.state.chat.push(line);
    }
  }

  private seatOrRefuse(client: Client, of: string): number | null {
    const host = this.host;
    const state = host.state;
    const seat = host.seating.of(client.sessionId);
    if (seat === undefined) {
      host.refuse(client, of, 'not-seated', 'Spectators can watch and chat, not play.');
      return null;
    }
    if (host.stopping) {
      host.refuse(client, of, 'restarting', 'The server is restarting; your game is safe. Play on when it is back.');
      return null;
    }
    if (host.savingPaused) {
      host.refuse(client, of, 'store-unavailable', `${SAVING_PAUSED}. Play on when saving resumes.`);
      return null;
    }
    if (!host.table || state.phase !== 'playing') {
      host.refuse(
        client,
        of,
        'not-playing',
        state.phase === 'over' ? 'The game is over.' : 'The game has not started yet.',
      );
      return null;
    }
    return seat;
  }

  private onAction(client: Client, msg: unknown) {
    const seat = this.seatOrRefuse(client, 'action');
    if (seat === null) return;
    if (this.host.botHolds(seat))
      return this.host.refuse(
        client,
        'action',
        'bot-playing',
        'The bot finishes this turn; then the seat is yours again.',
      );
    this.host.play(client, seat, 'action', msg);
  }

  private onPlatform(client: Client, kind: 'resign' | 'claim') {
    const seat = this.seatOrRefuse(client, kind);
    if (seat === null) return;
    if (kind === 'claim') {
      const others = this.host.state.seats.filter((_, s) => s !== seat);
      if (!others.some((s) => s.claimable && !s.connected)) {
        return this.host.refuse(
          client,
          kind,
          'not-claimable',
          'You can claim the win only after your opponent has been gone for the whole grace period.',
        );
      }
    }
    this.host.play(client, seat, kind, undefined);
  }

  private onDraw(client: Client) {
    const host = this.host;
    const state = host.state;
    const seat = this.seatOrRefuse(client, 'draw');
    if (seat === null) return;
    if (!host.module.draws) return host.refuse(client, 'draw', 'no-draw', `${host.module.name} has no draws.`);
    if (state.drawOffer.includes(seat)) return;
    const accepting = state.drawOffer.length > 0;
    // A declined offer is not repeated at once: that would be nagging, not an offer.
    if (!accepting && this.drawDeclinedAt.get(seat) === host.table!.seq) {
      return host.refuse(
        client,
        'draw',
        'draw-declined',
        'Your draw offer was declined; you can offer again after the next move.',
      );
    }
    state.drawOffer.push(seat);
    if (!accepting) this.say('draw-offer', seat);
    if (state.drawOffer.length === host.seating.holders.length) host.play(client, seat, 'draw', undefined);
  }

  private onDrawDecline(client: Client) {
    const state = this.host.state;
    const seat = this.seatOrRefuse(client, 'draw-decline');
    if (seat === null) return;
    const offers = state.drawOffer.filter((s) => s !== seat);
    if (offers.length === 0)
      return this.host.refuse(client, 'draw-decline', 'no-offer', 'There is no draw offer to decline.');
    for (const s of offers) this.drawDeclinedAt.set(s, this.host.table!.seq);
    state.drawOffer.clear();
    this.say('draw-decline', seat);
  }

  private onRematch(client: Client, msg: z.infer<typeof rematchMessage>) {
    const host = this.host;
    const state = host.state;
    const seat = host.seating.of(client.sessionId);
    if (seat === undefined) return host.refuse(client, 'rematch', 'not-seated', 'Only players can ask for a rematch.');
    if (state.phase !== 'over')
      return host.refuse(client, 'rematch', 'not-over', 'A rematch can start once this game is over.');
    // A new game is stored as it starts: not while the store cannot write.
    if (host.savingPaused)
      return host.refuse(client, 'rematch', 'store-unavailable', `${SAVING_PAUSED}. Ask again when saving resumes.`);
    // The next server seed was committed when the game ended, so this seed cannot steer it (P1).
    if (msg?.clientSeed !== undefined) host.seating.holders[seat]!.nextClientSeed = msg.clientSeed;
    if (state.rematch.includes(seat)) return;
    const accepting = state.rematch.length > 0;
    if (!accepting && this.rematchDeclined.has(seat)) {
      return host.refuse(client, 'rematch', 'rematch-declined', 'Your opponent declined the rematch.');
    }
    state.rematch.push(seat);
    // A computer seat always takes the rematch.
    host.seating.holders.forEach((h, s) => {
      if (h?.bot && !state.rematch.includes(s)) state.rematch.push(s);
    });
    if (state.rematch.length < host.seating.holders.length)
      return this.say(accepting ? 'rematch-accept' : 'rematch-ask', seat);
    host.startRematch(seat);
  }

  private onRematchDecline(client: Client) {
    const state = this.host.state;
    const seat = this.host.seating.of(client.sessionId);
    if (seat === undefined)
      return this.host.refuse(client, 'rematch-decline', 'not-seated', 'Only players answer a rematch request.');
    const asks = state.rematch.filter((s) => s !== seat);
    if (state.phase !== 'over' || asks.length === 0)
      return this.host.refuse(client, 'rematch-decline', 'no-rematch', 'Nobody has asked for a rematch.');
    for (const s of asks) this.rematchDeclined.add(s);
    state.rematch.clear();
    this.say('rematch-decline', seat);
  }

  private onChat(client: Client, msg: z.infer<typeof chatMessage>) {
    const host = this.host;
    const state = host.state;
    const seat = host.seating.of(client.sessionId);
    if (seat === undefined && !state.spectatorChat)
      return host.refuse(client, 'chat', 'chat-off', "The players have switched spectators' chat off.");
    if (!(seat === undefined ? this.spectatorChatBudget : this.chatBudget).take()) {
      return host.refuse(client, 'chat', 'chat-busy', 'The chat is busy; try again in a moment.');
    }
    const line = new ChatLine();
    line.sender = String(client.userData?.chatId ?? '');
    line.id = ++this.chatId;
    line.seat = seat ?? -1;
    line.from = seat === undefined ? `${client.userData?.name ?? 'Guest'} (watching)` : seatState(state, seat).name;
    line.text = msg.text;
    line.at = Date.now();
    state.chat.push(line);
    while (state.chat.length > CHAT_KEEP) state.chat.shift();
    host.journalChat({ seat: seat ?? null, from: line.from, text: line.text });
  }

  private onSpectatorChat(client: Client, msg: z.infer<typeof spectatorChatMessage>) {
    if (this.host.seating.of(client.sessionId) === undefined)
      return this.host.refuse(client, 'spectator-chat', 'not-seated', "Only players can switch spectators' chat.");
    this.host.state.spectatorChat = msg.on;
  }

  // ---- earlier log lines, for a client that joined late -------------------------------------------

  /** Answers to this client only; anyone at the table may ask, since the lines are the public ones everyone saw. */
  private onLogBefore(client: Client, msg: z.infer<typeof logBeforeMessage>) {
    let budget = this.logBudgets.get(client);
    if (!budget) this.logBudgets.set(client, (budget = new TokenBucket(LOG_PAGES_PER_SECOND, LOG_PAGES_BURST)));
    if (!budget.take())
      return this.host.refuse(
        client,
        'log-before',
        'log-busy',
        'Earlier moves are on their way; ask again in a moment.',
      );
    client.send(TABLE_OUT.logPage, this.host.logPage(msg.before));
  }

  /**
   * A client saw a gap in its stream (a frame lost, duplicated or out of order): it gets its audience's full frame.
   * Under the same budget as earlier lines: a full frame is a few KiB, and a well-behaved client asks once per gap.
   */
  private onResync(client: Client, _msg: z.infer<typeof resyncMessage>) {
    let budget = this.logBudgets.get(client);
    if (!budget) this.logBudgets.set(client, (budget = new TokenBucket(LOG_PAGES_PER_SECOND, LOG_PAGES_BURST)));
    if (!budget.take())
      return this.host.refuse(client, 'resync', 'log-busy', 'The table is on its way; ask again in a moment.');
    this.host.resync(client);
  }

  // ---- a watcher sitting down or naming themselves ------------------------------------------------

  private onSit(client: Client, msg: z.infer<typeof sitMessage>) {
    const host = this.host;
    const state = host.state;
    if (host.seating.of(client.sessionId) !== undefined)
      return host.refuse(client, 'sit', 'already-seated', 'You already have a seat.');
    const free = host.seating.free();
    if (free < 0) return host.refuse(client, 'sit', 'seat-taken', 'Every seat is taken.');
    // Today's games start only with every seat taken; this guards one that could start with seats open.
    if (state.phase !== 'waiting')
      return host.refuse(client, 'sit', 'game-started', 'The game has started: seats open again only in a new room.');
    if (host.seating.looksSeated(msg.name, free))
      return host.refuse(client, 'sit', 'name-taken', "That name looks like a seated player's; choose another.");
    host.seating.sit(client, free, { ...msg, want: 'play' });
    if (state.spectators > 0) state.spectators--;
    host.publishListing();
    if (host.seating.full()) host.startGame();
  }

  private onRename(client: Client, msg: z.infer<typeof renameMessage>) {
    const { host } = this;
    if (host.seating.of(client.sessionId) !== undefined)
      return host.refuse(client, 'rename', 'already-seated', 'A player keeps the name the seat was taken with.');
    if (host.seating.looksSeated(msg.name, null))
      return host.refuse(client, 'rename', 'name-taken', "That name looks like a seated player's; choose another.");
    client.userData = { ...client.userData, name: msg.name };
  }

  // ---- a bot standing in for a dropped player (../bots/room-bots) ----------------------------------

  private onStandIn(client: Client, msg: { level: BotLevel }) {
    const host = this.host;
    const state = host.state;
    const seat = this.seatOrRefuse(client, 'stand-in');
    if (seat === null) return;
    const gone = state.seats
      .map((_s, i) => i)
      .filter((i) => i !== seat && seatState(state, i).claimable && !seatState(state, i).connected);
    if (gone.length === 0)
      return host.refuse(
        client,
        'stand-in',
        'not-claimable',
        'A bot can hold a seat only after its player has been gone for the whole grace period.',
      );
    for (const i of gone) {
      host.seating.holders[i]!.standIn = msg.level;
      seatState(state, i).bot = msg.level;
      seatState(state, i).claimable = false;
      this.say('bot-in', i);
    }
    host.botsChanged();
  }
}
