// Home on a phone (390×844, ratio 3): Create room lies inside the first screen for every game, not covered, with the
// game's description folded (issue 28: it sat below a 12-line description).
import { DEVICES } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup();

it('puts Create room above the fold on a phone for every listed game; the description opens on demand', async () => {
  const page = await e2e.open('phone');
  await page.goto(`${e2e.server.url}/`);
  const games = await page.locator('#game option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(games.length).toBeGreaterThanOrEqual(5);
  const height = DEVICES.phone.viewport.height;
  const bottoms: Record<string, number> = {};
  for (const game of games) {
    await page.getByLabel('Game').selectOption(game);
    const create = page.getByRole('button', { name: 'Create room' });
    const box = (await create.boundingBox())!;
    bottoms[game] = Math.round(box.y + box.height);
    // Nothing lies over it: the point at its centre is the button itself.
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe('Create room');
    // The description is there, folded: it opens, and the rules link stays in sight either way.
    const about = page.locator('.pitch details');
    await expect(about.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    await expect(about.locator('p').isVisible()).resolves.toBe(false);
  }
  // Every game's button ends inside the first screen (the failure names the game and where its button ended).
  expect(Object.entries(bottoms).filter(([, bottom]) => bottom > height)).toEqual([]);
  await page.getByText(/^About /).click();
  await expect(page.locator('.pitch details p').isVisible()).resolves.toBe(true);
  await expect((await page.locator('.pitch details p').textContent())!.length).toBeGreaterThan(40);
});
