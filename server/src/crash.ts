// The process-level policy for a bug that escapes every guard: one structured line, then exit for the supervisor.
import { log } from './log';

/** Exit code of a crash (EX_SOFTWARE), distinct from a refused boot (1). */
export const CRASH_EXIT = 70;

/**
 * The process is in an unknown state after an uncaught exception or unhandled rejection: log one line and exit
 * non-zero so the supervisor (Docker's restart policy, systemd) starts a clean one.
 */
export function crashPolicy() {
  const die = (kind: string) => (err: unknown) => {
    const e = err instanceof Error ? err : new Error(String(err));
    log.fatal({ event: kind, error: e.message, stack: e.stack });
    log.flush();
    process.exit(CRASH_EXIT);
  };
  process.on('uncaughtException', die('uncaught-exception'));
  process.on('unhandledRejection', die('unhandled-rejection'));
}
