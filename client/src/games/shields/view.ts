// The Shields table: both players' batteries with their shield stacks (the viewer at the bottom), the pool by
// kind, reserves and trash, whose turn and step, and the last roll. Taps pick legal actions from the server's list.
// This file wires the parts: input (controller.ts), scene functions (side.ts, middle.ts), the roll (roll.ts) and
// the HTML helpers (controls.ts).
import { Container, Graphics } from 'pixi.js';
import { BEATS, type Colour } from '@dicehall/shared/shields';
import type { ShieldsAction } from '@dicehall/shared/shields';
import type { PlayerView, ShieldsView } from '@dicehall/shared/shields';
import { Keep } from '../../engine/keep';
import { prefersStill } from '../../engine/layout';
import { makeText, textResolution } from '../../engine/text';
import type { Snapshot } from '../../net/store';
import type { GameView, ViewContext, ViewFactory } from '../types';
import { TableInput, type Outcome } from './controller';
import { TapControls } from './controls';
import { computeLayout, isPortrait, type Layout, type SideShape } from './layout';
import { makeDie } from './look';
import { drawMiddle, drawPool } from './middle';
import { POOL_KINDS, type Paint, type Place } from './paint';
import { drawHit, flyDie, newestAttack, type AttackEvent } from './roll';
import { drawSide } from './side';

const shapeOf = (p: PlayerView, zones: boolean): SideShape => {
  const stack = p.batteries.find((b) => b.alive)?.shields ?? [];
  return {
    bands: stack.filter((s) => s.layer !== 'colored').length + (zones ? 2 : 0),
    colored: Math.max(0, ...p.batteries.map((b) => b.shields.filter((s) => s.layer === 'colored').length)),
  };
};

