// Boots Dicehall: one process, embedded matchmaking, no external services needed.
import { loadConfig } from './config';
import { startServer } from './app';
import { log } from './log';

/**
 * A bug that escapes every room guard leaves the process in an unknown state: log one line and exit
 * non-zero so the supervisor (Docker's restart policy, systemd) starts a clean one.
 */
function crashPolicy() {
  const die = (kind: string) => (err: unknown) => {
    const e = err instanceof Error ? err : new Error(String(err));
    log.fatal({ event: kind, error: e.message, stack: e.stack });
    log.flush?.();
    process.exit(70);
  };
  process.on('uncaughtException', die('uncaught-exception'));
  process.on('unhandledRejection', die('unhandled-rejection'));
}

async function main() {
  crashPolicy();
  const config = loadConfig();
  const dicehall = await startServer(config);
  log.info({ event: 'listening', port: dicehall.port }, `Dicehall is running on http://localhost:${dicehall.port}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ event: 'stopping', signal });
      dicehall.close(500).then(() => process.exit(0), () => process.exit(1));
    });
  }
}

main().catch((err: Error) => {
  log.fatal({ event: 'boot-failed', error: err.message, stack: err.stack });
  process.exit(1);
});
