// Boots Dicehall: one process, embedded matchmaking, no external services needed.
import { loadConfig } from './config';
import { startServer } from './app';
import { log } from './log';
import { crashPolicy } from './crash';
import { openGameStore, startRetention, storeSettingsFromEnv } from './store/open-store';

/** A planned shutdown exits within this long, whatever is still pending. */
const STOP_MS = 10_000;

async function main() {
  crashPolicy();
  const config = loadConfig();
  // Durable games: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR (default ./data). The store opens while
  // the server already listens (PGlite's first open takes seconds); /health says ready once it is open.
  const settings = storeSettingsFromEnv();
  const opening = Date.now();
  const store = openGameStore(settings, { applicationName: 'dicehall' });
  store.then(
    (s) => {
      log.info({
        event: 'store-open',
        backend: s.backend,
        ms: Date.now() - opening,
        dataDir: settings.databaseUrl ? undefined : settings.dataDir,
      });
      startRetention(s, settings.retentionDays, undefined, (err) =>
        log.error({ event: 'retention-failed', error: (err as Error).message }),
      );
    },
    (err: Error) => {
      // Without its store the server would accept games it cannot keep: stop, and let the supervisor retry.
      log.fatal({ event: 'store-open-failed', error: err.message });
      log.flush();
      process.exit(1);
    },
  );
  const dicehall = await startServer(config, store);
  // With PostgreSQL (a server-class deployment) the bot threads load the rules now, so the first game against the
  // computer does not wait for them. The embedded default is for small hosts: there a thread starts on the first
  // ask instead (0.3–0.5 s, once per process), and an idle server holds ~15 MB less (bench/embedded-memory.results.md).
  if (settings.databaseUrl) dicehall.bots.warm();
  log.info({ event: 'listening', port: dicehall.port }, `Dicehall is running on http://localhost:${dicehall.port}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ event: 'stopping', signal });
      setTimeout(() => process.exit(0), STOP_MS).unref();
      dicehall.close(1000).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err: Error) => {
  log.fatal({ event: 'boot-failed', error: err.message, stack: err.stack });
  process.exit(1);
});
