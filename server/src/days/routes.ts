// HTTP routes of play over days: "Your games" (every seat this browser holds, proved by its token, in one request),
// "Open on another device" (one-time codes for seats), and the deadline sweep's start. Tokens travel in POST
// bodies, never in URLs (which end up in logs and histories).
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import { matchMaker } from '@colyseus/core';
import { z } from 'zod';
import { getGame, resultText, type Result, type TimeControl } from '@dicehall/shared';
import type { Durability } from '../rooms/durability';
import { TokenBucket } from '../rooms/rate-limit';
import { requestAddress } from '../http/address';
import { seatTokenMatches } from '../store/game-store';
import { log } from '../log';
import type { DaysStore, TableRow } from './days-store';
import { daysStoreOf } from './room-days';
import { liveClockOf } from './live-clock';
import { DeadlineSweep } from './sweep';
import { serverNow, shiftTime } from './time';

/** A device code lasts this long and opens its seats once. */
export const CODE_TTL_MS = 10 * 60_000;
/** Most seats one request may name (the JSON body limit is 8 KiB: a seat is about 60 bytes). */
export const MAX_SEATS = 100;

const seatsBody = z
  .object({
    seats: z
      .array(
        z
          .object({
            room: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
            token: z.string().regex(/^[\w-]{16,64}$/),
          })
          .strict(),
      )
      .max(MAX_SEATS),
  })
  .strict();
type SeatClaim = z.infer<typeof seatsBody>['seats'][number];

const codeBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{24}$/) }).strict();

/** One seat of "Your games", as the page draws it. */
export interface YourGame {
  roomId: string;
  gameId: string;
  game: string;
  gameName: string;
  seat: number;
  names: string[];
  opponents: string[];
  yourTurn: boolean;
  toAct: number[];
  over: boolean;
  /** The result in words, once over. */
  result: string | null;
  /** The last change of turn in words ("Ana moved a knight"). */
  lastMove: string;
  lastAt: number | null;
  /**
   * When the awaited seat's clock falls, and how long that is from now: days games from the store; live timed
   * games from their room's clock when the room is loaded in this process (./live-clock), null otherwise.
   */
  deadline: number | null;
  timeLeftMs: number | null;
  /** Live timed games whose room is loaded here: the asking seat's own time left, and whether a clock runs now. */
  yourClockMs: number | null;
  clockRunning: boolean;
  clock: TimeControl | null;
}

function controlOf(room: string): TimeControl | null {
  try {
    const c = (JSON.parse(room) as { create?: { clock?: TimeControl } }).create?.clock;
    return c && c.mode !== 'none' ? c : null;
  } catch {
    return null;
  }
}

/** The seat `token` opens at `row`, or null: a table the token opens nothing at is not told about. */
function seatOpened(row: TableRow, token: string): number | null {
  for (const s of row.seats) if (seatTokenMatches(token, s.hash)) return s.seat;
  return null;
}

function gameOf(row: TableRow, seat: number, now: number): YourGame {
  const module = getGame(row.game);
  const names = Array.from({ length: Math.max(0, ...row.seats.map((s) => s.seat + 1)) }, (_, i) => {
    return row.seats.find((s) => s.seat === i)?.name ?? `Seat ${i + 1}`;
  });
  const over = row.finished || !!row.turn?.over;
  const toAct = over ? [] : (row.turn?.toAct ?? []);
  let result: string | null = null;
  if (over && row.result && module) {
    try {
      result = resultText(module, JSON.parse(row.result) as Result, names, seat);
    } catch {
      result = 'Game over';
    }
  } else if (over) result = 'Game over';
  const live = over ? null : liveClockOf(row.roomId, row.gameId, seat, now);
  const deadline = over
    ? null
    : live
      ? live.running && live.awaitedMs !== null
        ? now + live.awaitedMs
        : null
      : (row.turn?.deadline ?? null);
  return {
    roomId: row.roomId,
    gameId: row.gameId,
    game: row.game,
    gameName: module?.name ?? row.game,
    seat,
    names,
    opponents: names.filter((_, i) => i !== seat),
    yourTurn: toAct.includes(seat),
    toAct,
    over,
    result,
    lastMove: row.turn?.words ?? '',
    lastAt: row.turn?.at ?? null,
    deadline,
    timeLeftMs: live ? live.awaitedMs : deadline === null ? null : Math.max(0, deadline - now),
    yourClockMs: live?.seatMs ?? null,
    clockRunning: live ? live.running : deadline !== null,
    clock: controlOf(row.room),
  };
}

/** Your turn first (soonest deadline first), then games waiting on others (latest first), then finished ones. */
function rank(g: YourGame): number {
  return g.over ? 2 : g.yourTurn ? 0 : 1;
}

export async function yourGames(store: DaysStore, claims: SeatClaim[], now: number): Promise<YourGame[]> {
  const rows = await store.tables([...new Set(claims.map((c) => c.room))]);
  const byRoom = new Map(rows.map((r) => [r.roomId, r]));
  const out: YourGame[] = [];
  const seen = new Set<string>();
  for (const c of claims) {
    const row = byRoom.get(c.room);
    if (!row) continue;
    const seat = seatOpened(row, c.token);
    if (seat === null || seen.has(`${row.gameId}:${seat}`)) continue;
    seen.add(`${row.gameId}:${seat}`);
    out.push(gameOf(row, seat, now));
  }
  return out.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.deadline ?? Number.POSITIVE_INFINITY) - (b.deadline ?? Number.POSITIVE_INFINITY) ||
      (b.lastAt ?? 0) - (a.lastAt ?? 0),
  );
}

