// Dice Chess board: the 8x8 board turned to the viewer, dice with pips in seat colours, captures and totals
// beside each side, tap/drag to move (legal moves from the server) or to arrange in secret before play (C2).
// This file wires the parts: input (controller.ts), drawing (scene.ts, panels.ts), the HTML layer (controls.ts).
import { Container, Rectangle, type FederatedPointerEvent } from 'pixi.js';
import { seatName } from '@dicehall/shared/core';
import type { DiceChessView } from '@dicehall/shared/dice-chess';
import { slideIn } from '../../engine/die';
import { prefersStill } from '../../engine/layout';
import type { Snapshot } from '../../net/store';
import type { GameView, ViewContext, ViewFactory } from '../types';
import { BoardInput, type Outcome } from './controller';
import { BoardControls } from './controls';
import { moveLabel } from './index';
import { center, computeLayout, squareAt, sqIndex, type Layout, type Seat } from './layout';
import { pipDie } from './look';
import { Panels } from './panels';
import { BoardScene } from './scene';
import { privateShuffle } from './shuffle';

class DiceChessBoard implements GameView {
  readonly container = new Container();
  private board = new BoardScene();
  private panels = new Panels();
  private hit = new Container();
  private input = new BoardInput(privateShuffle);
  private controls: BoardControls;
  private layout: Layout;
  private snap: Snapshot | null = null;
  private key = '';
  private lastSeq = -1;
  /** Bumped on every redraw: an animation from an earlier frame stops touching the sprites. */
  private frame = 0;
  private destroyed = false;
  private confirmTimer: ReturnType<typeof setTimeout> | undefined;
  private offResize: () => void;

  constructor(private ctx: ViewContext) {
    this.hit.eventMode = 'static';
    this.hit.cursor = 'pointer';
    this.container.addChild(...this.board.parts(), ...this.panels.parts(), this.hit);
    this.hit.on('pointerdown', this.onDown);
    this.hit.on('globalpointermove', this.onMove);
    this.hit.on('pointerup', this.onUp);
    this.hit.on('pointerupoutside', this.onCancel);
    this.controls = new BoardControls(ctx.controls, {
      slot: (k) => this.apply(this.input.slot(k)),
      shuffle: () => this.apply(this.input.reshuffle()),
      confirm: () => this.confirm(),
    });
    this.layout = computeLayout(ctx.stage.width, ctx.stage.height);
    this.offResize = ctx.stage.onResize(() => {
      this.layout = computeLayout(ctx.stage.width, ctx.stage.height);
      this.redraw();
    });
  }

  /** The seat drawn at the bottom: the viewer's own, or the first seat for spectators. */
  private get bottom(): Seat {
    return this.snap?.mySeat === 1 ? 1 : 0;
  }

  update(snap: Snapshot) {
    const view = snap.view as DiceChessView | null;
    if (!view || !Array.isArray(view.rolled)) return;
    // Redraw only when something this view draws changed (chat, presence and the like do not).
    const names = snap.seats.map((s) => s.name);
    const key = JSON.stringify([view, snap.legal, snap.mySeat, names, snap.gameId, snap.round]);
    const prevSeq = this.lastSeq;
    const lastSeq = snap.log.length ? snap.log[snap.log.length - 1]!.seq : 0;
    this.snap = snap;
    if (key === this.key) return;
    this.key = key;
    this.lastSeq = lastSeq;
    this.input.load({
      view,
      legal: snap.legal,
      mySeat: snap.mySeat,
      playing: snap.phase === 'playing',
      game: `${snap.gameId}:${snap.round}`,
    });
    this.redraw();
    this.syncControls();
    // One new log entry is a move seen live: slide it (and tumble a capture's reroll). Jumps are not animated,
    // nor is anything for a player who asked the system for less motion.
    if (prevSeq >= 0 && lastSeq === prevSeq + 1 && !prefersStill()) this.animateLast(snap);
  }

  /** Carries out what an input came to. */
  private apply(o: Outcome) {
    if (o === 'none') return;
    this.redraw();
    if (o === 'changed') this.syncControls();
    else if (typeof o === 'object') this.ctx.act(o.send);
  }

  private confirm() {
    const o = this.input.confirm();
    if (o === 'none') return;
    this.apply(o);
    this.syncControls();
    clearTimeout(this.confirmTimer);
    this.confirmTimer = setTimeout(() => !this.destroyed && this.apply(this.input.confirmLost()), 8000);
  }

