// The Polywars table: the phase bar on top, the zoomable battlefield, the players below; tap a die to see its reach
// and sightlines, tap or drag to step, tap an enemy for the odds and again to attack. Secret steps use the buttons.
import { Container, Graphics } from 'pixi.js';
import { h, render } from 'preact';
import type { PolywarsView } from '@dicehall/shared/polywars';
import { budgetOf, canStep, forceRefusal, stepCheck, type PolywarsAction } from '@dicehall/shared/polywars';
import type { Snapshot } from '../../net/store';
import { Label } from '../../engine/text';
import type { GameView, ViewContext, ViewFactory } from '../types';
import { movesOpen, rememberMoves } from '../all-moves';
import { Camera, type Pt, type Turn } from './camera';
import { Battlefield, MIN_R, SEAT_COLORS, type Overlay } from './draw';
import { powerByTap } from './power-taps';
import {
  asState,
  checkAttack,
  dieName,
  moveLabel,
  odds,
  oddsText,
  PHASES,
  phaseIndex,
  seatName,
  statusLine,
} from './text';
import { INK, MUTED } from '../../engine/palette';

const BAR = 0x1c2a21;
const LIT = 0xffe08a;
const SHORT = ['Init.', 'Heal', 'Attack', 'Move', 'Action'];
/** The "All moves" lists: buttons in a wrapping row, no bullets. */
const LIST = 'list-style:none;margin:0.3rem 0;padding:0;display:flex;flex-wrap:wrap;gap:0.3rem';

const STEP_REASONS: Record<string, string> = {
  'too-far': 'Too far: a step moves the centre at most one range unit.',
  'off-field': 'The die would leave the field.',
  overlap: 'The die would end on another die.',
  'too-tall': 'That terrain is as tall as the die or taller.',
  'drop-too-deep': 'Too deep: a die steps down at most its own height.',
  'cannot-step': 'That die has no step left in this phase.',
};

/** How to aim a power on the field, by die type (the others are used by their buttons). */
const POWER_HINTS: Record<number, string> = {
  12: ' Tap a free point beside a friendly die to teleport there.',
  8: ' Tap a die touching it to heal it.',
  10: ' Tap a die touching it to mutate it.',
};

class PolywarsTable implements GameView {
  readonly container = new Container();
  private bar = new Graphics();
  private pills = PHASES.map(() => new Label({ size: 13, color: INK, weight: 700 }, 0.5, 0.5));
  private next = new Label({ size: 12, color: MUTED }, 0, 0.5);
  private status = new Label({ size: 13, color: INK }, 0, 0.5);
  private players: Label[] = [];
  private field = new Battlefield();
  private camera: Camera;
  private snap: Snapshot | null = null;
  private view: PolywarsView | null = null;
  private overlay: Overlay = { selected: null, target: null, ghost: null, canStep: false, attackPhase: false };
  private lastLog = -2;
  private pressed: number | null = null;
  /** Where the field is drawn, between the phase bar and the players' line. */
  private fieldBox = { x: 0, y: 0, w: 1, h: 1 };
  /** Rows the players' line took at the last layout. */
  private playerRows = 1;
  private snapBack: ReturnType<typeof setTimeout> | undefined;
  private offResize: () => void;
  private destroyed = false;
  /** The HTML layer's state: the message line, the Attack button's label (null: hidden) and the field in words. */
  private message = '';
  private attackLabel: string | null = null;
  private summary = '';
  /** The force builder's counts by die type (the build step), and the die chosen in the "All moves" list. */
  private force: Record<number, number> = {};
  private listDie: number | null = null;

  constructor(private ctx: ViewContext) {
    this.container.addChild(
      this.field.container,
      this.bar,
      ...this.pills.map((p) => p.text),
      this.next.text,
      this.status.text,
    );
    this.camera = new Camera(
      ctx.stage.app.canvas,
      {
        press: (p) => this.press(p),
        drag: (p, end) => this.dragTo(p, end),
        tap: (p) => this.tap(p),
        changed: () => this.redraw(),
      },
      () => ctx.stage.width,
    );
    this.renderControls();
    this.offResize = ctx.stage.onResize(() => this.layout());
  }

