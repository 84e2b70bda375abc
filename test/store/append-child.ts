// A child process for the crash test: appends to many games at once and prints "ack <game> <seq>" once durable.
import { openGameStore, storeSettingsFromEnv } from '../../server/src/store/open-store';
import { entry } from './backends';

async function main() {
  const games = (process.env.GAMES ?? '').split(',').filter(Boolean);
  const store = await openGameStore(storeSettingsFromEnv());
  process.stdout.write('ready\n');
  // Each game is a room appending as fast as its previous append is acknowledged, until the parent kills us.
  await Promise.all(
    games.map(async (gameId) => {
      for (let seq = 0; ; seq++) {
        await store.append(gameId, [entry(seq)]);
        process.stdout.write(`ack ${gameId} ${seq}\n`);
      }
    }),
  );
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
