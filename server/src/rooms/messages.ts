// The wire protocol's untrusted inputs, parsed with zod: room creation, joins, and every client message.
import { z } from 'zod';
import { timeControl } from '@dicehall/shared';
import { HIDDEN_CHARACTERS } from './names';

const visible = (s: string) => !HIDDEN_CHARACTERS.test(s);
const name = z.string().trim().min(1).max(24)
  .refine(visible, 'no control, invisible or line-separator characters')
  .regex(/^[^<>]*$/, 'no angle brackets');
const clientSeed = z.string().max(64).regex(/^[\w.-]*$/, 'letters, digits, _ . - only');

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
});
export type CreateOptions = z.infer<typeof createOptions>;

/** A watcher takes a free seat without reloading; the name is required since a seat is seen by everyone. */
export const sitMessage = z.object({ name, clientSeed: clientSeed.optional() }).strict();
/** A watcher's display name (in chat). */
export const renameMessage = z.object({ name }).strict();
export const chatMessage = z.object({ text: z.string().trim().min(1).max(280).refine(visible, 'no control, invisible or line-separator characters') }).strict();
/** A rematch request may bring this browser's fresh seed, sent after the next commitment is shown (P1). */
export const rematchMessage = z.object({ clientSeed: clientSeed.optional() }).strict().or(z.undefined()).or(z.null());
/** A seated player switches spectators' chat on or off. */
export const spectatorChatMessage = z.object({ on: z.boolean() }).strict();
export const emptyMessage = z.object({}).strict().or(z.undefined()).or(z.null());

/** Every error code a client can receive, with the message type it came from. */
export type ErrorCode =
  | 'bad-message' | 'too-large' | 'rate-limited' | 'not-seated' | 'not-your-turn' | 'game-over'
  | 'not-playing' | 'not-claimable' | 'bad-action' | 'no-draw' | 'seat-elsewhere'
  | 'draw-declined' | 'no-offer' | 'rematch-declined' | 'no-rematch' | 'seat-taken' | 'game-started' | 'name-invalid'
  | 'already-seated' | 'name-taken' | string;

export interface ErrorMessage {
  code: ErrorCode;
  message: string;
  /** The message type that was refused. */
  of: string;
}