  private get me() {
    return this.snap?.mySeat ?? null;
  }

  private get myTurn() {
    const v = this.view;
    return !!v && v.phase === 'turns' && v.turn !== null && v.turn === this.me && !v.pendingZap && !v.result;
  }

  update(snap: Snapshot) {
    this.snap = snap;
    const v = snap.view as PolywarsView | null;
    this.view = v;
    if (!v) return;
    if (v.phase !== 'build') this.force = {};
    // A new line, not more lines: earlier ones a late joiner asks for are no move of now.
    const lastLine = snap.log[snap.log.length - 1]?.seq ?? -1;
    if (lastLine !== this.lastLog) {
      this.lastLog = lastLine;
      if (!this.overlay.ghost?.refused) this.overlay.ghost = null;
      this.listDie = null;
      const sel = this.overlay.selected !== null ? v.dice[this.overlay.selected] : undefined;
      if (!sel?.alive || (this.myTurn && v.turnPhase === 'attack' && v.attacked.includes(sel.id))) this.select(null);
      if (this.overlay.target !== null && !v.dice[this.overlay.target]?.alive) this.overlay.target = null;
    }
    this.layout();
  }

  private select(id: number | null) {
    this.overlay.selected = id;
    this.overlay.target = null;
    this.attackLabel = null;
    this.renderControls();
  }

  private say(text: string) {
    this.message = text;
    this.renderControls();
  }

  /** Renders the controls with preact: the nodes that did not change stay, so the Attack button keeps its focus. */
  private renderControls() {
    if (this.destroyed) return;
    render(
      h(
        'div',
        { class: 'pw-controls' },
        h('p', { class: 'pw-message', 'aria-live': 'polite', style: 'margin:0.2rem 0;min-height:1.2em' }, this.message),
        h(
          'button',
          {
            type: 'button',
            class: 'pw-attack',
            hidden: this.attackLabel === null,
            onClick: () => this.confirmAttack(),
          },
          this.attackLabel ?? 'Attack',
        ),
        this.builder(),
        this.allMoves(),
        h(
          'button',
          {
            type: 'button',
            class: 'pw-reset',
            onClick: () => {
              this.camera.reset();
              this.redraw();
            },
          },
          'Fit the field',
        ),
        h(
          'p',
          { style: 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);margin:0' },
          this.summary,
        ),
      ),
      this.ctx.controls,
    );
  }

  /** The legal actions offered to this seat now. */
  private get legal(): PolywarsAction[] {
    const snap = this.snap;
    return snap && snap.phase === 'playing' ? (snap.legal as PolywarsAction[]) : [];
  }

