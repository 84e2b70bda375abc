// The service worker (client/public/sw.js) in headless Chromium, as far as this machine goes: it registers and takes
// control; a push message delivered through the DevTools protocol (a trusted push event, the payload the server
// sends) becomes a notification with the game's title, lines and link; a tap's handler focuses a tab already on
// the game or opens one, never a page of another site. Headless Chromium has no push service to subscribe to: what
// pushManager.subscribe answers here is recorded in docs/notifications.md, and the server side of a real push
// (encryption, VAPID, delivery) is tested against a local push endpoint in test/notify/.
import webPush from 'web-push';
import type { Page } from 'playwright-core';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup();

async function registered(page: Page) {
  await page.goto(`${e2e.server.url}/`);
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    const active = reg.active!;
    await new Promise<void>((resolve) => {
      const done = () => active.state === 'activated' && resolve();
      active.addEventListener('statechange', done);
      done();
    });
    return { scope: reg.scope, state: active.state };
  });
}

it('registers, shows a pushed turn as a notification, and a tap opens the game on this site only', async () => {
  const { context, page } = await e2e.openContext('desktop1');
  await context.grantPermissions(['notifications'], { origin: e2e.server.url });
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  // The registration's id, which deliverPushMessage needs, comes as a DevTools event once it is activated.
  const activated = new Promise<{ registrationId: string }>((resolve) =>
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
      const v = e.versions.find((x) => x.status === 'activated' && x.scriptURL.endsWith('/sw.js'));
      if (v) resolve(v);
    }),
  );

  expect(await registered(page)).toEqual({ scope: `${e2e.server.url}/`, state: 'activated' });
  const reg = await activated;
  expect(reg).toBeDefined();

  // What the server sends (server/src/notify/push.ts), as a trusted push event.
  const payload = {
    title: 'Your turn in 2 games',
    body: 'Your turn in Dice Chess against Ana\nYour turn in Shields against Cy',
    url: '/r/abc123',
    tag: 'dicehall-turn',
    games: [],
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: e2e.server.url,
    registrationId: reg!.registrationId,
    data: JSON.stringify(payload),
  });
  await page.waitForFunction(async () => {
    const r = await navigator.serviceWorker.ready;
    return (await r.getNotifications()).length > 0;
  });
  const shown = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return (await r.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  });
  expect(shown).toEqual([
    { title: payload.title, body: payload.body, tag: 'dicehall-turn', data: { url: `${e2e.server.url}/r/abc123` } },
  ]);

  // A push with an unreadable payload still shows something, and a foreign link is brought home.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: e2e.server.url,
    registrationId: reg!.registrationId,
    data: 'not json',
  });
  await page.waitForFunction(async () => {
    const r = await navigator.serviceWorker.ready;
    return (await r.getNotifications()).some((n) => n.title === 'Dicehall');
  });

  // A tap: Chromium lets only a real click open or focus a window, so the handler's choice is checked with the
  // worker's clients stubbed: a tab on the game is focused; otherwise the game is opened; another site never.
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
  expect(worker).toBeDefined();
  const taps = await worker.evaluate(async (origin) => {
    const sw = self as unknown as {
      clients: { matchAll: unknown; openWindow: unknown };
      dicehall: { open(url: string): Promise<unknown> };
    };
    const log: string[] = [];
    const tabs = [{ url: `${origin}/r/abc123`, focus: async () => log.push('focus /r/abc123') }];
    sw.clients.matchAll = async () => tabs;
    sw.clients.openWindow = async (u: string) => log.push(`open ${u}`);
    await sw.dicehall.open('/r/abc123');
    await sw.dicehall.open('/r/other');
    await sw.dicehall.open('https://evil.example/phish');
    await sw.dicehall.open('//evil.example/x');
    return log;
  }, e2e.server.url);
  expect(taps).toEqual([
    'focus /r/abc123',
    `open ${e2e.server.url}/r/other`,
    `open ${e2e.server.url}/`,
    `open ${e2e.server.url}/`,
  ]);
});

it('headless Chromium has no push service: what subscribing answers here', async () => {
  const { context, page } = await e2e.openContext('desktop1');
  await context.grantPermissions(['notifications'], { origin: e2e.server.url });
  await registered(page);
  const { publicKey } = webPush.generateVAPIDKeys();
  const outcome = await page.evaluate(async (key) => {
    const reg = await navigator.serviceWorker.ready;
    const raw = atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4));
    const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
    try {
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
      return `subscribed: ${new URL(sub.endpoint).host}`;
    } catch (err) {
      return `refused: ${(err as Error).name}: ${(err as Error).message}`;
    }
  }, publicKey);
  console.log(`pushManager.subscribe in headless Chromium: ${outcome}`);
  // Either way the page learns it at once; a subscription, if one came, names a push service the server allows.
  expect(outcome).toMatch(/^(refused: \w+|subscribed: )/);
});
