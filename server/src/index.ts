// Boots Dicehall: one process, embedded matchmaking, no external services needed.
import { loadConfig } from './config';
import { startServer } from './app';
import { log } from './log';
import { crashPolicy } from './crash';

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