  /**
   * The build step's force builder: − and + for each allowed die type, the running total against the budget, and
   * one Done that sends the force (largest dice first) as the build action the rules accept (W5).
   */
  private builder() {
    const v = this.view;
    const me = this.me;
    if (!v || me === null || v.phase !== 'build' || !this.legal.some((a) => a.type === 'build')) return null;
    const budget = budgetOf(asState(v), me);
    const dice = v.allowed
      .slice()
      .sort((a, b) => b - a)
      .flatMap((t) => Array<number>(this.force[t] ?? 0).fill(t));
    const total = dice.reduce((a, b) => a + b, 0);
    const why = dice.length === 0 ? 'Add at least one die.' : forceRefusal(asState(v), dice, me);
    const change = (t: number, by: number) => {
      this.force = { ...this.force, [t]: Math.max(0, (this.force[t] ?? 0) + by) };
      this.renderControls();
    };
    return h(
      'div',
      { class: 'pw-builder', role: 'group', 'aria-label': 'Your force', style: 'display:grid;gap:0.35rem' },
      h(
        'p',
        { class: 'pw-total', 'aria-live': 'polite', style: 'margin:0;font-weight:700' },
        `Your force: ${total} of ${budget} sides, ${dice.length} ${dice.length === 1 ? 'die' : 'dice'}`,
      ),
      h(
        'div',
        { class: 'pw-types', style: 'display:flex;flex-wrap:wrap;gap:0.3rem 0.8rem' },
        v.allowed.map((t) =>
          h(
            'div',
            { class: 'pw-type', key: t, style: 'display:inline-flex;align-items:center;gap:0.3rem' },
            h(
              'button',
              {
                type: 'button',
                'aria-label': `One d${t} fewer`,
                disabled: !this.force[t],
                onClick: () => change(t, -1),
              },
              '−',
            ),
            h(
              'span',
              { class: 'pw-count', style: 'min-width:4.2em;text-align:center' },
              `${this.force[t] ?? 0} × d${t}`,
            ),
            h(
              'button',
              {
                type: 'button',
                'aria-label': `One d${t} more`,
                disabled: total + t > budget,
                onClick: () => change(t, 1),
              },
              '+',
            ),
          ),
        ),
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'primary pw-done',
          disabled: why !== null,
          title: why ?? undefined,
          onClick: () => {
            if (!why) this.ctx.act({ type: 'build', dice });
          },
        },
        why && dice.length ? `Done (${why})` : 'Done',
      ),
    );
  }

  /**
   * Every legal move in words, for keyboard and screen-reader players (and tests): choose a die, then one of its
   * moves (its attacks, a few sensible steps, its power, tags and drops); the moves no die makes follow. Each item
   * sends the legal action as listed.
   */
  private allMoves() {
    const v = this.view;
    const snap = this.snap;
    const legal = this.legal.filter((a) => a.type !== 'build');
    if (!v || !snap || legal.length === 0) return null;
    const dieOf = (a: PolywarsAction): number | null =>
      'die' in a && typeof a.die === 'number' && a.type !== 'unleash' ? a.die : null;
    const byDie = new Map<number, PolywarsAction[]>();
    const other: PolywarsAction[] = [];
    for (const a of legal) {
      const id = dieOf(a);
      if (id === null) other.push(a);
      else byDie.set(id, [...(byDie.get(id) ?? []), a]);
    }
    const chosen = this.listDie !== null && byDie.has(this.listDie) ? this.listDie : null;
    const item = (a: PolywarsAction, i: number) =>
      h(
        'li',
        { key: `${i}` },
        h(
          'button',
          {
            type: 'button',
            onClick: () => {
              this.ctx.act(a);
              this.listDie = null;
              this.renderControls();
            },
          },
          moveLabel(a, snap),
        ),
      );
    const dieMoves = chosen === null ? [] : this.sensible(v, byDie.get(chosen)!);
    return h(
      'details',
      {
        class: 'pw-moves',
        style: 'margin:0.3rem 0',
        // The same rule as every game's list (all-moves.ts): open until the player folds it.
        open: movesOpen(),
        onToggle: (e: Event) => rememberMoves((e.currentTarget as HTMLDetailsElement).open),
      },
      h('summary', { style: 'cursor:pointer;padding:0.3rem 0' }, `All moves (${legal.length})`),
      byDie.size
        ? h(
            'div',
            { role: 'group', 'aria-label': 'Choose a die', style: 'display:flex;flex-wrap:wrap;gap:0.3rem' },
            [...byDie.keys()].map((id) =>
              h(
                'button',
                {
                  type: 'button',
                  key: id,
                  'aria-pressed': chosen === id,
                  onClick: () => {
                    this.listDie = chosen === id ? null : id;
                    this.select(this.listDie);
                    this.say(this.listDie === null ? '' : this.describeSelection());
                    this.redraw();
                  },
                },
                dieName(v.dice[id]!, snap),
              ),
            ),
          )
        : null,
      chosen !== null
        ? h('ul', { 'aria-label': `Moves of ${dieName(v.dice[chosen]!, snap)}`, style: LIST }, dieMoves.map(item))
        : null,
      other.length ? h('ul', { 'aria-label': 'Other moves', style: LIST }, other.map(item)) : null,
    );
  }

  /**
   * A die's moves for the list: all but its steps, and of the steps the rules list (a sample of points) a few that
   * mean something: the one nearest each enemy die's, base's and loose flag's direction, and the longest.
   */
  private sensible(v: PolywarsView, moves: PolywarsAction[]): PolywarsAction[] {
    const steps = moves.filter((a): a is Extract<PolywarsAction, { type: 'step' }> => a.type === 'step');
    const rest = moves.filter((a) => a.type !== 'step');
    if (steps.length === 0) return rest;
    const d = v.dice[steps[0]!.die]!;
    const marks: { x: number; y: number }[] = [];
    let nearest: { x: number; y: number; dist: number } | null = null;
    for (const o of v.dice) {
      if (!o.alive || o.x === null || o.owner === d.owner) continue;
      const dist = Math.hypot(o.x - d.x!, o.y! - d.y!);
      if (!nearest || dist < nearest.dist) nearest = { x: o.x, y: o.y!, dist };
    }
    if (nearest) marks.push(nearest);
    for (const b of v.bases) if (b) marks.push(b);
    for (const f of v.flags) if (f.carrier === null) marks.push(f);
    marks.push({ x: v.field.width / 2, y: v.field.height / 2 });
    const picked = new Set<Extract<PolywarsAction, { type: 'step' }>>();
    for (const m of marks) {
      let best = steps[0]!;
      for (const a of steps) if (Math.hypot(a.x - m.x, a.y - m.y) < Math.hypot(best.x - m.x, best.y - m.y)) best = a;
      picked.add(best);
    }
    let longest = steps[0]!;
    for (const a of steps)
      if (Math.hypot(a.x - d.x!, a.y - d.y!) > Math.hypot(longest.x - d.x!, longest.y - d.y!)) longest = a;
    picked.add(longest);
    return [...rest, ...steps.filter((a) => picked.has(a))];
  }

  private movable(id: number | null): boolean {
    const v = this.view;
    if (!v || id === null || !this.myTurn || v.dice[id]?.owner !== this.me) return false;
    return canStep(asState(v), v.dice[id]);
  }

  private toScreen(p: Pt): Pt {
    return this.camera.toScreen(p);
  }

  /**
   * What the default fit frames: every die on the field, the bases and loose flags, with a margin; before the
   * dice stand, the viewer's own zone (a spectator's: every zone). At least 5 R each way, inside the field.
   */
  /**
   * A landscape field in a portrait box (a phone held upright) is turned a quarter, so it fills the screen instead
   * of leaving bands above and below: the viewer's own side (a spectator: the first seat's) at the bottom. The
   * whole field then fits min(h / w, width / height) times larger: turned from 5% on.
   */
  private turnOf(v: PolywarsView, box: { w: number; h: number }): Turn {
    if (!(box.h > box.w * 1.05 && v.field.width > v.field.height)) return 0;
    const seat = this.me ?? 0;
    const zone = v.zones[seat];
    const own = v.dice.filter((d) => d.owner === seat && d.x !== null);
    const x = zone
      ? (zone.x0 + zone.x1) / 2
      : own.length
        ? own.reduce((a, d) => a + d.x!, 0) / own.length
        : v.field.width / 2;
    // Anticlockwise puts the field's west edge at the bottom; clockwise, its east edge.
    return x <= v.field.width / 2 ? 1 : 3;
  }

  private frameOf(v: PolywarsView, turn: Turn = 0) {
    const pts: { x: number; y: number; r: number }[] = [];
    for (const d of v.dice) if (d.alive && d.x !== null) pts.push({ x: d.x, y: d.y!, r: 40 });
    for (const b of v.bases) if (b) pts.push({ x: b.x, y: b.y, r: 110 });
    for (const f of v.flags) if (f.carrier === null) pts.push({ x: f.x, y: f.y, r: 40 });
    if (pts.length === 0) {
      const mine = this.me !== null ? v.zones[this.me] : undefined;
      for (const z of mine ? [mine] : v.zones) pts.push({ x: z.x0, y: z.y0, r: 0 }, { x: z.x1, y: z.y1, r: 0 });
    }
    if (pts.length === 0) return undefined;
    const M = 40;
    let x0 = Math.min(...pts.map((p) => p.x - p.r)) - M;
    let x1 = Math.max(...pts.map((p) => p.x + p.r)) + M;
    let y0 = Math.min(...pts.map((p) => p.y - p.r)) - M;
    let y1 = Math.max(...pts.map((p) => p.y + p.r)) + M;
    const grow = (a: number, b: number, size: number): [number, number] => {
      const need = Math.max(0, 500 - (b - a)) / 2;
      a = Math.max(0, a - need);
      b = Math.min(size, b + need);
      return [a, b];
    };
    // Dice are drawn at least MIN_R across and pushed apart where they crowd: room for two discs more each way.
    const box = turn ? { w: this.fieldBox.h, h: this.fieldBox.w } : this.fieldBox;
    const k = Math.min(box.w / Math.max(1, x1 - x0), box.h / Math.max(1, y1 - y0));
    const pad = (2 * MIN_R + 4) / (k * Math.max(0.3, 1 - (2 * (2 * MIN_R + 4)) / Math.max(1, Math.min(box.w, box.h))));
    [x0, x1] = grow(Math.max(0, x0 - pad), Math.min(v.field.width, x1 + pad), v.field.width);
    [y0, y1] = grow(Math.max(0, y0 - pad), Math.min(v.field.height, y1 + pad), v.field.height);
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }

  private tap(p: Pt) {
    const v = this.view;
    if (!v || v.phase === 'build') return;
    const sel = this.overlay.selected !== null ? v.dice[this.overlay.selected] : undefined;
    // With a die ready to step, only a tap on a die's middle picks it: a disc is drawn larger than a step on a phone,
    // so a tap on its rim or just beside it is a point to step to; otherwise a near miss still picks a die.
    const ready = !!sel && this.movable(sel.id);
    const d = this.field.dieAt(v, this.toScreen(p), ready ? -MIN_R * 0.45 : 8);
    // In one's Action Phase the selected die's power may be aimed on the field (power-taps.ts).
    const power = sel && this.me !== null && d?.id !== sel.id ? powerByTap(v, this.me, sel, d, p) : null;
    if (power) {
      if ('action' in power) {
        this.ctx.act(power.action);
        this.say('');
      } else this.say(power.reason);
      return this.redraw();
    }
    if (d && sel && d.owner !== sel.owner && this.myTurn && v.turnPhase === 'attack' && sel.owner === this.me) {
      if (this.overlay.target === d.id) return this.confirmAttack();
      const check = checkAttack(v, sel, d);
      if (!check.ok) {
        this.overlay.target = null;
        this.attackLabel = null;
        this.say(`${dieName(sel, this.snap)} cannot attack ${dieName(d, this.snap)}: ${check.message}`);
      } else if (v.attacked.includes(sel.id)) {
        this.say(`${dieName(sel, this.snap)} has already attacked in this phase.`);
      } else {
        this.overlay.target = d.id;
        const text = `${dieName(sel, this.snap)} ${check.range ? `zaps at range ${check.range}` : 'attacks side to side'} ${dieName(d, this.snap)}: ${oddsText(odds(sel, check.range))}`;
        this.say(`${text}. Tap it again or press Attack.`);
        this.attackLabel = `Attack ${dieName(d, this.snap)}`;
        this.renderControls();
      }
      return this.redraw();
    }
    if (d) {
      this.select(this.overlay.selected === d.id ? null : d.id);
      this.say(this.overlay.selected === null ? '' : this.describeSelection());
      return this.redraw();
    }
    if (sel && this.movable(sel.id)) return this.tryStep(sel.id, p);
    if (sel && sel.owner === this.me && this.myTurn && (v.turnPhase === 'move' || v.turnPhase === 'speed')) {
      this.select(null);
      this.say(STEP_REASONS['cannot-step'] ?? 'That die cannot step.');
      return this.redraw();
    }
    this.select(null);
    this.say('');
    this.redraw();
  }

  private describeSelection(): string {
    const v = this.view!;
    const d = v.dice[this.overlay.selected!]!;
    const aura = d.aura ? `, carrying the ${d.aura} aura` : '';
    const hint = this.movable(d.id)
      ? ' Tap a point inside the white circle, or drag the die, to step.'
      : this.myTurn && v.turnPhase === 'attack' && d.owner === this.me
        ? ' Tap a target on a green line for the odds.'
        : this.myTurn && v.turnPhase === 'action' && d.owner === this.me
          ? (POWER_HINTS[d.sides] ?? '')
          : '';
    return `${d.owner === this.me ? 'Yours: ' : ''}${dieName(d, this.snap)}${aura}.${hint}`;
  }

  private press(p: Pt): boolean {
    const v = this.view;
    if (!v) return false;
    const d = this.field.dieAt(v, this.toScreen(p), 8);
    this.pressed = d && this.movable(d.id) ? d.id : null;
    return this.pressed !== null;
  }

  /** Dragging one's own movable die: it becomes the selection, and dropping it is a step. (A press alone is a tap.) */
  private dragTo(p: Pt, end: boolean) {
    const id = this.pressed;
    if (id === null) return;
    if (this.overlay.selected !== id) this.select(id);
    if (end) return this.tryStep(id, p);
    this.overlay.ghost = { die: id, x: p.x, y: p.y, refused: false };
    this.redraw();
  }

  /** A step to a tapped or dropped point: checked here first, so a refused one snaps back with its reason at once. */
  private tryStep(id: number, p: Pt) {
    const v = this.view!;
    const x = Math.round(Math.max(0, p.x));
    const y = Math.round(Math.max(0, p.y));
    const d = v.dice[id]!;
    const why = !canStep(asState(v), d) ? 'cannot-step' : stepCheck(asState(v), d, x, y);
    clearTimeout(this.snapBack);
    if (why) {
      this.overlay.ghost = { die: id, x, y, refused: true };
      this.say(STEP_REASONS[why] ?? 'That step is not allowed.');
      this.snapBack = setTimeout(() => {
        this.overlay.ghost = null;
        this.redraw();
      }, 700);
    } else {
      this.overlay.ghost = { die: id, x, y, refused: false };
      this.say('');
      this.ctx.act({ type: 'step', die: id, x, y });
      // Should the server refuse it after all (its reason shows with the table's errors), the die goes back.
      this.snapBack = setTimeout(() => {
        this.overlay.ghost = null;
        this.redraw();
      }, 2500);
    }
    this.redraw();
  }

  private confirmAttack() {
    const { selected, target } = this.overlay;
    if (selected === null || target === null) return;
    this.ctx.act({ type: 'attack', die: selected, target });
    this.overlay.target = null;
    this.attackLabel = null;
    this.renderControls();
    this.redraw();
  }

  private layout() {
    if (!this.view || this.destroyed) return;
    const W = this.ctx.stage.width;
    const H = this.ctx.stage.height;
    const top = 58;
    // The players' line wraps on a narrow screen: the field gives up a row for each extra line.
    const bottom = 10 + 16 * this.placePlayers(this.view, this.snap!, W, H);
    this.fieldBox = { x: 6, y: top + 4, w: Math.max(1, W - 12), h: Math.max(1, H - top - bottom - 8) };
    const turn = this.turnOf(this.view, this.fieldBox);
    this.camera.fit(this.fieldBox, this.view.field, this.frameOf(this.view, turn), turn);
    this.redraw();
  }

  private redraw() {
    const v = this.view;
    const snap = this.snap;
    if (!v || !snap || this.destroyed) return;
    const W = this.ctx.stage.width;
    const H = this.ctx.stage.height;
    this.overlay.canStep = this.movable(this.overlay.selected);
    this.overlay.attackPhase = this.myTurn && v.turnPhase === 'attack';
    this.field.draw(v, this.camera, this.overlay, this.me, this.fieldBox);
    this.drawBar(v, snap, W);
    const rows = this.playerRows;
    if (this.placePlayers(v, snap, W, H) !== rows) return this.layout();
    this.renderSummary(v, snap);
    // Where each die is drawn, for tests that tap the field like a player.
    const dice = Object.fromEntries(
      v.dice
        .filter((d) => d.alive && d.x !== null)
        .map((d) => {
          const spot = this.field.spotOf(d.id) ?? { ...this.toScreen({ x: d.x!, y: d.y! }), r: 0 };
          return [d.id, [Math.round(spot.x), Math.round(spot.y), d.owner, Math.round(spot.r * 2), dieName(d, snap)]];
        }),
    );
    // And every label's box, the players' line's, and the field's box, for tests that check nothing overlaps or is cut.
    const round = (b: { x: number; y: number; w: number; h: number }) =>
      [b.x, b.y, b.w, b.h].map((n) => Math.round(n * 10) / 10);
    const labels = this.field.boxes.map((b) => [b.kind, b.text, ...round(b)]);
    const players = this.players
      .slice(0, v.inGame.length)
      .map((l) => round({ x: l.text.x, y: l.text.y - l.height / 2, w: l.width, h: l.height }));
    this.ctx.stage.hook('polywars', {
      scale: this.camera.scale,
      ox: this.camera.ox,
      oy: this.camera.oy,
      me: this.me,
      // How the field lies (camera.ts Turn), and where its middle is drawn: with a turn, `ox`/`oy` place the
      // turned field's corner, so tests aim with `toScreen`'s points (`truth`, `mid`), not with `ox + x * scale`.
      turn: this.camera.turn,
      mid: (({ x, y }) => [Math.round(x), Math.round(y)])(
        this.toScreen({ x: v.field.width / 2, y: v.field.height / 2 }),
      ),
      selected: this.overlay.selected,
      sw: this.ctx.stage.width,
      sh: this.ctx.stage.height,
      field: v.field,
      box: round(this.fieldBox),
      shown: round(this.field.shown),
      moving: this.myTurn && (v.turnPhase === 'move' || v.turnPhase === 'speed'),
      dice,
      // Where each die really stands on screen (its disc may be drawn pushed clear of a crowded neighbour).
      truth: Object.fromEntries(
        v.dice
          .filter((d) => d.alive && d.x !== null)
          .map((d) => {
            const t = this.toScreen({ x: d.x!, y: d.y! });
            return [d.id, [Math.round(t.x), Math.round(t.y)]];
          }),
      ),
      labels,
      dropped: this.field.dropped,
      players,
    });
    this.ctx.stage.invalidate();
  }

  /** Initiative → Healing → Attack → Move → Action → the next player, always on top of the field. */
  private drawBar(v: PolywarsView, snap: Snapshot, W: number) {
    const b = this.bar.clear();
    b.rect(0, 0, W, 58).fill({ color: BAR, alpha: 0.96 });
    const lit = phaseIndex(v);
    const nextW = W < 520 ? 0 : 150;
    const pillW = Math.min(110, (W - 12 - nextW) / PHASES.length);
    this.pills.forEach((p, i) => {
      const x = 6 + i * pillW;
      b.roundRect(x + 2, 5, pillW - 4, 22, 11).fill({ color: i === lit ? LIT : 0x2f4537 });
      // Narrow bars (a phone) shorten the names rather than let them run into each other.
      const name = (pillW < 44 ? SHORT[i]?.slice(0, 1) : pillW < 72 ? SHORT[i] : PHASES[i]) ?? '';
      p.set(name, { color: i === lit ? 0x1c2a21 : MUTED, size: pillW < 72 ? 12 : 13 });
      p.text.position.set(Math.round(x + pillW / 2), 16);
    });
    const i = v.turn !== null ? v.order.indexOf(v.turn) : -1;
    const after = i >= 0 ? v.order.slice(i + 1).find((s) => v.inGame[s]) : undefined;
    this.next.set(
      nextW && after !== undefined
        ? `then ${seatName(snap, after)}`
        : nextW && v.cycle
          ? `cycle ${v.cycle} of ${v.cycleLimit}`
          : '',
    );
    this.next.text.position.set(Math.round(6 + PHASES.length * pillW + 8), 16);
    const line = statusLine(v, snap);
    // Shrunk to clear the turn's dot at the right (never under 12 px), else shortened to its first part.
    const look = { size: W < 420 ? 12 : 13, color: v.toAct.includes(this.me ?? -1) ? LIT : INK, weight: 400 as const };
    this.status.fit(line, look, W - 30, 12);
    if (this.status.width > W - 30) this.status.fit(line.replace(/ \(.*\)$/, ''), look, W - 30, 12);
    this.status.text.position.set(8, 43);
    if (v.turn !== null) b.circle(W - 12, 43, 5).fill(SEAT_COLORS[v.turn % 6]);
  }

  /**
   * The players' line at the bottom, wrapped into as many rows as the width needs (a phone with three or more
   * players), so no name is cut at the edge. Returns the number of rows.
   */
  private placePlayers(v: PolywarsView, snap: Snapshot, W: number, H: number): number {
    const rows: Label[][] = [[]];
    let x = 8;
    for (let s = 0; s < v.inGame.length; s++) {
      let label = this.players[s];
      if (!label) {
        label = new Label({ size: 12, color: INK, weight: 700 }, 0, 0.5);
        this.players[s] = label;
        this.container.addChild(label.text);
      }
      const dice = v.dice.filter((d) => d.owner === s && d.alive && d.x !== null);
      const text = `${seatName(snap, s)}${s === this.me ? ' (you)' : ''}: ${v.inGame[s] ? `${dice.length} dice` : 'out'}${v.lastBids && v.phase !== 'bid' ? `, bid ${v.lastBids[s]}` : ''}`;
      const l = label.set(text, { color: v.inGame[s] ? SEAT_COLORS[s % 6] : MUTED, size: 12 });
      if (x > 8 && x + l.width > W - 8) {
        rows.push([]);
        x = 8;
      }
      l.text.x = Math.round(x);
      rows[rows.length - 1]!.push(l);
      x += l.width + 12;
    }
    rows.forEach((row, i) => {
      for (const l of row) l.text.y = Math.round(H - 13 - 16 * (rows.length - 1 - i));
    });
    this.playerRows = rows.length;
    return rows.length;
  }

  private renderSummary(v: PolywarsView, snap: Snapshot) {
    const per = v.inGame.map((on, s) => {
      const dice = v.dice.filter((d) => d.owner === s && d.alive && d.x !== null);
      return `${seatName(snap, s)}: ${on ? dice.map((d) => dieName(d, snap)).join(', ') || 'no dice on the field' : 'out'}`;
    });
    this.summary = `${statusLine(v, snap)}. ${per.join('. ')}.`;
    this.renderControls();
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.snapBack);
    this.offResize();
    this.camera.destroy();
    render(null, this.ctx.controls);
    this.ctx.stage.hook('polywars', undefined);
    for (const l of [...this.pills, this.next, this.status, ...this.players]) l.destroy();
    this.field.destroy();
    this.container.destroy({ children: true });
  }
}

export const createView: ViewFactory = (ctx) => new PolywarsTable(ctx);
