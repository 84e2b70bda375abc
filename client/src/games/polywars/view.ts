// The Polywars table: the phase bar on top, the zoomable battlefield, the players below; tap a die to see its reach
// and sightlines, tap or drag to step, tap an enemy for the odds and again to attack. Secret steps use the buttons.
import { Container, Graphics } from 'pixi.js';
import { h, render } from 'preact';
import type { PolywarsView } from '@dicehall/shared/polywars';
import { canStep, stepCheck } from '@dicehall/shared/polywars';
import type { Snapshot } from '../../net/store';
import { Label } from '../../engine/text';
import type { GameView, ViewContext, ViewFactory } from '../types';
import { Camera, type Pt } from './camera';
import { Battlefield, SEAT_COLORS, type Overlay } from './draw';
import { powerByTap } from './power-taps';
import { asState, checkAttack, dieName, odds, oddsText, PHASES, phaseIndex, seatName, statusLine } from './text';
import { INK, MUTED } from '../../engine/palette';

const BAR = 0x1c2a21;
const LIT = 0xffe08a;
const SHORT = ['Init.', 'Heal', 'Attack', 'Move', 'Action'];

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
    // A new line, not more lines: earlier ones a late joiner asks for are no move of now.
    const lastLine = snap.log[snap.log.length - 1]?.seq ?? -1;
    if (lastLine !== this.lastLog) {
      this.lastLog = lastLine;
      if (!this.overlay.ghost?.refused) this.overlay.ghost = null;
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

  private movable(id: number | null): boolean {
    const v = this.view;
    if (!v || id === null || !this.myTurn || v.dice[id]?.owner !== this.me) return false;
    return canStep(asState(v), v.dice[id]);
  }

  private tap(p: Pt) {
    const v = this.view;
    if (!v || v.phase === 'build') return;
    const sel = this.overlay.selected !== null ? v.dice[this.overlay.selected] : undefined;
    // With a die ready to step, a tap just beside a die is a point to step to; otherwise a near miss still picks it.
    const d = this.field.dieAt(v, p, (sel && this.movable(sel.id) ? 2 : 8) / this.camera.scale);
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
        this.say(`${dieName(sel)} cannot attack ${dieName(d)}: ${check.message}`);
      } else if (v.attacked.includes(sel.id)) {
        this.say(`${dieName(sel)} has already attacked in this phase.`);
      } else {
        this.overlay.target = d.id;
        const text = `${dieName(sel)} ${check.range ? `zaps at range ${check.range}` : 'attacks side to side'} ${dieName(d)}: ${oddsText(odds(sel, check.range))}`;
        this.say(`${text}. Tap it again or press Attack.`);
        this.attackLabel = `Attack ${dieName(d)}`;
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
    const owner = d.owner === this.me ? 'Your' : `${seatName(this.snap, d.owner)}'s`;
    const aura = d.aura ? `, carrying the ${d.aura} aura` : '';
    const hint = this.movable(d.id)
      ? ' Tap a point inside the white circle, or drag the die, to step.'
      : this.myTurn && v.turnPhase === 'attack' && d.owner === this.me
        ? ' Tap a target on a green line for the odds.'
        : this.myTurn && v.turnPhase === 'action' && d.owner === this.me
          ? (POWER_HINTS[d.sides] ?? '')
          : '';
    return `${owner} ${dieName(d)}${aura}.${hint}`;
  }

  private press(p: Pt): boolean {
    const v = this.view;
    if (!v) return false;
    const d = this.field.dieAt(v, p, 8 / this.camera.scale);
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
    this.camera.fit(this.fieldBox, this.view.field);
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
        .map((d) => [
          d.id,
          [
            Math.round(this.camera.ox + d.x! * this.camera.scale),
            Math.round(this.camera.oy + d.y! * this.camera.scale),
            d.owner,
          ],
        ]),
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
      selected: this.overlay.selected,
      sw: this.ctx.stage.width,
      sh: this.ctx.stage.height,
      field: v.field,
      box: round(this.fieldBox),
      shown: round(this.field.shown),
      moving: this.myTurn && (v.turnPhase === 'move' || v.turnPhase === 'speed'),
      dice,
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
      p.set(name, { color: i === lit ? 0x1c2a21 : MUTED, size: pillW < 72 ? 11 : 13 });
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
    this.status.set(line, { color: v.toAct.includes(this.me ?? -1) ? LIT : INK, size: W < 420 ? 12 : 13 });
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
      const l = label.set(text, { color: v.inGame[s] ? SEAT_COLORS[s % 6] : MUTED, size: W < 420 ? 11 : 12 });
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
      return `${seatName(snap, s)}: ${on ? dice.map(dieName).join(', ') || 'no dice on the field' : 'out'}`;
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
