// A computer opponent's whole phase shows within 5 s (issue 28 item 9): a Polywars bot took 17 s to play one turn
// step by step at the full pace (600 ms) each. The first action of a bot's run still waits the pace (people follow
// it); its later actions, with nobody else moving in between, follow quickly.
import { create, testServer, until } from '../helpers/server';

const PACE_MS = 600;
let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ rateBurst: 1000, ratePerSecond: 1000, botPaceMs: PACE_MS, botThreads: 1 });
});
afterAll(async () => {
  await server.close();
});

it('a Polywars bot plays each of its turns within 5 s, the first action at the pace', async () => {
  const me = await create(server.ws, {
    game: 'polywars',
    options: { seats: 2, cycleLimit: 3, budget: 60 },
    name: 'Ana',
    bot: { level: 'normal', seat: 1 },
  });
  await until(() => me.view, 'the game to start', 10000);
  const waits: number[] = [];
  let since = 0;
  let lastRev = -1;
  const end = Date.now() + 120000;
  while (me.room.state.phase !== 'over' && Date.now() < end) {
    const mine = me.legal.length > 0;
    if (!mine && since === 0) since = Date.now();
    if (mine && since) {
      waits.push(Date.now() - since);
      since = 0;
    }
    if (mine && me.stream.rev !== lastRev) {
      lastRev = me.stream.rev;
      // Ana ends her phases at once (and builds her biggest force): the waits are the bot's.
      const legal = me.legal.filter((a: { type: string }) => a.type !== 'concede');
      me.room.send('action', legal.find((a: { type: string }) => a.type === 'done') ?? legal[legal.length - 1]);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  console.log(`waits for the bot's turns (ms): ${waits.join(', ')}`);
  expect(me.room.state.phase).toBe('over');
  expect(waits.length).toBeGreaterThan(3);
  expect(Math.max(...waits)).toBeLessThanOrEqual(5000);
  // Every wait holds the bot's first action back by the pace: nobody sees a move land with no time to follow.
  expect(Math.min(...waits)).toBeGreaterThanOrEqual(PACE_MS - 50);
}, 150000);