class ShieldsTable implements GameView {
  readonly container = new Container();
  private scene = new Container();
  private fx = new Container();
  private layout: Layout | null = null;
  /** The newest snapshot, and the one on the board (it lags while a roll is in the air). */
  private snap: Snapshot | null = null;
  private shown: Snapshot | null = null;
  private input = new TableInput();
  private places = new Map<string, Place>();
  /** Texts and dice a redraw takes back unchanged (see engine/keep.ts), and each kept die's tap of the newest redraw. */
  private keep = new Keep();
  private taps = new WeakMap<Container, () => void>();
  private lastAttackSeq: number | null = null;
  /** Bumped by each roll; an older roll's frames stop touching the table. */
  private rollId = 0;
  private rolling = false;
  private controls: TapControls;
  /** The newest roll's result, marked on the table until the next action. */
  private hit: { seq: number; ev: AttackEvent } | null = null;
  private destroyed = false;
  private offResize: () => void;
  private onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') this.apply(this.input.putDown());
  };

  get lagging() {
    return this.rolling;
  }

  constructor(private ctx: ViewContext) {
    this.container.addChild(this.scene, this.fx);
    this.fx.eventMode = 'none';
    this.controls = new TapControls(ctx.controls, (o) => this.apply(o));
    // A move to a screen of another density re-renders the cached table (while a roll flies) at the new resolution.
    this.offResize = ctx.stage.onResize(() => {
      if (this.rolling) this.cache(true);
      this.draw();
    });
    window.addEventListener('keydown', this.onKey);
  }

  update(snap: Snapshot) {
    this.snap = snap;
    const atk = newestAttack(snap);
    const seq = atk?.seq ?? -1;
    const fresh = atk !== null && this.lastAttackSeq !== null && seq > this.lastAttackSeq && this.shown !== null;
    this.lastAttackSeq = seq;
    if (fresh) return this.roll(atk.ev, seq);
    if (this.rolling) return; // the roll draws the newest snapshot when it lands
    // A table opened (or a replay stepped) right after an attack still shows what it did.
    if (atk && this.hit?.seq !== seq) this.hit = { seq, ev: atk.ev };
    this.shown = snap;
    this.draw();
  }

  destroy() {
    this.destroyed = true;
    this.rollId++;
    this.offResize();
    window.removeEventListener('keydown', this.onKey);
    this.controls.destroy();
    this.ctx.stage.hook('shields', undefined);
    this.ctx.stage.hook('shieldsPool', undefined);
    this.ctx.stage.hook('shieldsPoolDice', undefined);
    this.ctx.stage.hook('rolling', undefined);
    this.container.destroy({ children: true });
  }

  /** Carries out what a tap came to. */
  private apply(o: Outcome) {
    if (o === 'none') return;
    if (typeof o === 'object') this.ctx.act(o.send);
    this.draw();
  }

  /** The actions taps may pick from: none while a roll is in the air or the board shows an older snapshot. */
  private open(): ShieldsAction[] {
    const snap = this.shown;
    if (!snap || this.rolling || snap.phase !== 'playing' || snap !== this.snap) return [];
    return snap.legal as ShieldsAction[];
  }

  private draw() {
    if (this.destroyed) return;
    const snap = this.shown;
    const view = snap?.view as ShieldsView | null;
    const old = this.scene.removeChildren();
    this.places.clear();
    if (!snap || !view?.players) {
      this.keep.begin();
      this.keep.end();
      this.ctx.stage.retire(old);
      return;
    }
    this.keep.begin();
    this.input.load(this.open());
    const { width: W, height: H } = this.ctx.stage;
    const bottomSeat = snap.mySeat ?? 0;
    const topSeat = 1 - bottomSeat;
    const placing = this.input.placing;
    // On a phone, placing a black shield sets the pool aside for the two drop zones: only the picked die stays.
    const sel = this.input.sel;
    const pool =
      placing && sel?.kind === 'pool' && isPortrait(W, H)
        ? { attack: [], potion: [], polish: [], shield: view.pool.shield.filter((d) => d.id === sel.die) }
        : view.pool;
    const groups = [pool.attack.length, pool.shield.length, pool.potion.length, pool.polish.length];
    const L = computeLayout(
      W,
      H,
      shapeOf(view.players[topSeat]!, false),
      shapeOf(view.players[bottomSeat]!, placing),
      groups,
      POOL_KINDS.map(([, label]) => label),
    );
    this.layout = L;
    const res = textResolution();
    const paint: Paint = {
      scene: this.scene,
      places: this.places,
      input: this.input,
      legal: this.input.legal,
      L,
      view,
      snap,
      on: (o) => this.apply(o),
      text: (words, look, ax = 0, ay = 0, overlay = false) =>
        this.keep.take(JSON.stringify(['text', words, look, ax, ay, overlay, res]), () =>
          makeText(words, look, ax, ay, overlay),
        ),
      die: (spec, tap) => {
        const c: Container = this.keep.take(JSON.stringify(['die', spec, !!tap, res]), () =>
          makeDie(spec, tap && (() => this.taps.get(c)?.())),
        );
        if (tap) this.taps.set(c, tap);
        return c;
      },
    };

    // The felt; a tap on it puts a picked-up die back.
    const bg = new Graphics().rect(0, 0, W, H).fill({ color: 0x000000, alpha: 0.001 });
    bg.eventMode = 'static';
    bg.on('pointertap', () => this.apply(this.input.putDown()));
    this.scene.addChild(bg);

    const order: Colour[] = ['red', 'yellow', 'blue'];
    // Each of the bottom player's batteries faces the opponent battery it attacks.
    drawSide(paint, bottomSeat, 'bottom', order, placing);
    drawSide(
      paint,
      topSeat,
      'top',
      order.map((c) => BEATS[c]),
      false,
    );
    drawMiddle(paint, bottomSeat);
    drawPool(paint, pool);
    drawHit(paint, this.hit);
    this.keep.end();
    // What this redraw did not take back goes once the next frame has drawn (see Stage.retire).
    this.ctx.stage.retire(old.filter((c) => c.parent !== this.scene));
    if (this.scene.isCachedAsTexture) this.scene.updateCacheTexture();
    // Where each die and drop zone sits, for the browser tests that tap the canvas (as the Dice Chess board does).
    this.ctx.stage.hook(
      'shields',
      Object.fromEntries([...this.places].map(([id, p]) => [id, [Math.round(p.x), Math.round(p.y)]])),
    );
    this.ctx.stage.report({ game: 'shields', battery: L.m.u, portrait: L.portrait });
    // The pool's box and its dice, for the tests that check its captions stay in it and take a die by a tap.
    const P = L.pool;
    this.ctx.stage.hook('shieldsPool', [P.x, P.y, P.w, P.h].map(Math.round));
    this.ctx.stage.hook(
      'shieldsPoolDice',
      [...pool.attack, ...pool.shield, ...pool.potion, ...pool.polish].map((d) => d.id),
    );
    this.controls.render(this.input, snap, this.open());
    this.ctx.stage.invalidate();
  }

  /**
   * Tumbles the attacker's die from its battery toward the target and lands on the server's number; the table keeps
   * the position before the attack until then. Skipped for people who ask for reduced motion (the result is marked
   * on the table either way).
   */
  private roll(ev: AttackEvent, seq: number) {
    const id = ++this.rollId;
    this.rolling = true;
    this.ctx.stage.hook('rolling', 'true'); // taps wait for the landing (the browser tests read this)
    this.clearFx();
    const from = this.places.get(ev.die) ?? this.places.get(ev.battery);
    const to = this.places.get(ev.layer) ?? this.places.get(ev.target);
    const L = this.layout;
    if (!from || !to || !L || prefersStill()) {
      this.land(id, ev, seq);
      return;
    }
    this.draw(); // the picked-up selection and glows go while the die is in the air
    // While the die flies, each frame draws the table as one cached texture under the few moving pieces instead of the
    // whole table (which takes most of a second per frame in software GL). Between rolls the table is drawn directly:
    // a cache re-rendered on every change cost each redraw a second full-screen pass (a third of its GPU time).
    this.cache(true);
    const alive = () => id === this.rollId && !this.destroyed;
    flyDie(this.ctx.stage, this.fx, ev, from, to, Math.round(L.m.u * 1.15), alive, () => this.land(id, ev, seq));
  }

  private cache(on: boolean) {
    if (on) this.scene.cacheAsTexture({ resolution: this.ctx.stage.app.renderer.resolution, antialias: true });
    else this.scene.cacheAsTexture(false);
  }

  private clearFx() {
    for (const c of this.fx.removeChildren()) c.destroy({ children: true });
  }

  /** Draws the newest snapshot with what the roll did marked where it hit, until the next action. */
  private land(id: number, ev: AttackEvent, seq: number) {
    if (id !== this.rollId || this.destroyed) return;
    this.rolling = false;
    this.ctx.stage.hook('rolling', undefined);
    this.cache(false);
    this.clearFx();
    this.hit = { seq, ev };
    this.shown = this.snap;
    this.draw();
    this.ctx.caughtUp?.();
  }
}

export const createView: ViewFactory = (ctx) => new ShieldsTable(ctx);
