// Rules-page pictures: scenes drawn with a game's own renderer, rendered once to images at the screen's density,
// replacing each `[data-picture]` figure's text diagram (kept in the page, hidden, for when drawing fails).
import { Application, type Container } from 'pixi.js';
import 'pixi.js/graphics';
import 'pixi.js/text';
// Pixi's shader and uniform code generation needs the CSP-safe replacements here too (as in ./stage).
import 'pixi.js/unsafe-eval';
import { density } from './layout';

/** A figure's scenes by its `data-picture` name; each scene becomes one image, side by side. */
export type PictureScenes = Record<string, () => Container[]>;

export async function drawPictures(root: HTMLElement, scenes: PictureScenes): Promise<void> {
  const spots = [...root.querySelectorAll<HTMLElement>('[data-picture]')].filter(
    (el) => scenes[el.dataset.picture ?? ''],
  );
  if (spots.length === 0) return;
  const app = new Application();
  const resolution = density();
  await app.init({
    width: 8,
    height: 8,
    backgroundAlpha: 0,
    antialias: true,
    resolution,
    preference: 'webgl',
    // Only the imports above (pictures take no pointer events), as in ./stage.
    skipExtensionImports: true,
    autoStart: false,
  });
  try {
    for (const spot of spots) {
      const row = document.createElement('div');
      row.className = 'rules-pictures';
      for (const scene of scenes[spot.dataset.picture!]!()) {
        const img = (await app.renderer.extract.image({ target: scene, resolution })) as HTMLImageElement;
        await img.decode();
        // Never wider than the page: a phone scales the picture down rather than scrolling it.
        img.style.width = `${img.naturalWidth / resolution}px`;
        img.style.maxWidth = '100%';
        img.alt = '';
        row.append(img);
        scene.destroy({ children: true });
      }
      spot.prepend(row);
      spot.querySelector('pre')?.setAttribute('hidden', '');
      spot.dataset.drawn = 'true';
    }
  } finally {
    app.destroy(true, { children: true });
  }
}
