// Rules pages that teach (issue 28 item 10): each opens with a quick start read in a minute (goal, a turn, how to
// win) and an example turn with a picture; rule ids and the table's decisions are set aside as side notes.
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup();
const GAMES = ['shields', 'dice-chess', 'shields-up', 'polywars', 'dice-siege'];

it.each(['phone', 'desktop'] as const)(
  'opens every rules page with a quick start and an example turn (%s)',
  async (device) => {
    const page = await e2e.open(device);
    const width = page.viewportSize()!.width;
    for (const game of GAMES) {
      await page.goto(`${e2e.server.url}/rules/${game}`);
      const article = page.locator('article.rules');
      await article.getByRole('heading', { name: 'Quick start' }).waitFor();
      const facts = await article.evaluate((a) => {
        const quick = a.querySelector('section.quick-start')!;
        const firstRule = [...a.querySelectorAll('h3')].find((h3) => !quick.contains(h3));
        const terms = [...quick.querySelectorAll('dt')].map((d) => d.textContent);
        const svg = quick.querySelector('figure.example-turn svg');
        const box = svg?.getBoundingClientRect();
        const idHeadings = [...a.querySelectorAll('h3 > .rule-id')];
        const decisions = a.querySelector('#decisions, #D8, aside.side-note h3');
        return {
          // The quick start comes before the first rule.
          first: !firstRule || !!(quick.compareDocumentPosition(firstRule) & Node.DOCUMENT_POSITION_FOLLOWING),
          terms,
          words: (quick.querySelector('dl')!.textContent ?? '').split(/\s+/).filter(Boolean).length,
          picture: svg
            ? { titled: !!svg.querySelector('title')?.textContent, right: box!.right, height: box!.height }
            : null,
          caption: quick.querySelector('figcaption')?.textContent?.trim().slice(0, 13),
          idsAside: idHeadings.every((el) => getComputedStyle(el).float === 'right'),
          decisionsAside: decisions ? !!decisions.closest('aside.side-note') : null,
        };
      });
      expect({ game, ...facts }).toMatchObject({
        game,
        first: true,
        caption: expect.stringMatching(/^Example (turn|round)/),
        idsAside: true,
        picture: { titled: true },
      });
      expect(facts.terms).toEqual(expect.arrayContaining(['Goal', 'How to win']));
      expect(facts.terms.some((t) => /^(A turn|A round|A cycle)$/.test(t ?? ''))).toBe(true);
      // Read in a minute: at most ~200 words (a reading speed of 200–250 a minute).
      expect(facts.words).toBeLessThanOrEqual(200);
      // The picture fits the screen and is big enough to read.
      expect(facts.picture!.right).toBeLessThanOrEqual(width);
      expect(facts.picture!.height).toBeGreaterThan(90);
      // Every page but Polywars' has a decisions section; it is a side note. Polywars' decisions are side notes inline.
      if (game === 'polywars') await expect(article.locator('p.side-note').count()).resolves.toBeGreaterThanOrEqual(2);
      else expect(facts.decisionsAside).toBe(true);
      if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/rules-${game}-${device}.png` });
    }
  },
);
