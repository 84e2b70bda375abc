// The synced projection of a private lobby ("party"): members, seats, scoreboard, finished games and chat.
import { ArraySchema, MapSchema, Schema, type } from '@colyseus/schema';
import type { FinishedGameSync, MemberSync, PartySync, ScoreSync } from '@dicehall/shared';
import { ChatLine } from './schema';

export class Score extends Schema implements ScoreSync {
  @type('number') wins = 0;
  @type('number') losses = 0;
  @type('number') draws = 0;
}

export class Member extends Schema implements MemberSync {
  /** Public id (not the secret member token). */
  @type('string') id = '';
  @type('string') name = '';
  @type('boolean') connected = true;
  /** The lobby seat taken for the next game, or -1. */
  @type('number') seat = -1;
  @type('boolean') ready = false;
  /** Moved to the spectators by the host: may not sit until the host allows it again. */
  @type('boolean') benched = false;
  @type(Score) total = new Score();
  /** Per game id. */
  @type({ map: Score }) games = new MapSchema<Score>();
}

export class FinishedGame extends Schema implements FinishedGameSync {
  @type('string') gameId = '';
  @type('string') game = '';
  /** Member names by game seat, as JSON. */
  @type('string') players = '[]';
  /** The result in plain words. */
  @type('string') summary = '';
  @type('number') at = 0;
  /** Each seat's luck as JSON, `[[member id, S, σ²], …]` (./party-luck). */
  @type('string') luck = '[]';
}

export class PartyState extends Schema implements PartySync {
  /** Member id of the host. */
  @type('string') host = '';
  /** Server time when hosting passes on if the host has not come back; 0 while the host is here. */
  @type('number') hostGraceEndsAt = 0;
  /** gathering | playing */
  @type('string') phase: PartySync['phase'] = 'gathering';
  @type({ map: Member }) members = new MapSchema<Member>();
  /** Game id chosen by the host ('' until chosen), its options as JSON, the seat count and time control. */
  @type('string') game = '';
  @type('string') options = '{}';
  @type('number') seats = 0;
  @type('string') clock = '{"mode":"none"}';
  /** The table being played, while playing. */
  @type('string') tableId = '';
  @type([FinishedGame]) finished = new ArraySchema<FinishedGame>();
  @type([ChatLine]) chat = new ArraySchema<ChatLine>();
  @type('number') maxMembers = 16;
  /** Computer seats the host has set, by seat number ("0", "1", …): the bot's level. */
  @type({ map: 'string' }) bots = new MapSchema<string>();
  /** 'restart' while a planned restart is under way (the lobby comes back from the store), else ''. */
  @type('string') notice = '';
}
