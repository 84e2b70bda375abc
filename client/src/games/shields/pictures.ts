// Shields rules pictures, drawn with the table's own dice (makeDie) and kept as images: the colour wheel (S4), one
// battery's layers in the order a hit meets them (S5, S7) and a black shield in front and one behind (S6).
import { Container, Graphics } from 'pixi.js';
import { drawPictures as renderPictures } from '../../engine/pictures';
import { BEATS, type Colour } from '@dicehall/shared/shields';
import { makeText } from '../../engine/text';
import { HOT, INK, LOOK, makeDie } from './look';

// The table's phone sizes (layout.ts metrics), so a picture reads like the table on any screen.
const U = 40;
const A = 30;
const S = 32;
const BAND = 34;
const FONT = 12;

/** A battery on its coloured plate, as the table draws it: the green d12 with its health, its attack die beside it. */
function battery(scene: Container, colour: Colour, cx: number, y: number, attack = 4, caption?: string, w = 104) {
  const g = new Graphics();
  // The d12's top point stands above a die-sized box: the plate leaves room for it.
  const top = y - U * 0.6 - 3;
  g.roundRect(cx - w / 2, top, w, y + U / 2 + (caption ? 20 : 5) - top, 10)
    .fill({ color: LOOK[colour].fill, alpha: 0.16 })
    .stroke({ width: 1.5, color: LOOK[colour].fill, alpha: 0.6 });
  scene.addChild(g);
  const b = makeDie({ sides: 12, look: 'battery', clear: true, size: U, text: '12', badge: '/12' });
  b.position.set(cx - U * 0.55, y);
  const a = makeDie({ sides: attack, look: colour, size: A, text: `d${attack}` });
  a.position.set(cx + U * 0.5, y);
  scene.addChild(b, a);
  if (caption) {
    const t = makeText(caption, { size: 11, color: INK, weight: 600 }, 0.5, 0.5);
    t.alpha = 0.8;
    t.position.set(cx, y + U / 2 + 12);
    scene.addChild(t);
  }
}

/** A black shield band spanning `w`, with the shield die at its left and what it is. */
function band(scene: Container, x: number, y: number, w: number, faces: number, label: string) {
  const g = new Graphics();
  const bh = BAND - 4;
  g.roundRect(x, y - bh / 2, w, bh, bh / 2)
    .fill({ color: 0x000000, alpha: 0.45 })
    .stroke({ width: 1.5, color: 0x8a949c, alpha: 0.9 });
  scene.addChild(g);
  const d = makeDie({ sides: faces, look: 'black', clear: true, size: bh - 2, text: String(faces) });
  d.position.set(x + 10 + bh / 2, y);
  const t = makeText(label, { size: FONT - 1, color: INK }, 0, 0.5);
  t.position.set(x + 18 + bh, y);
  scene.addChild(d, t);
}

function arrow(g: Graphics, x0: number, y0: number, x1: number, y1: number, color: number) {
  const a = Math.atan2(y1 - y0, x1 - x0);
  const head = 9;
  g.moveTo(x0, y0)
    .lineTo(x1 - Math.cos(a) * head * 0.6, y1 - Math.sin(a) * head * 0.6)
    .stroke({ width: 3, color, alpha: 0.9 });
  g.poly(
    [
      x1,
      y1,
      x1 - head * Math.cos(a - 0.45),
      y1 - head * Math.sin(a - 0.45),
      x1 - head * Math.cos(a + 0.45),
      y1 - head * Math.sin(a + 0.45),
    ],
    true,
  ).fill(color);
}

