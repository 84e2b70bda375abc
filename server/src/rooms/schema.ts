// The synced projection of a table. Fields only: the truth lives in the room's Table and log.
import { ArraySchema, Schema, type } from '@colyseus/schema';
import type { ChatLineSync, SeatSync, TablePhase, TableSync, TalkLineSync } from '@dicehall/shared';

export class SeatState extends Schema implements SeatSync {
  @type('string') name = '';
  @type('boolean') taken = false;
  @type('boolean') connected = false;
  /** Server time (ms) when a dropped player's grace ends; 0 while connected. */
  @type('number') graceEndsAt = 0;
  /** The grace is over: the opponent may claim the win (P3). */
  @type('boolean') claimable = false;
  /** The level of the bot playing this seat ('' when its player plays it): a computer seat or a stand-in. */
  @type('string') bot = '';
}

export class ChatLine extends Schema implements ChatLineSync {
  @type('number') id = 0;
  @type('string') from = '';
  /** -1 for a spectator. */
  @type('number') seat = -1;
  @type('string') text = '';
  @type('number') at = 0;
  /** An opaque id of the sending connection, so a client can mute a sender rather than a display name. */
  @type('string') sender = '';
}

/**
 * A word said at the table that is not a move: draw offers, rematch requests and their answers. Kept out of
 * the rules log on purpose, so the proof log (entries only) replays and verifies exactly as before.
 */
export class TalkLine extends Schema implements TalkLineSync {
  /** The seq of the last log entry when it was said (-1: before the game's first entry). */
  @type('number') after = -1;
  /** draw-offer | draw-decline | draw-lapse | rematch-ask | rematch-decline | rematch-accept */
  @type('string') kind = '';
  @type('number') seat = -1;
  @type('string') name = '';
  @type('number') at = 0;
}

export class TableState extends Schema implements TableSync {
  @type('string') game = '';
  @type('string') options = '{}';
  @type('boolean') isPublic = false;
  /** waiting (for players) | playing | over */
  @type('string') phase: TablePhase = 'waiting';
  @type([SeatState]) seats = new ArraySchema<SeatState>();
  @type('number') spectators = 0;
  // What changes with every action is not here (issue #29): the views of the game (public and per seat), legal
  // actions, whose turn, the clocks and the public log lines travel in one frame per audience (./projection), so a
  // mid-game action sends each client one frame and nobody gets what they may not see.
  @type([ChatLine]) chat = new ArraySchema<ChatLine>();
  @type('string') gameId = '';
  @type('string') commitment = '';
  @type('string') clientSeed = '';
  /** Revealed when the game ends (P1). */
  @type('string') serverSeed = '';
  /** The result as JSON once the game is over. */
  @type('string') result = '';
  /** Games played in this room (rematches). */
  @type('number') round = 1;
  /** Seats that asked for a rematch / offered a draw. */
  @type(['number']) rematch = new ArraySchema<number>();
  @type(['number']) drawOffer = new ArraySchema<number>();
  /** This game's offers and answers, shown between the log's lines. */
  @type([TalkLine]) talk = new ArraySchema<TalkLine>();
  /** Server policy: how long a dropped player keeps the seat before the win may be claimed (P3), shown before sitting. */
  @type('number') graceSeconds = 0;
  /** The commitment of the next game's server seed, published as soon as a game ends (before rematch seeds). */
  @type('string') nextCommitment = '';
  /** Whether spectators may chat; any seated player can switch it. */
  @type('boolean') spectatorChat = true;
  /** Set before a planned restart so clients can say so. */
  @type('string') notice = '';
}
