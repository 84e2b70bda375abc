// The one set-up of a browser test file: a real Dicehall server on a free port and Debian's headless Chromium,
// started once for the file, every page watched for uncaught exceptions (a test ends by expecting none), both
// closed at the end. `const e2e = e2eSetup()` at the top of the file; then `e2e.server.url`, `e2e.open(…)`.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Config } from '../../server/src/config';
import { DESKTOP, DEVICES, launch, pageErrors, trackErrors, type DeviceName } from './browser';
import { testServer, type TestServer } from './server';

export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A page in a browser context of its own (a device name or context options; a 1280×720 desktop by default). */
  open(options?: BrowserContextOptions | DeviceName): Promise<Page>;
  /** The same, with its context (to close it, drop its network, or read its storage). */
  openContext(options?: BrowserContextOptions | DeviceName): Promise<{ context: BrowserContext; page: Page }>;
}

/** Registers the file's beforeAll/afterEach/afterAll hooks; `overrides` set server configuration (a grace, …). */
export function e2eSetup(overrides: Partial<Config> = {}): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await testServer(overrides);
    browser = await launch();
  }, 60000);
  afterEach(() => {
    // Every page of the test ran without an uncaught exception.
    expect(pageErrors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`the ${what} is not started (use e2e inside a test)`);
    return v;
  };
  const openContext = async (options: BrowserContextOptions | DeviceName = { viewport: DESKTOP }) => {
    const context = await started(browser, 'browser').newContext(
      typeof options === 'string' ? DEVICES[options] : options,
    );
    return { context, page: trackErrors(await context.newPage()) };
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    openContext,
    open: async (options) => (await openContext(options)).page,
  };
}

/** The table's status line ("Your turn.", "Game over — …"). */
export const status = (p: Page) => p.locator('#turn-status');
/** The named buttons of the legal actions offered to this page's seat. */
export const moves = (p: Page) => p.getByRole('group', { name: 'Your moves' }).getByRole('button');

/**
 * On the home page at `url`: types `name`, picks the game and then each option by its field's label and the
 * option's label, waits for `ready` if given, creates the room, and returns its link.
 */
export async function createRoom(
  page: Page,
  url: string,
  name: string,
  game: string,
  choices: [field: string, option: string][] = [],
  ready?: (page: Page) => Promise<unknown>,
): Promise<string> {
  await page.goto(`${url}/`);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Game').selectOption({ label: game });
  for (const [field, option] of choices) await page.getByLabel(field).selectOption({ label: option });
  await ready?.(page);
  await page.getByRole('button', { name: 'Create room' }).click();
  await page.waitForURL(/\/r\/[\w-]+$/);
  return page.url();
}

/** Opens a room's link and takes the free seat as `name`. */
export async function sitDown(page: Page, link: string, name: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sit down' }).click();
}

/** The page whose turn it is (with actions offered), polling the status lines; null once every page says Game over. */
export async function whoseTurn(pages: Page[]): Promise<Page | null> {
  for (let tries = 0; tries < 2000; tries++) {
    const lines = await Promise.all(pages.map((p) => status(p).textContent()));
    if (lines.every((l) => l?.startsWith('Game over'))) return null;
    const i = lines.indexOf('Your turn.');
    if (i >= 0 && (await moves(pages[i]).count()) > 0) return pages[i];
    await pages[0].waitForTimeout(15);
  }
  throw new Error('nobody got the turn');
}
