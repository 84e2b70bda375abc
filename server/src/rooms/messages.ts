// The wire protocol's untrusted inputs, parsed with zod: room creation, joins, and every client message.
import { z } from 'zod';
import { timeControl } from '@dicehall/shared';
import { HIDDEN_CHARACTERS } from './names';

const visible = (s: string) => !HIDDEN_CHARACTERS.test(s);
const name = z
  .string()
  .trim()
  .min(1)
  .max(24)
  .refine(visible, 'no control, invisible or line-separator characters')
  .regex(/^[^<>]*$/, 'no angle brackets');
const clientSeed = z
  .string()
  .max(64)
  .regex(/^[\w.-]*$/, 'letters, digits, _ . - only');

/** A computer player: its level and the seat it takes (the creator takes a free one). */
export const botLevel = z.enum(['easy', 'normal', 'hard']);
export const botOption = z.object({ level: botLevel, seat: z.number().int().min(0).max(7).default(1) }).strict();
/** The opponent of a dropped player lets a bot hold the seat until the player returns. */
export const standInMessage = z.object({ level: botLevel }).strict();

export const joinOptions = z.object({
  name: name.optional(),
  /** The secret that owns a seat (P2); kept by the browser. */
  seatToken: z.string().min(16).max(64).optional(),
  /** watch: join as a spectator even if a seat is free. */
  want: z.enum(['play', 'watch']).default('play'),
  clientSeed: clientSeed.optional(),
});
export type JoinOptions = z.infer<typeof joinOptions>;

export const createOptions = joinOptions.extend({
  game: z.string().min(1).max(40),
  options: z.record(z.string(), z.unknown()).default({}),
  public: z.boolean().default(false),
  /** The time control, fixed for the room's games (none: untimed). */
  clock: timeControl.default({ mode: 'none' }),
  /** Play against the computer: a bot holds this seat from the start. */
  bot: botOption.optional(),
  /** Several computer seats (a lobby's host seats bots); at least one seat is left for a person. */
  bots: z.array(botOption).min(1).max(7).optional(),
});
export type CreateOptions = z.infer<typeof createOptions>;

/** A watcher takes a free seat without reloading; the name is required since a seat is seen by everyone. */
export const sitMessage = z.object({ name, clientSeed: clientSeed.optional() }).strict();
/** A watcher's display name (in chat). */
export const renameMessage = z.object({ name }).strict();
export const chatMessage = z
  .object({
    text: z.string().trim().min(1).max(280).refine(visible, 'no control, invisible or line-separator characters'),
  })
  .strict();
/** A rematch request may bring this browser's fresh seed, sent after the next commitment is shown (P1). */
export const rematchMessage = z.object({ clientSeed: clientSeed.optional() }).strict().or(z.undefined()).or(z.null());
/** A seated player switches spectators' chat on or off. */
export const spectatorChatMessage = z.object({ on: z.boolean() }).strict();
/** Earlier public log lines: those before this seq (a seq is far below a billion; the answer is a bounded page). */
export const logBeforeMessage = z.object({ before: z.number().int().min(0).max(1_000_000_000) }).strict();
/** A client's stream has a gap: the revision it holds (-1: none); answered with a full frame. */
export const resyncMessage = z.object({ rev: z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER) }).strict();
export const emptyMessage = z.object({}).strict().or(z.undefined()).or(z.null());

// The error codes and the refusal's shape are the protocol's (shared/src/core/protocol.ts).
export type { ErrorCode, ErrorMessage } from '@dicehall/shared';
