// A Shields attack seen live, and what it did: the attacker's die tumbling from its battery toward the target and
// landing on the server's number, then a ring and badges on the layer it hit until the next action.
import { Graphics, type Container } from 'pixi.js';
import { die as dieInfo, type Colour } from '@dicehall/shared/shields';
import type { AttackSummary } from '@dicehall/shared/shields';
import type { Stage } from '../../engine/stage';
import { easeOutCubic } from '../../engine/tween';
import type { Snapshot } from '../../net/store';
import { HOT, shieldsDie } from './look';
import { arrow, type Paint, type Place } from './paint';

export interface AttackEvent extends AttackSummary {
  type: 'attack';
}

/** The newest attack in the log with its entry's sequence number. */
export function newestAttack(snap: Snapshot): { seq: number; ev: AttackEvent } | null {
  for (let i = snap.log.length - 1; i >= 0; i--) {
    const ev = snap.log[i]!.events.find((e) => e.type === 'attack');
    if (ev) return { seq: snap.log[i]!.seq, ev: ev as unknown as AttackEvent };
  }
  return null;
}

/** Flight, then a moment on the landed number; short, because every animated frame costs a render. */
const FLIGHT = 500;
const HOLD = 350;

/** Flies the attack die over `fx` from `from` halfway to `to`, tumbling; `landed` runs when it has shown its number. */
export function flyDie(
  stage: Stage,
  fx: Container,
  ev: AttackEvent,
  from: Place,
  to: Place,
  size: number,
  alive: () => boolean,
  landed: () => void,
) {
  const look = (dieInfo(ev.die)?.colour ?? 'red') as Colour;
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const trail = new Graphics();
  arrow(trail, from.x, from.y, to.x, to.y, HOT, 0.55, 3);
  const random = () => String(1 + Math.floor(Math.random() * ev.sides));
  const die = shieldsDie({ sides: ev.sides, look, size, text: random(), mark: 'target' });
  die.container.position.set(from.x, from.y);
  fx.addChild(trail, die.container);
  let tick = 0;
  stage.tween({
    ms: FLIGHT + HOLD,
    alive,
    step: (_k, t) => {
      const k = Math.min(1, t / FLIGHT);
      if (k < 1 && Math.floor(t / 80) !== tick) {
        tick = Math.floor(t / 80);
        die.showFace(random());
      }
      if (k >= 1 && die.look.face !== String(ev.value)) die.showFace(String(ev.value));
      const e = easeOutCubic(k);
      die.container.position.set(
        from.x + (mid.x - from.x) * e,
        from.y + (mid.y - from.y) * e - Math.sin(k * Math.PI) * 40,
      );
      die.container.rotation = Math.sin(t / 35) * 0.6 * (1 - k);
    },
    end: landed,
  });
}

/** The damage of the newest roll as a badge on the layer it hit (on the battery when a shield broke). */
export function drawHit(paint: Paint, hit: { seq: number; ev: AttackEvent } | null) {
  const entry = paint.snap.log[paint.snap.log.length - 1];
  // An attack that won a game of a match is followed at once by a fresh table: nothing of it to mark there.
  if (!hit || entry?.seq !== hit.seq || entry.events.some((e) => e.type === 'game-start')) return;
  const { ev } = hit;
  const where = paint.places.get(ev.layer) ?? paint.places.get(ev.target);
  if (!where) return;
  const ring = new Graphics().circle(where.x, where.y, where.size * 0.62).stroke({ width: 3, color: HOT, alpha: 0.9 });
  paint.scene.addChild(ring);
  const badge = (text: string, size: number, x: number, y: number, fill: number, ink: number) => {
    const t = paint.text(text, { size, color: ink, weight: 800 }, 0.5, 0.5, true);
    const w = Math.max(t.width + 10, t.height + 4);
    const L = paint.L;
    x = Math.max(L.bx + w / 2 + 2, Math.min(L.bx + L.bw - w / 2 - 2, x)); // whole, even at the board's edge
    const pill = new Graphics()
      .roundRect(x - w / 2, y - t.height / 2 - 1, w, t.height + 2, (t.height + 2) / 2)
      .fill({ color: fill, alpha: 0.95 })
      .stroke({ width: 1.5, color: 0x000000, alpha: 0.5 });
    t.position.set(x, y);
    paint.scene.addChild(pill, t);
  };
  badge(`−${ev.before - ev.after}`, 15, where.x + where.size * 0.5, where.y - where.size * 0.45, HOT, 0xffffff);
  const broke = ev.destroyed.length > 0 ? (dieInfo(ev.layer)?.kind === 'battery' ? 'destroyed!' : 'shield broken') : '';
  const notes = [ev.lost > 0 ? `${ev.lost} lost` : '', broke].filter(Boolean).join(' · ');
  if (notes) badge(notes, 12, where.x + where.size * 0.3, where.y + where.size * 0.52, 0x0b120e, 0xffd0c8);
}
