// Pig's table: the die last rolled, the turn's total at stake, and each seat's score against the target.
import { Container } from 'pixi.js';
import { seatName } from '@dicehall/shared/core';
import { DieSprite } from '../../engine/dice-sprite';
import { Label } from '../../engine/text';
import type { GameView, ViewContext, ViewFactory } from '../types';
import type { Snapshot } from '../../net/store';

interface PigView {
  scores: number[];
  turnTotal: number;
  turn: number;
  target: number;
  turnsLeft: number;
}

class PigBoard implements GameView {
  readonly container = new Container();
  private die = new DieSprite({ size: 72, fill: 0xe8b04b, ink: 0x111111 });
  private stake = new Label({ size: 20, color: 0xf2efe6 }, 0.5, 0);
  private scores: Label[] = [];
  private seen = 0;
  private unsubscribe: () => void;

  constructor(private ctx: ViewContext) {
    this.container.addChild(this.die.container, this.stake.text);
    this.unsubscribe = ctx.stage.onResize(() => this.layout());
    this.layout();
  }

  private layout() {
    const { width, height } = this.ctx.stage;
    const size = Math.max(48, Math.min(96, width / 5));
    // One block, die then stake then scores, in the board's upper part: a tall phone board keeps them together, and
    // the end overlay (centred on the board) leaves the scores in view.
    const block = size + 40 + this.scores.length * 30;
    const top = Math.max(size / 2 + 8, (height - block) / 4 + size / 2);
    this.die.set({ size }, this.die.value);
    this.die.container.position.set(width / 2, top);
    this.stake.at(width / 2, top + size / 2 + 12);
    for (const [s, l] of this.scores.entries()) l.at(width / 2, top + size / 2 + 52 + s * 30);
  }

  update(snap: Snapshot) {
    const view = snap.view as PigView | null;
    if (!view) return;
    while (this.scores.length < view.scores.length) {
      const l = new Label({ size: 18, color: 0xf2efe6 }, 0.5, 0);
      this.scores.push(l);
      this.container.addChild(l.text);
      this.layout();
    }
    view.scores.forEach((x, s) => {
      const mark = s === view.turn && snap.phase === 'playing' ? '▶ ' : '';
      this.scores[s]!.set(`${mark}${seatName(snap.seats, s)}: ${x} / ${view.target}`);
    });
    this.stake.set(snap.phase === 'over' ? 'Game over' : `At stake: ${view.turnTotal} · ${view.turnsLeft} turns left`);
    // The newest roll, animated only when it arrived since the last draw, landing on the server's number.
    const rolls = snap.log.flatMap((e) =>
      e.events.filter((ev) => ev.type === 'rolled').map((ev) => ({ seq: e.seq, ev })),
    );
    const last = rolls[rolls.length - 1];
    if (last) {
      const value = last.ev.value as number;
      if (last.seq > this.seen && this.seen > 0) this.die.roll(this.ctx.stage, 6, value);
      else this.die.set({}, value);
    } else this.die.set({}, '?');
    this.seen = snap.log[snap.log.length - 1]?.seq ?? 0;
    this.ctx.stage.invalidate();
  }

  destroy() {
    this.unsubscribe();
    this.container.destroy({ children: true });
  }
}

export const createView: ViewFactory = (ctx) => new PigBoard(ctx);