/** S4: red attacks yellow, yellow attacks blue, blue attacks red; each arrow in its attacker's colour. */
function wheel(): Container {
  const scene = new Container();
  const order: Colour[] = ['red', 'yellow', 'blue'];
  const c = { x: 172, y: 122 };
  const r = 90;
  const at = order.map((_, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
    return { x: c.x + r * 1.25 * Math.cos(a), y: c.y + r * Math.sin(a) };
  });
  const g = new Graphics();
  scene.addChild(g);
  order.forEach((colour, i) => {
    const from = at[i]!;
    // The shared rules say who attacks whom.
    const to = at[order.indexOf(BEATS[colour])]!;
    // Arrows run between the plates' edges, bowed out a little so the three read as a wheel.
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy);
    // From plate edge to plate edge (each plate about 124 × 66), a few pixels clear of both.
    const edge = Math.min(62 / Math.abs(dx || 1e-9), 36 / Math.abs(dy || 1e-9)) * len + 8;
    const k0 = edge / len;
    const k1 = 1 - (edge + 2) / len;
    arrow(g, from.x + dx * k0, from.y + dy * k0, from.x + dx * k1, from.y + dy * k1, LOOK[colour].edge);
  });
  order.forEach((colour, i) => {
    battery(scene, colour, at[i]!.x, at[i]!.y, 4, `${colour} hits ${BEATS[colour]}`, 124);
  });
  return scene;
}

/** S5, S7: one yellow battery with every layer it can have, outermost (hit first) at the top, where attacks come from. */
function layers(): Container {
  const scene = new Container();
  const g = new Graphics();
  scene.addChild(g);
  const x = 44;
  const w = 250;
  const cx = 110;
  let y = 22;
  // The layer's number in the order a hit meets it, in the left margin.
  const number = (n: number) => {
    const t = makeText(String(n), { size: FONT, color: HOT, weight: 800 }, 0.5, 0.5);
    t.position.set(18, y);
    scene.addChild(t);
  };
  const attacker = makeDie({ sides: 6, look: 'red', size: A, text: 'd6' });
  attacker.position.set(cx, y);
  scene.addChild(attacker);
  const lt = makeText('a red attack', { size: FONT - 1, color: INK, weight: 600 }, 0, 0.5);
  lt.position.set(cx + A / 2 + 8, y);
  scene.addChild(lt);
  arrow(g, cx, y + A / 2 + 2, cx, y + A / 2 + 20, HOT);
  y += A / 2 + 20 + BAND / 2 + 2;
  number(1);
  band(scene, x, y, w, 20, 'black d20 · in front');
  y += BAND + 4;
  for (const [n, faces, label] of [
    [2, 12, 'yellow d12 · newest'],
    [3, 10, 'yellow d10 · older'],
  ] as const) {
    number(n);
    const d = makeDie({ sides: faces, look: 'yellow', clear: true, size: S, text: String(faces) });
    d.position.set(cx, y);
    const t = makeText(label, { size: FONT - 1, color: INK, weight: 600 }, 0, 0.5);
    t.position.set(cx + S / 2 + 10, y);
    scene.addChild(d, t);
    y += S + 8;
  }
  y += BAND / 2 - S / 2 - 4;
  number(4);
  band(scene, x, y, w, 12, 'black d12 · behind');
  y += BAND / 2 + 14 + U / 2;
  number(5);
  battery(scene, 'yellow', cx, y, 4, 'health last');
  return scene;
}

/** S6: two black bands spanning all three batteries, one in front of the colored shields and one behind. */
function blacks(): Container {
  const scene = new Container();
  const order: Colour[] = ['red', 'yellow', 'blue'];
  const colW = 112;
  const x0 = 4;
  const w = colW * 3;
  let y = 22;
  band(scene, x0, y, w, 20, 'black d20 · in front, guards all batteries');
  y += BAND / 2 + 6 + S / 2;
  const d = makeDie({ sides: 10, look: 'yellow', clear: true, size: S, text: '10' });
  d.position.set(x0 + colW * 1.5, y);
  scene.addChild(d);
  y += S / 2 + 6 + BAND / 2;
  band(scene, x0, y, w, 12, 'black d12 · behind, guards all batteries');
  y += BAND / 2 + 14 + U / 2;
  order.forEach((colour, i) => {
    battery(scene, colour, x0 + colW * (i + 0.5), y, 4, `${colour} battery`);
  });
  return scene;
}

/** Puts a picture of its scene into each `[data-picture]` figure and hides the text diagram it replaces. */
export const drawPictures = (root: HTMLElement) =>
  renderPictures(root, { wheel: () => [wheel()], layers: () => [layers()], blacks: () => [blacks()] });
