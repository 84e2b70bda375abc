// One structured JSON line per event (pino). Client-caused events are rate-limited so a hostile client cannot fill the disk.
import pino from 'pino';

export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  // Never write a client object, a reconnection token or a seat token, even if one slips into a call.
  redact: {
    paths: ['client', 'token', 'seatToken', 'reconnectionToken', '*.token', '*.seatToken', '*.reconnectionToken'],
    censor: '[redacted]',
  },
});

const WINDOW_MS = 10_000;
const PER_WINDOW = 20;
let windowStart = 0;
let inWindow = 0;
let dropped = 0;

/**
 * Logs an event a client caused (bad frames, floods, refused joins) at most PER_WINDOW times per window,
 * then one line saying how many were dropped. Fields must be plain scalars chosen by the caller.
 */
export function clientFault(event: string, fields: Record<string, string | number | boolean | undefined> = {}) {
  const now = Date.now();
  if (now - windowStart > WINDOW_MS) {
    if (dropped > 0) log.warn({ event: 'client-fault-dropped', dropped }, 'client faults not logged');
    windowStart = now;
    inWindow = 0;
    dropped = 0;
  }
  if (++inWindow > PER_WINDOW) {
    dropped++;
    return;
  }
  log.warn({ event, ...fields });
}

/** A short, printable excerpt of an untrusted string for a log line. */
export function excerpt(s: unknown, max = 40): string {
  if (typeof s === 'number') return String(s);
  if (typeof s !== 'string') return typeof s;
  return s.slice(0, max).replace(/[^\x20-\x7e]/g, '?');
}

const firstLine = (args: unknown[]) => excerpt(String(args[0] ?? '').split('\n')[0], 200);

/**
 * Colyseus' own logger, as one JSON line per call. What it reports is mostly client-caused (a socket error, an
 * expired reservation), so warnings and errors share the client-fault rate limit, and only their first line is kept.
 */
export const colyseusLogger = {
  debug: () => undefined,
  trace: () => undefined,
  info: (...args: unknown[]) => log.info({ event: 'colyseus', message: firstLine(args) }),
  warn: (...args: unknown[]) => clientFault('colyseus-warning', { message: firstLine(args) }),
  error: (...args: unknown[]) => clientFault('colyseus-error', { message: firstLine(args) }),
};
