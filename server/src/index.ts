// Boots Dicehall: one process, embedded matchmaking, no external services needed.
import { loadConfig } from './config';
import { startServer } from './app';

async function main() {
  const config = loadConfig();
  const dicehall = await startServer(config);
  console.log(`Dicehall is running on http://localhost:${dicehall.port}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: closing rooms and stopping`);
      dicehall.close(500).then(() => process.exit(0), () => process.exit(1));
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
