// The room's front door for client frames: counted and sized on the raw bytes before any decoding, decoded
// strictly (./wire), then handed to the room's handlers. Colyseus' own decoder and its built-in
// `__no_message_handler` fallback are never reached by client bytes.
import { ClientState, type Client, type Room } from '@colyseus/core';
import { CLOSE } from '@dicehall/shared';
import { TokenBucket } from './rate-limit';
import { readPayload, readType, WireError, type Plain } from './wire';
import { clientFault, excerpt } from '../log';
import { FRAME_OVERHEAD } from '../config';

/** Protocol bytes of @colyseus/core 0.16 (Protocol.JOIN_ROOM, LEAVE_ROOM, ROOM_DATA). */
const JOIN_ROOM = 10;
const LEAVE_ROOM = 12;
const ROOM_DATA = 13;
/** Close code for a socket that kept breaking the limits after being told. */
export const CLOSE_ABUSE = CLOSE.abuse;

export interface InboundPolicy {
  ratePerSecond: number;
  rateBurst: number;
  /** Largest payload, in raw bytes. */
  maxMessageBytes: number;
  /** Refused frames (over rate, over size, unreadable) a socket may send before it is closed; they decay by one a second. */
  strikeLimit: number;
}

interface Sender {
  bucket: TokenBucket;
  strikes: number;
  lastStrike: number;
  lastWarned: number;
}

type Handler = { callback: (...args: unknown[]) => void };
type Refuse = (client: Client, of: string, code: string, message: string) => void;

/**
 * Replaces the room's message entry point. `refuse` answers a client; it is called at most once a second per
 * socket for limit breaches, so a flood is never answered frame for frame.
 */
export function guardInbound(
  room: Room,
  policy: () => InboundPolicy,
  refuse: Refuse,
  after: () => void = () => undefined,
) {
  const senders = new WeakMap<Client, Sender>();
  const original = (room as unknown as { _onMessage(client: Client, buf: Buffer): void })._onMessage;
  const handlers = () =>
    (room as unknown as { onMessageHandlers: Record<string, Handler | undefined> }).onMessageHandlers;

  const senderOf = (client: Client) => {
    let s = senders.get(client);
    if (!s) {
      const p = policy();
      s = { bucket: new TokenBucket(p.ratePerSecond, p.rateBurst), strikes: 0, lastStrike: Date.now(), lastWarned: 0 };
      senders.set(client, s);
    }
    return s;
  };

  /** Counts a refused frame; over-limit frames are answered once a second, unreadable ones each time (they are rate-limited). */
  const strike = (client: Client, s: Sender, of: string, code: string, message: string, answerEach = false) => {
    const now = Date.now();
    s.strikes = Math.max(0, s.strikes - (now - s.lastStrike) / 1000) + 1;
    s.lastStrike = now;
    if (s.strikes > policy().strikeLimit) {
      clientFault('socket-closed-for-abuse', { room: room.roomId, session: client.sessionId, code });
      client.leave(CLOSE_ABUSE);
      return;
    }
    if (answerEach || now - s.lastWarned >= 1000) {
      if (!answerEach) s.lastWarned = now;
      refuse(client, of, code, message);
    }
  };

  (room as unknown as { _onMessage: (client: Client, buf: unknown) => void })._onMessage = (
    client: Client,
    buf: unknown,
  ) => {
    if (client.state === ClientState.LEAVING) return;
    if (!(buf instanceof Uint8Array) || buf.length === 0) return;
    const code = buf[0];
    if (code === JOIN_ROOM || code === LEAVE_ROOM) {
      if (buf.length === 1) original.call(room, client, buf as Buffer);
      return;
    }
    const s = senderOf(client);
    const p = policy();
    if (!s.bucket.take()) return strike(client, s, 'frame', 'rate-limited', 'Too many messages; slow down.');
    if (buf.length > p.maxMessageBytes + FRAME_OVERHEAD) {
      return strike(client, s, 'frame', 'too-large', `Messages are limited to ${p.maxMessageBytes} bytes.`);
    }
    if (code !== ROOM_DATA)
      return strike(client, s, 'frame', 'bad-message', 'That is not a message this server reads.', true);
    let type: string;
    let payload: Plain;
    try {
      const t = readType(buf);
      type = typeof t.type === 'string' ? t.type : String(t.type);
      if (buf.length - t.offset > p.maxMessageBytes) {
        return strike(client, s, type, 'too-large', `Messages are limited to ${p.maxMessageBytes} bytes.`);
      }
      payload = readPayload(buf, t.offset);
    } catch (e) {
      if (!(e instanceof WireError)) throw e;
      clientFault('unreadable-frame', { room: room.roomId, session: client.sessionId, reason: e.message });
      return strike(client, s, 'frame', 'bad-message', 'The message could not be read.', true);
    }
    const all = handlers();
    const own = type !== '*' && type !== '__no_message_handler' && Object.hasOwn(all, type) ? all[type] : undefined;
    try {
      if (own) own.callback(client, payload);
      else if (all['*']) all['*'].callback(client, type, payload);
      else refuse(client, excerpt(type), 'bad-message', `Unknown message "${excerpt(type)}".`);
    } catch (e) {
      // Handlers of rooms without onUncaughtException (the lobby) must not take the process down either.
      clientFault('handler-threw', {
        room: room.roomId,
        type: excerpt(type),
        error: e instanceof Error ? e.message : 'unknown',
      });
    }
    after();
  };
}
