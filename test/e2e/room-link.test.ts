// Opening a room link on a phone (issue 9): the page carries the room's summary and its board's code, so the
// browser fetches everything in one wave and joins without asking GET /api/rooms/<id> first; a room the page does
// not name (a link followed within the app) still asks.
import { create } from '../helpers/server';
import { e2eSetup, sitDown } from '../helpers/e2e';
import { shot } from '../helpers/browser';

const e2e = e2eSetup();

type Geometry = { labels: unknown[]; resizes: number; box: { h: number } };
const geometry = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window as unknown as { __dicehall: { geometry(): Geometry } }).__dicehall.geometry());
const boardDrawn = (page: import('playwright-core').Page) =>
  page.waitForFunction(
    () => {
      const g = (window as unknown as { __dicehall?: { geometry(): { labels: unknown[] } } }).__dicehall?.geometry();
      return !!g && g.labels.length > 0;
    },
    undefined,
    { timeout: 30000 },
  );

it('joins from the page itself: the board code is requested before the join, and no room look-up is made', async () => {
  const host = await create(e2e.server.ws, { game: 'dice-chess', name: 'Ana' });
  try {
    const link = `${e2e.server.url}/r/${host.room.roomId}`;
    const phone = await e2e.open('phone');
    const requests: string[] = [];
    phone.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await sitDown(phone, link, 'Ben');
    await boardDrawn(phone);
    await shot(phone, 'room-link-phone-3x');
    expect(requests.filter((p) => p.startsWith('/api/rooms/'))).toEqual([]);
    // Every script the board needs was asked for before the join (one wave with the entry script).
    const join = requests.findIndex((p) => p.startsWith('/matchmake/'));
    expect(join).toBeGreaterThan(0);
    const scripts = requests.filter((p) => p.endsWith('.js'));
    const late = requests.slice(join).filter((p) => p.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    expect(late).toEqual([]);
    expect(await phone.getByText('Ben').count()).toBeGreaterThan(0);

    // The same room reached from within the app (no summary in that page): the client asks, and still joins.
    const other = await create(e2e.server.ws, { game: 'dice-chess', name: 'Cy' });
    try {
      await phone.evaluate((id) => {
        history.pushState(null, '', `/r/${id}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, other.room.roomId);
      await phone.getByRole('button', { name: 'Sit down' }).waitFor();
      expect(requests).toContain(`/api/rooms/${other.room.roomId}`);
    } finally {
      await other.room.leave();
    }
  } finally {
    await host.room.leave();
  }
});

it.each(['shields', 'dice-chess'])(
  'sizes the %s board once on a phone: the board takes its height before the renderer measures it',
  async (game) => {
    const host = await create(e2e.server.ws, { game, name: 'Ana' });
    try {
      const phone = await e2e.open('phone');
      await sitDown(phone, `${e2e.server.url}/r/${host.room.roomId}`, 'Ben');
      await boardDrawn(phone);
      // Let the layout settle: a late resize would show here.
      await phone.waitForTimeout(500);
      const g = await geometry(phone);
      expect(g.resizes).toBe(1);
      expect(g.box.h).toBeGreaterThan(300);
    } finally {
      await host.room.leave();
    }
  },
);