  private redraw() {
    const v = this.input.view;
    if (!v || !this.snap || this.destroyed) return;
    this.frame++;
    const L = this.layout;
    this.ctx.stage.hook('diceChessBoard', `${L.bx},${L.by},${L.sq},${this.bottom}`);
    this.ctx.stage.report({ game: 'dice-chess', square: L.sq });
    this.board.draw(L, v, this.input, this.bottom);
    this.hit.hitArea = new Rectangle(L.bx, L.by, 8 * L.sq, 8 * L.sq);
    this.hit.cursor = this.input.canMove() || this.input.canArrange() ? 'pointer' : 'default';
    this.panels.draw(L, v, this.bottom, this.input.me, { of: (s) => this.nameOf(s) });
    this.ctx.stage.invalidate();
  }

  private nameOf(seat: Seat): string {
    const n = seatName(this.snap?.seats, seat);
    return seat === this.input.me ? `${n} (you)` : n;
  }

  private syncControls() {
    const snap = this.snap;
    const moves = snap
      ? this.input.moves().map((m) => ({ label: moveLabel(m, snap) ?? '', send: () => this.ctx.act(m) }))
      : [];
    this.controls.sync(this.input, snap?.phase === 'playing', (s) => seatName(snap?.seats, s), moves);
  }

  /** Slides the move just made from its square (a captured die shrinking away under it), then tumbles a capture's reroll. */
  private animateLast(snap: Snapshot) {
    const entry = snap.log[snap.log.length - 1];
    const ev = entry?.events.find((e) => e.type === 'move' || e.type === 'capture') as
      | { type: string; from: string; to: string; captured?: number; reroll?: number; seat: Seat }
      | undefined;
    if (!ev) return;
    const die = this.board.onSquare.get(sqIndex(ev.to));
    if (!die) return;
    const frame = this.frame;
    const alive = () => frame === this.frame && !this.destroyed;
    const [fx, fy] = center(this.layout, sqIndex(ev.from), this.bottom);
    const capture = ev.type === 'capture';
    const layer = this.board.diceLayer;
    if (capture) {
      const ghost = pipDie(Math.round(this.layout.sq * 0.8), ev.seat === 0 ? 1 : 0, ev.captured ?? null);
      ghost.container.position.copyFrom(die.container.position);
      layer.addChildAt(ghost.container, 0);
      this.board.fading = ghost;
    }
    layer.setChildIndex(die.container, layer.children.length - 1);
    slideIn(
      this.ctx.stage,
      die.container,
      { x: fx, y: fy },
      {
        alive,
        step: (k) => {
          const f = this.board.fading;
          if (!f) return;
          f.container.alpha = 1 - k;
          f.container.scale.set(1 - 0.5 * k);
        },
        end: () => {
          this.board.fading?.destroy();
          this.board.fading = null;
          if (capture && ev.reroll) die.tumble(this.ctx.stage, ev.reroll, { alive });
        },
      },
    );
  }

  private point(e: FederatedPointerEvent) {
    const p = e.getLocalPosition(this.container);
    return { x: p.x, y: p.y, sq: squareAt(this.layout, p.x, p.y, this.bottom) };
  }

  private onDown = (e: FederatedPointerEvent) => {
    const p = this.point(e);
    this.apply(this.input.press(p.sq, p.x, p.y));
  };

  private onMove = (e: FederatedPointerEvent) => {
    const p = this.point(e);
    if (!this.input.moveTo(p.x, p.y)) return;
    const die = this.board.onSquare.get(this.input.drag!.from);
    if (!die) return;
    die.container.position.set(p.x, p.y);
    die.container.scale.set(1.1);
    this.ctx.stage.invalidate();
  };

  private onUp = (e: FederatedPointerEvent) => this.apply(this.input.release(this.point(e).sq));

  private onCancel = () => this.apply(this.input.cancel());

  destroy() {
    this.destroyed = true;
    clearTimeout(this.confirmTimer);
    this.offResize();
    this.hit.off('pointerdown', this.onDown);
    this.hit.off('globalpointermove', this.onMove);
    this.hit.off('pointerup', this.onUp);
    this.hit.off('pointerupoutside', this.onCancel);
    this.controls.destroy();
    this.ctx.stage.hook('diceChessBoard', undefined);
    // Texts and dice are children: destroying the container releases their textures too.
    this.container.destroy({ children: true });
  }
}

export const createView: ViewFactory = (ctx) => new DiceChessBoard(ctx);
