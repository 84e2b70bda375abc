// The party host's Webhook field through the UI, on a server with a store: only the host sees it; a refused URL
// says why; a set one shows only its host (the URL never again); Test posts a line to the local endpoint; Remove
// clears it. Screenshots at desktop ratios 1 and 2 and on a phone (ratio 3).
import type { Browser, Page } from 'playwright-core';
import type { GameStore } from '../../server/src/store/game-store';
import { DEVICES, launch, pageErrors, shot, trackErrors } from '../helpers/browser';
import { testServer, until, type TestServer } from '../helpers/server';
import { postgresBackend, type Backend } from '../store/backends';
import { httpsEndpoint, selfSigned, type Endpoint } from '../notify/endpoints';

jest.setTimeout(120_000);

let backend: Backend;
let store: GameStore;
let server: TestServer;
let browser: Browser;
let hook: Endpoint;

beforeAll(async () => {
  const tls = selfSigned();
  hook = await httpsEndpoint(tls);
  hook.on('/hook', { status: 204 });
  backend = postgresBackend();
  store = await backend.open();
  server = await testServer(
    { notify: { webhookHosts: ['127.0.0.1'], pushHosts: [], privateHosts: ['127.0.0.1'], ca: tls.cert } },
    store,
  );
  await until(() => server.durable.status === 'ready', 'the store');
  browser = await launch();
});
afterEach(() => expect(pageErrors.splice(0)).toEqual([]));
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await hook?.close();
  await backend?.destroy();
});

async function open(device: (typeof DEVICES)[keyof typeof DEVICES]): Promise<Page> {
  const context = await browser.newContext(device);
  return trackErrors(await context.newPage());
}

async function host(page: Page, name: string): Promise<string> {
  await page.goto(`${server.url}/`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Host a party for friends' }).click();
  await page.waitForURL(/\/p\/[\w-]+$/);
  await page.getByRole('heading', { name: 'Your party' }).waitFor();
  return page.getByLabel('Party link').inputValue();
}

it('lets the host set, test and remove a webhook, shown by its host only', async () => {
  const ana = await open({ ...DEVICES.desktop1, viewport: { width: 1280, height: 800 } });
  const link = await host(ana, 'Ana');
  const ben = await open(DEVICES.desktop1);
  await ben.goto(`${server.url}/`);
  await ben.evaluate(() => localStorage.setItem('dicehall:name', 'Ben'));
  await ben.goto(link);
  await ben.getByRole('heading', { name: "Ana's party" }).waitFor();

  const field = ana.getByLabel('Webhook URL');
  await field.waitFor();
  // Refused with the server's reason; nothing set.
  await field.fill(`${hook.base.replace('https', 'http')}/hook`);
  await ana.getByRole('button', { name: 'Save' }).click();
  await ana.getByText('Only https:// URLs are allowed.').waitFor();
  await field.fill(`${hook.base}/hook`);
  await ana.getByRole('button', { name: 'Save' }).click();
  await ana.getByText('Set: turns go to 127.0.0.1.').waitFor();
  // The URL is not on the page any more, nor on the friend's; the friend has no Webhook section at all.
  expect(await ana.content()).not.toContain('/hook');
  expect(await ben.getByRole('region', { name: 'Webhook' }).count()).toBe(0);
  await ana.getByRole('button', { name: 'Send a test line' }).click();
  await ana.getByText('Test line posted.').waitFor();
  expect(hook.received.filter((r) => r.path === '/hook')).toHaveLength(1);
  await ana.getByRole('region', { name: 'Webhook' }).scrollIntoViewIfNeeded();
  await shot(ana, 'party-webhook-set-desktop1');
  await ana.getByRole('button', { name: 'Remove the webhook' }).click();
  await field.waitFor();
  await ana.getByRole('region', { name: 'Webhook' }).scrollIntoViewIfNeeded();
  await shot(ana, 'party-webhook-empty-desktop1');

  for (const [name, device] of [
    ['desktop2', { ...DEVICES.desktop, viewport: { width: 1280, height: 800 } }],
    ['phone', DEVICES.phone],
  ] as const) {
    const p = await open(device);
    await host(p, 'Cy');
    await p.getByLabel('Webhook URL').fill('https://discord.com/api/webhooks/123/secret');
    await p.getByRole('region', { name: 'Webhook' }).scrollIntoViewIfNeeded();
    await shot(p, `party-webhook-${name}`);
  }
});
