// The server side of the bots cannot hand a bot the seed or the state: the worker thread imports only the bot
// engine, and the room hands it only the seat's document (checked over WebSockets in test/rooms/bots.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DIR = path.resolve(__dirname, '../../server/src/bots');

/** Every import of a file: module and the names taken from it. */
function imports(file: string): { from: string; names: string[] }[] {
  const text = readFileSync(path.join(DIR, file), 'utf8');
  return [...text.matchAll(/import\s+(?:type\s+)?(?:\{([^}]*)\}|(\w+))?\s*(?:from\s+)?['"]([^'"]+)['"]/g)].map((m) => ({
    from: m[3],
    names: (m[1] ?? m[2] ?? '')
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, ''))
      .filter(Boolean),
  }));
}

it("the bot worker imports the bot engine and Node's threads only: no room, no store, no seed, no fair dice", () => {
  const found = imports('worker.ts');
  expect(found.map((i) => i.from).sort()).toEqual(['@dicehall/shared', 'node:perf_hooks', 'node:worker_threads']);
  const shared = found.find((i) => i.from === '@dicehall/shared')!.names;
  expect(shared.sort()).toEqual(['BotInput', 'Level', 'createBot', 'getBotKit', 'seededDice'].sort());
});

it("the pool and the room's bot seats import no room, store or seed code", () => {
  for (const file of ['pool.ts', 'room-bots.ts']) {
    for (const i of imports(file)) {
      expect({ file, from: i.from, ok: /^(node:|\.\/|@dicehall\/shared$)/.test(i.from) }).toEqual({
        file,
        from: i.from,
        ok: true,
      });
      if (i.from === '@dicehall/shared') expect(i.names.every((n) => ['BotInput', 'Level'].includes(n))).toBe(true);
    }
  }
});
