// A six-sided die drawn with pips in a seat's colour (or a blank "?" for a die whose place is secret).
import { Container, Graphics } from 'pixi.js';
import { Label } from './label';
import type { Stage } from '../../engine/stage';

/** Pip centres on a -1..1 grid, per face. */
const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

export interface PipLook {
  size: number;
  fill: number;
  ink?: number;
}

export class PipDie {
  readonly container = new Container();
  private body = new Graphics();
  private pips = new Graphics();
  private mark = new Label({ size: 20, color: 0x111111, weight: 800 }, 0.5, 0.5);
  private look: PipLook = { size: 40, fill: 0xffffff };
  /** The face shown; null draws a blank die with a question mark. */
  private face: number | null = 1;

  constructor() {
    this.container.addChild(this.body, this.pips, this.mark.sprite);
    this.container.eventMode = 'none';
  }

  set(look: PipLook, face: number | null) {
    this.look = look;
    this.face = face;
    this.draw();
  }

  showFace(face: number | null) {
    this.face = face;
    this.drawPips();
  }

  private draw() {
    const { size, fill } = this.look;
    const r = size * 0.2;
    this.body.clear()
      // A darker lip under the face reads as a solid die on any square colour.
      .roundRect(-size / 2, -size / 2 + size * 0.06, size, size, r).fill({ color: 0x000000, alpha: 0.45 })
      .roundRect(-size / 2, -size / 2, size, size, r).fill(fill)
      .stroke({ width: Math.max(1, size * 0.035), color: 0x000000, alpha: 0.5 });
    this.drawPips();
  }

  private drawPips() {
    const { size, ink = 0x161616 } = this.look;
    this.pips.clear();
    this.mark.visible = this.face === null;
    if (this.face === null) {
      this.mark.set('?', { size: Math.round(size * 0.55), color: ink });
      return;
    }
    const step = size * 0.26;
    const radius = Math.max(1.2, size * 0.092);
    for (const [x, y] of PIPS[this.face] ?? []) this.pips.circle(x * step, y * step, radius);
    this.pips.fill(ink);
  }

  destroy() {
    this.mark.destroy();
    this.container.destroy({ children: true });
  }

  /**
   * Tumbles through random faces and lands on `face`, the server's roll. `alive` stops it early
   * (the view redrew or was destroyed), leaving the die as the redraw set it.
   */
  tumble(stage: Stage, face: number, alive: () => boolean, ms = 650) {
    let t = 0;
    stage.animate((dt) => {
      if (!alive() || this.container.destroyed) return false;
      t += dt;
      if (t >= ms) {
        this.container.rotation = 0;
        this.container.scale.set(1);
        this.showFace(face);
        return false;
      }
      const k = 1 - t / ms;
      this.container.rotation = Math.sin(t / 45) * 0.45 * k;
      this.container.scale.set(1 + 0.18 * Math.sin((t / ms) * Math.PI));
      if (Math.floor(t / 70) !== Math.floor((t - dt) / 70)) this.showFace(1 + Math.floor(Math.random() * 6));
      return true;
    });
  }
}