// ---- device codes: the seats sealed with a key only the code gives -------------------------------------------

const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
const keyOf = (code: string) => Buffer.from(hkdfSync('sha256', code, 'dicehall', 'device-code', 32));

function seal(code: string, seats: SeatClaim[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(code), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(seats), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

function unseal(code: string, sealed: string): SeatClaim[] {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(code), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as SeatClaim[];
}

/** Per-address budgets: codes made (6 a minute) and codes tried (12 a minute), so guessing is hopeless. */
class Limits {
  private buckets = new Map<string, TokenBucket>();
  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
  ) {}
  take(key: string): boolean {
    if (this.buckets.size > 50_000) this.buckets.clear();
    let b = this.buckets.get(key);
    if (!b) {
      b = new TokenBucket(this.perMinute / 60, this.burst);
      this.buckets.set(key, b);
    }
    return b.take();
  }
}

const refuse = (res: Response, status: number, code: string, message: string) =>
  res.status(status).json({ code, message });

export function daysRoutes(app: Express, durable: Durability | undefined) {
  const trustProxy = process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true';
  const making = new Limits(6, 6);
  const trying = new Limits(12, 12);
  const addressOf = (req: Request) => requestAddress(req, trustProxy);

  const storeOr503 = async (res: Response): Promise<DaysStore | null> => {
    const store = durable?.ready ? await daysStoreOf(durable) : null;
    if (!store) refuse(res, 503, 'store-unavailable', 'Games are not kept on this server right now.');
    return store;
  };

  app.post('/api/your-games', async (req, res) => {
    const parsed = seatsBody.safeParse(req.body);
    if (!parsed.success)
      return refuse(res, 400, 'bad-seats', `Send { seats: [{ room, token }] }, at most ${MAX_SEATS}.`);
    const store = await storeOr503(res);
    if (!store) return;
    try {
      const now = serverNow();
      res.json({ now, games: await yourGames(store, parsed.data.seats, now) });
    } catch (err) {
      log.warn({ event: 'your-games-failed', error: (err as Error).message });
      refuse(res, 503, 'store-unavailable', 'Your games could not be read just now; try again.');
    }
  });

  app.post('/api/device-code', async (req, res) => {
    const parsed = seatsBody.safeParse(req.body);
    if (!parsed.success || parsed.data.seats.length === 0)
      return refuse(res, 400, 'bad-seats', `Send { seats: [{ room, token }] }, one to ${MAX_SEATS}.`);
    if (!making.take(addressOf(req)))
      return refuse(res, 429, 'rate-limited', 'Too many device links from your address; wait a minute.');
    const store = await storeOr503(res);
    if (!store) return;
    const now = serverNow();
    const games = await yourGames(store, parsed.data.seats, now);
    // Every seat must be proved: a code never carries a token that opens nothing (nor says which failed).
    const opened = new Set(games.map((g) => g.roomId));
    if (parsed.data.seats.some((s) => !opened.has(s.room)))
      return refuse(res, 403, 'bad-seat', 'A seat in the request is not yours.');
    const code = randomBytes(18).toString('base64url');
    const seats = parsed.data.seats.filter((s, i, all) => all.findIndex((o) => o.room === s.room) === i);
    await store.putCode(hashCode(code), seal(code, seats), now + CODE_TTL_MS);
    res.json({ code, expiresAt: now + CODE_TTL_MS, seats: seats.length });
  });

  app.post('/api/device-code/redeem', async (req, res) => {
    if (!trying.take(addressOf(req)))
      return refuse(res, 429, 'rate-limited', 'Too many codes tried from your address; wait a minute.');
    const parsed = codeBody.safeParse(req.body);
    if (!parsed.success) return refuse(res, 400, 'bad-code', 'That is not a device code.');
    const store = await storeOr503(res);
    if (!store) return;
    const code = parsed.data.code;
    const taken = await store.takeCode(hashCode(code), serverNow());
    if (!taken.ok) {
      if (taken.why === 'used') return refuse(res, 410, 'code-used', 'That code was used already; make a new one.');
      if (taken.why === 'expired')
        return refuse(res, 410, 'code-expired', 'That code has expired (10 minutes); make a new one.');
      return refuse(res, 404, 'code-unknown', 'No such device code.');
    }
    try {
      res.json({ seats: unseal(code, taken.sealed) });
    } catch {
      refuse(res, 404, 'code-unknown', 'No such device code.');
    }
  });

  // Tests only: a week played in a minute (the server's time shifted), and a sweep pass on demand.
  const sweep = durable ? new DeadlineSweep(durable, Number(process.env.DEADLINE_SWEEP_MS ?? 30_000)) : null;
  if (process.env.DAYS_TEST_TIME === '1') {
    app.post('/api/test/time', (req, res) => {
      const ms = Number((req.body as { advanceMs?: unknown })?.advanceMs);
      res.json({ shift: shiftTime(ms), now: serverNow() });
    });
    app.get('/api/test/loaded/:id', (req, res) => {
      res.json({ loaded: !!matchMaker.getLocalRoomById(req.params.id) });
    });
    app.get('/api/test/memory', (_req, res) => {
      (globalThis as { gc?: () => void }).gc?.();
      res.json(process.memoryUsage());
    });
    app.post('/api/test/sweep', async (_req, res) => {
      res.json(sweep ? await sweep.once() : null);
    });
  }
  return sweep?.start() ?? (() => {});
}
