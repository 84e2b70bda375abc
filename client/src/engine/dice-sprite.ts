// A drawn die: a rounded square (or a polyhedron's badge) with its number, in a colour, able to tumble.
import { Container, Graphics, Text } from 'pixi.js';
import type { Stage } from './stage';

export interface DieLook {
  size: number;
  fill: number;
  ink: number;
  /** Shown faint under the value: the die's size, e.g. "d8". */
  badge?: string;
}

export class DieSprite {
  readonly container = new Container();
  private body = new Graphics();
  private value = new Text({ text: '', style: { fontFamily: 'system-ui, sans-serif', fontWeight: '700', fontSize: 20, fill: 0x111111 } });
  private badge = new Text({ text: '', style: { fontFamily: 'system-ui, sans-serif', fontSize: 10, fill: 0x111111 } });

  constructor(private look: DieLook) {
    this.container.addChild(this.body, this.value, this.badge);
    this.draw();
  }

  set(look: Partial<DieLook>, value: number | string) {
    this.look = { ...this.look, ...look };
    this.value.text = String(value);
    this.draw();
  }

  private draw() {
    const { size, fill, ink, badge } = this.look;
    this.body.clear().roundRect(-size / 2, -size / 2, size, size, size * 0.18).fill(fill).stroke({ width: 2, color: 0x000000, alpha: 0.35 });
    this.value.style.fontSize = Math.round(size * 0.5);
    this.value.style.fill = ink;
    this.value.anchor.set(0.5);
    this.value.position.set(0, badge ? -size * 0.06 : 0);
    this.badge.text = badge ?? '';
    this.badge.style.fontSize = Math.max(8, Math.round(size * 0.22));
    this.badge.style.fill = ink;
    this.badge.anchor.set(0.5);
    this.badge.position.set(0, size * 0.3);
  }

  /** Tumbles through random faces for a moment and lands on `value` (the server's number). */
  roll(stage: Stage, sides: number, value: number, ms = 600) {
    let t = 0;
    stage.animate((dt) => {
      t += dt;
      if (t >= ms) {
        this.container.rotation = 0;
        this.value.text = String(value);
        return false;
      }
      this.container.rotation = Math.sin(t / 40) * 0.25 * (1 - t / ms);
      if (Math.floor(t / 60) !== Math.floor((t - dt) / 60)) this.value.text = String(1 + Math.floor(Math.random() * sides));
      return true;
    });
  }
}
