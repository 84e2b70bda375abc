// High Roll's table: each player's three dice in a row with the running total.
import { Container } from 'pixi.js';
import { seatName } from '@dicehall/shared/core';
import { DieSprite } from '../../engine/dice-sprite';
import { Label } from '../../engine/text';
import type { GameView, ViewContext, ViewFactory } from '../types';
import type { Snapshot } from '../../net/store';

const COLORS = [0xe8b04b, 0x5b9bd5];

class HighRollView implements GameView {
  readonly container = new Container();
  private dice: DieSprite[][] = [[], []];
  private totals: Label[] = [];
  private seen = 0;
  private unsubscribe: () => void;

  constructor(private ctx: ViewContext) {
    for (let s = 0; s < 2; s++) {
      for (let i = 0; i < 3; i++) {
        const d = new DieSprite({ size: 56, fill: COLORS[s % COLORS.length]!, ink: 0x111111 });
        this.dice[s]!.push(d);
        this.container.addChild(d.container);
      }
      const t = new Label({ size: 18, color: 0xf2efe6 });
      this.totals.push(t);
      this.container.addChild(t.text);
    }
    this.unsubscribe = ctx.stage.onResize(() => this.layout());
    this.layout();
  }

  private layout() {
    const { width, height } = this.ctx.stage;
    const size = Math.max(36, Math.min(72, width / 6));
    for (let s = 0; s < 2; s++) {
      const y = height * (s === 0 ? 0.3 : 0.7);
      this.dice[s]!.forEach((d, i) => {
        d.set({ size }, d.value);
        d.container.position.set(width / 2 + (i - 1) * (size + 14), y);
      });
      this.totals[s]!.at(width / 2 - 1.5 * (size + 14), y - size);
    }
  }

  update(snap: Snapshot) {
    const view = snap.view as { rolls: number[][]; totals: number[]; sides: number } | null;
    if (!view) return;
    for (let s = 0; s < 2; s++) {
      this.totals[s]!.set(`${seatName(snap.seats, s)}: ${view.totals[s]}`);
      this.dice[s]!.forEach((d, i) => {
        const v = view.rolls[s]?.[i];
        d.container.alpha = v === undefined ? 0.3 : 1;
        d.set({}, v ?? '?');
      });
    }
    // Animate only rolls that arrived since the last draw, landing on the server's number.
    const rolled = snap.log.flatMap((e) =>
      e.events.filter((ev) => ev.type === 'rolled').map((ev) => ({ seq: e.seq, ev })),
    );
    for (const { seq, ev } of rolled) {
      if (seq <= this.seen) continue;
      const seat = ev.seat as number;
      const rolls = view.rolls[seat] ?? [];
      const value = rolls[rolls.length - 1];
      const die = this.dice[seat]?.[rolls.length - 1];
      if (value !== undefined && die && this.seen > 0) die.roll(this.ctx.stage, view.sides, value);
    }
    this.seen = snap.log[snap.log.length - 1]?.seq ?? 0;
    this.ctx.stage.invalidate();
  }

  destroy() {
    this.unsubscribe();
    this.container.destroy({ children: true });
  }
}

export const createView: ViewFactory = (ctx) => new HighRollView(ctx);
