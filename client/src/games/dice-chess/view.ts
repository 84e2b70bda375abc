// Dice Chess board: the 8x8 board turned to the viewer, dice with pips in seat colours, captures and totals
// beside each side, tap/drag to move (legal moves from the server) or to arrange in secret before play (C2).
import { Container, Graphics, Rectangle, type FederatedPointerEvent } from 'pixi.js';
import type { DiceChessView } from '../../../../shared/src/games/dice-chess/view';
import type { Snapshot } from '../../net/store';
import { h } from '../../ui/dom';
import type { GameView, ViewContext, ViewFactory } from '../types';
import { PipDie } from './die';
import { Label } from './label';
import { privateShuffle, SECRET_NOTE } from './shuffle';
import { drawProgressMark, quietNote, quietWords } from './progress';

const SEAT_COLORS = [0xe8b04b, 0x5b9bd5];
const FILES = 'abcdefgh';
const LIGHT = 0x4d6e5a;
const DARK = 0x36543f;
const INK = 0xf2efe6;
const MUTED = 0xa9b8ae;
const WARN = 0xffb347;
const DANGER = 0xff8a7a;

type Move = { type: 'move'; from: string; to: string };
type Seat = 0 | 1;

interface Box { x: number; y: number; w: number; h: number }

interface Layout {
  sq: number;
  /** Board origin (top-left of the a8/h1 corner as drawn). */
  bx: number;
  by: number;
  /** Width of the rank labels on the left and height of the file labels below. */
  lab: number;
  portrait: boolean;
  /** Side panels by screen position: [top (the far side), bottom (the viewer's side)]. */
  panels: [Box, Box];
  quiet: Box;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const sqIndex = (name: string) => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
const sqName = (i: number) => FILES[i & 7] + String((i >> 3) + 1);

/** Landscape puts the side panels in a column right of the board; portrait puts them in strips above and below. */
function computeLayout(W: number, H: number): Layout {
  const pad = 8;
  const panelW = clamp(Math.round(W * 0.28), 210, 320);
  const labL = 18;
  const sqL = Math.floor(Math.min((H - 2 * pad - labL) / 8, (W - panelW - 3 * pad - labL - 16) / 8));
  const strip = 46;
  const quietRow = 20;
  const labP = 14;
  const sqP = Math.floor(Math.min((W - 2 * pad - labP) / 8, (H - 2 * strip - quietRow - labP - 2 * pad) / 8));
  if (sqL >= sqP) {
    const sq = clamp(sqL, 16, 84);
    const w = Math.min(panelW, Math.max(180, W - (labL + 8 * sq + 16) - 2 * pad));
    const x0 = Math.max(pad, (W - (labL + 8 * sq + 16 + w)) / 2);
    const bx = x0 + labL;
    const by = Math.max(pad, (H - 8 * sq - labL) / 2);
    const px = bx + 8 * sq + 16;
    const ph = Math.round(8 * sq * 0.38);
    return {
      sq, bx, by, lab: labL, portrait: false,
      panels: [{ x: px, y: by, w, h: ph }, { x: px, y: by + 8 * sq - ph, w, h: ph }],
      quiet: { x: px, y: by + ph, w, h: 8 * sq - 2 * ph },
    };
  }
  const sq = clamp(sqP, 16, 84);
  const bx = (W - 8 * sq - labP) / 2 + labP;
  const y0 = Math.max(0, (H - (2 * strip + quietRow + 8 * sq + labP)) / 2);
  const by = y0 + strip;
  const x = bx - labP;
  const w = 8 * sq + labP;
  const below = by + 8 * sq + labP;
  return {
    sq, bx, by, lab: labP, portrait: true,
    panels: [{ x, y: y0, w, h: strip }, { x, y: below, w, h: strip }],
    quiet: { x, y: below + strip, w, h: quietRow },
  };
}


/** One side's panel: name and state, dice on the board with their total, captured dice with theirs. */
class SidePanel {
  readonly container = new Container();
  readonly frame = new Graphics();
  readonly name = new Label({ size: 18, color: INK, weight: 700 });
  readonly stats = new Label({ size: 14, color: MUTED });
  readonly taken = new Label({ size: 14, color: MUTED });
  readonly dice: PipDie[] = [];

  constructor() {
    this.container.addChild(this.frame, this.name.sprite, this.stats.sprite, this.taken.sprite);
  }

  die(i: number): PipDie {
    while (this.dice.length <= i) {
      const d = new PipDie();
      this.dice.push(d);
      this.container.addChild(d.container);
    }
    return this.dice[i];
  }
}

interface Drag {
  from: number;
  x: number;
  y: number;
  moved: boolean;
  wasSelected: boolean;
}

class DiceChessBoard implements GameView {
  readonly container = new Container();
  private squares = new Graphics();
  private marks = new Graphics();
  private labels: Label[] = [];
  private diceLayer = new Container();
  private pool: PipDie[] = [];
  /** The die drawn on each square index, this frame. */
  private onSquare = new Map<number, PipDie>();
  private fading: PipDie | null = null;
  private hit = new Container();
  private panels = [new SidePanel(), new SidePanel()];
  private quietLabel = new Label({ size: 14, color: MUTED });
  private quietNote = new Label({ size: 13, color: MUTED });
  private quietBar = new Graphics();

  private layout: Layout;
  private snap: Snapshot | null = null;
  private view: DiceChessView | null = null;
  private key = '';
  private lastSeq = -1;
  /** Bumped on every redraw: an animation from an earlier frame stops touching the sprites. */
  private frame = 0;
  private destroyed = false;

  // Client-local input state.
  private selected: number | null = null;
  private drag: Drag | null = null;
  /** The arrangement being built (indices into this seat's rolled dice, per home slot), until Confirm. */
  private order: number[] | null = null;
  private orderFor = '';
  private confirming = false;
  private confirmTimer: ReturnType<typeof setTimeout> | undefined;

  // The accessible HTML layer this view adds to ctx.controls.
  private arrangeBox: HTMLElement | null = null;
  private slotButtons: HTMLButtonElement[] = [];
  private confirmButton: HTMLButtonElement | null = null;
  private summary: HTMLElement;

  private offResize: () => void;

  constructor(private ctx: ViewContext) {
    this.hit.eventMode = 'static';
    this.hit.cursor = 'pointer';
    this.marks.eventMode = 'none';
    this.squares.eventMode = 'none';
    for (let i = 0; i < 16; i++) {
      this.labels.push(new Label({ size: 13, color: MUTED, weight: 700 }, 0.5, 0.5));
    }
    this.container.addChild(this.squares, ...this.labels.map((l) => l.sprite), this.marks, this.diceLayer,
      ...this.panels.map((p) => p.container), this.quietBar, this.quietLabel.sprite, this.quietNote.sprite, this.hit);
    this.hit.on('pointerdown', this.onDown);
    this.hit.on('globalpointermove', this.onMove);
    this.hit.on('pointerup', this.onUp);
    this.hit.on('pointerupoutside', this.onCancel);
    this.summary = h('p', { class: 'dc-summary', style: 'margin:0;color:var(--muted);font-size:0.92rem' });
    this.layout = computeLayout(ctx.stage.width, ctx.stage.height);
    this.offResize = ctx.stage.onResize(() => {
      this.layout = computeLayout(ctx.stage.width, ctx.stage.height);
      this.redraw();
    });
  }

  // ---- geometry ----------------------------------------------------------------------------------

  /** The seat drawn at the bottom: the viewer's own, or the first seat for spectators. */
  private get bottom(): Seat {
    return this.snap?.mySeat === 1 ? 1 : 0;
  }

  /** Screen column and row (0..7 from the top-left) of a square index. */
  private cell(i: number): [number, number] {
    const f = i & 7;
    const r = i >> 3;
    return this.bottom === 0 ? [f, 7 - r] : [7 - f, r];
  }

  private center(i: number): [number, number] {
    const [c, r] = this.cell(i);
    const { bx, by, sq } = this.layout;
    return [bx + (c + 0.5) * sq, by + (r + 0.5) * sq];
  }

  private squareAt(x: number, y: number): number | null {
    const { bx, by, sq } = this.layout;
    const c = Math.floor((x - bx) / sq);
    const r = Math.floor((y - by) / sq);
    if (c < 0 || c > 7 || r < 0 || r > 7) return null;
    const f = this.bottom === 0 ? c : 7 - c;
    const rank = this.bottom === 0 ? 7 - r : r;
    return rank * 8 + f;
  }

  // ---- state -------------------------------------------------------------------------------------

  update(snap: Snapshot) {
    const view = snap.view as DiceChessView | null;
    if (!view || !Array.isArray(view.rolled)) return;
    // Redraw only when something this view draws changed (chat, presence and the like do not).
    const names = snap.seats.map((s) => s.name);
    const key = JSON.stringify([view, snap.legal, snap.mySeat, names, snap.gameId, snap.round]);
    const prevSeq = this.lastSeq;
    const lastSeq = snap.log.length ? snap.log[snap.log.length - 1].seq : 0;
    this.snap = snap;
    if (key === this.key) return;
    this.key = key;
    this.view = view;
    this.lastSeq = lastSeq;
    const me = this.me;
    const orderFor = `${snap.gameId}:${snap.round}:${me}`;
    if (orderFor !== this.orderFor) {
      this.orderFor = orderFor;
      this.order = me === null ? null : privateShuffle(view.rolled[me].length);
      this.selected = null;
      this.confirming = false;
    }
    if (!this.canMove() && !this.canArrange()) this.selected = null;
    if (this.selected !== null && this.canMove() && this.targets(this.selected).length === 0) this.selected = null;
    this.drag = null;
    this.redraw();
    this.syncControls();
    // One new log entry is a move seen live: slide it (and tumble a capture's reroll). Jumps are not animated,
    // nor is anything for a player who asked the system for less motion.
    const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (prevSeq >= 0 && lastSeq === prevSeq + 1 && !still) this.animateLast(snap);
  }

  private get me(): Seat | null {
    const s = this.snap?.mySeat;
    return s === 0 || s === 1 ? s : null;
  }

  private canArrange(): boolean {
    const v = this.view;
    const me = this.me;
    return !!v && me !== null && v.phase === 'arrange' && !v.confirmed[me] && !this.confirming && this.snap?.phase === 'playing';
  }

  private canMove(): boolean {
    const v = this.view;
    const me = this.me;
    return !!v && me !== null && v.phase === 'play' && v.turn === me && this.snap?.phase === 'playing';
  }

  private moves(): Move[] {
    return ((this.snap?.legal ?? []) as Move[]).filter((a) => a && a.type === 'move');
  }

  private targets(from: number): Move[] {
    const name = sqName(from);
    return this.moves().filter((m) => m.from === name);
  }

  /** The dice to draw: the board in play; during the arrangement, this seat's dice as arranged and the others hidden. */
  private diceToDraw(): { sq: number; owner: Seat; value: number | null }[] {
    const v = this.view!;
    if (v.phase !== 'arrange') return v.board.map((d) => ({ sq: sqIndex(d.square), owner: d.owner as Seat, value: d.value }));
    const out: { sq: number; owner: Seat; value: number | null }[] = [];
    for (const seat of [0, 1] as const) {
      const homes = v.homeSquares[seat].map(sqIndex);
      const mine = seat === this.me;
      const values = mine ? (v.arrangement ?? this.order!.map((i) => v.rolled[seat][i])) : null;
      homes.forEach((sq, k) => out.push({ sq, owner: seat, value: values ? values[k] : null }));
    }
    return out;
  }

  // ---- drawing -----------------------------------------------------------------------------------

  private redraw() {
    const v = this.view;
    const snap = this.snap;
    if (!v || !snap || this.destroyed) return;
    this.frame++;
    const L = this.layout;
    const { sq, bx, by } = L;
    this.ctx.stage.app.canvas.dataset.diceChessBoard = `${bx},${by},${sq},${this.bottom}`;
    this.ctx.stage.report({ game: 'dice-chess', square: sq });

    // Squares and labels.
    this.squares.clear();
    this.squares.roundRect(bx - 4, by - 4, 8 * sq + 8, 8 * sq + 8, 6).fill(0x0f1a14);
    for (let i = 0; i < 64; i++) {
      const [c, r] = this.cell(i);
      const light = ((i & 7) + (i >> 3)) % 2 === 1;
      this.squares.rect(bx + c * sq, by + r * sq, sq, sq).fill(light ? LIGHT : DARK);
    }
    const labelSize = clamp(Math.round(sq * 0.26), 11, 15);
    for (let k = 0; k < 8; k++) {
      this.labels[k].set(this.bottom === 0 ? FILES[k] : FILES[7 - k], { size: labelSize })
        .at(bx + (k + 0.5) * sq, by + 8 * sq + L.lab / 2 + 1);
      this.labels[8 + k].set(String(this.bottom === 0 ? 8 - k : k + 1), { size: labelSize })
        .at(bx - L.lab / 2 - 2, by + (k + 0.5) * sq);
    }

    // Marks: last move, the arrangement's home squares, the selection and its destinations.
    const m = this.marks.clear();
    const tint = (i: number, color: number, alpha: number) => {
      const [c, r] = this.cell(i);
      m.rect(bx + c * sq, by + r * sq, sq, sq).fill({ color, alpha });
    };
    if (v.lastMove && v.phase !== 'arrange') {
      tint(sqIndex(v.lastMove.from), 0xf5e27a, 0.28);
      tint(sqIndex(v.lastMove.to), 0xf5e27a, 0.42);
      // The die on the arrival square covers most of its tint: a frame round the square still shows.
      const [c, r] = this.cell(sqIndex(v.lastMove.to));
      const w = Math.max(2, sq * 0.05);
      m.rect(bx + c * sq + w / 2, by + r * sq + w / 2, sq - w, sq - w).stroke({ width: w, color: 0xf5e27a, alpha: 0.9 });
    }
    const me = this.me;
    if (this.canArrange() && me !== null) for (const s of v.homeSquares[me]) tint(sqIndex(s), 0xffffff, 0.07);
    if (this.selected !== null) {
      tint(this.selected, 0xffffff, 0.3);
      if (this.canMove()) {
        const occupied = new Set(v.board.map((d) => sqIndex(d.square)));
        for (const t of this.targets(this.selected)) {
          const to = sqIndex(t.to);
          const [x, y] = this.center(to);
          if (occupied.has(to)) m.circle(x, y, sq * 0.44).stroke({ width: Math.max(3, sq * 0.07), color: DANGER, alpha: 0.95 });
          else if (v.progressMoves?.includes(`${t.from}-${t.to}`)) drawProgressMark(m, x, y, sq, this.bottom === v.turn);
          else m.circle(x, y, sq * 0.15).fill({ color: 0xffffff, alpha: 0.7 });
        }
      }
    }

    // Dice.
    this.onSquare.clear();
    this.fading?.destroy();
    this.fading = null;
    const dice = this.diceToDraw();
    dice.forEach((d, k) => {
      let die = this.pool[k];
      if (!die) {
        die = new PipDie();
        this.pool.push(die);
        this.diceLayer.addChild(die.container);
      }
      die.container.visible = true;
      die.container.rotation = 0;
      die.container.scale.set(1);
      die.container.alpha = d.value === null ? 0.55 : 1;
      die.set({ size: Math.round(sq * 0.8), fill: SEAT_COLORS[d.owner] }, d.value);
      const [x, y] = this.center(d.sq);
      die.container.position.set(x, y - sq * 0.02);
      this.onSquare.set(d.sq, die);
    });
    for (let k = dice.length; k < this.pool.length; k++) this.pool[k].container.visible = false;
    if (this.selected !== null) {
      const die = this.onSquare.get(this.selected);
      if (die) this.diceLayer.setChildIndex(die.container, this.diceLayer.children.length - 1);
    }

    this.hit.hitArea = new Rectangle(bx, by, 8 * sq, 8 * sq);
    this.hit.cursor = this.canMove() || this.canArrange() ? 'pointer' : 'default';
    this.drawPanels();
    this.drawQuiet();
    this.ctx.stage.invalidate();
  }

  private nameOf(seat: Seat): string {
    const n = this.snap?.seats[seat]?.name || `Player ${seat + 1}`;
    return seat === this.me ? `${n} (you)` : n;
  }

  private drawPanels() {
    const v = this.view!;
    const L = this.layout;
    const result = v.result;
    for (const pos of [0, 1] as const) {
      const seat: Seat = pos === 1 ? this.bottom : this.bottom === 0 ? 1 : 0;
      const enemy: Seat = seat === 0 ? 1 : 0;
      const p = this.panels[pos];
      const box = L.panels[pos];
      const arranging = v.phase === 'arrange';
      const toMove = arranging ? !v.confirmed[seat] : v.phase === 'play' && v.turn === seat;
      const won = !!result && result.winners.includes(seat);
      let state = '';
      if (arranging) state = v.confirmed[seat] ? 'ready' : 'arranging…';
      else if (result) state = result.draw ? 'draw' : won ? 'wins' : '';
      else if (toMove) state = 'to move';

      const f = p.frame.clear();
      if (!L.portrait) {
        f.roundRect(box.x, box.y, box.w, box.h, 10).fill({ color: 0x0f1a14, alpha: 0.55 });
        if (toMove || won) f.roundRect(box.x, box.y, box.w, box.h, 10).stroke({ width: 3, color: SEAT_COLORS[seat] });
      } else if (toMove || won) {
        // A bar in the side's colour beside its strip marks whose move it is.
        f.roundRect(box.x, box.y + 3, 5, box.h - 8, 2).fill(SEAT_COLORS[seat]);
      }
      const name = state ? `${this.nameOf(seat)} · ${state}` : this.nameOf(seat);
      const onBoard = v.diceOnBoard[seat];
      const rolledTotal = v.rolled[seat].reduce((a, b) => a + b, 0);
      // During the arrangement a side's rolled dice are public but their places are not: show them here,
      // except the viewer's own, which stand on the board.
      // Sorted high to low, they read as what that side has to work with.
      const rolledSorted = [...v.rolled[seat]].sort((x, y) => y - x);
      const hidden = arranging && seat !== this.me;
      const minis = arranging ? (hidden && !L.portrait ? rolledSorted : []) : v.captured[seat];
      const miniOwner = arranging ? seat : enemy;
      const taken = arranging ? (hidden && L.portrait ? `rolled ${rolledSorted.join(' ')}` : '')
        : v.captured[seat].length === 0 ? (L.portrait ? 'no captures' : 'No captures yet')
          : L.portrait ? `took ${v.capturedTotals[seat]}` : `Captured ${v.captured[seat].length} · total ${v.capturedTotals[seat]}`;

      let mini: number;
      if (L.portrait) {
        const x = box.x + 12;
        const right = box.x + box.w - 2;
        const stats = arranging ? `rolled total ${rolledTotal}` : `${onBoard} ${onBoard === 1 ? 'die' : 'dice'} · total ${v.boardTotals[seat]}`;
        p.stats.set(stats, { size: 13, color: INK });
        p.stats.at(right - p.stats.width, box.y + 4);
        this.fit(p.name, name, { size: 15, color: SEAT_COLORS[seat], weight: 700 }, right - p.stats.width - 10 - x);
        p.name.at(x, box.y + 2);
        p.taken.set(taken, { size: 13, color: minis.length || hidden ? INK : MUTED });
        mini = clamp(Math.floor((box.w - 24 - p.taken.width - 8) / Math.max(8, minis.length)) - 2, 10, 20);
        // The second line starts under the name as drawn, whatever the dice beside it.
        const dy = p.name.sprite.y + p.name.height + 1 + Math.max(mini, p.taken.height) / 2;
        minis.forEach((value, i) => this.placeMini(p.die(i), mini, miniOwner, value, x + mini / 2 + i * (mini + 2), dy));
        p.taken.at(x + minis.length * (mini + 2) + (minis.length ? 4 : 0), dy - p.taken.height / 2);
      } else {
        const fs = clamp(Math.round(box.w / 14), 15, 20);
        const x = box.x + 14;
        const stats = arranging ? `16 dice rolled, total ${rolledTotal}`
          : `${onBoard} ${onBoard === 1 ? 'die' : 'dice'} on the board · total ${v.boardTotals[seat]}`;
        this.fit(p.name, name, { size: fs + 1, color: SEAT_COLORS[seat], weight: 700 }, box.w - 28);
        p.name.at(x, box.y + 8);
        // Each line starts under the one above as drawn (a label's box includes its line height).
        this.fit(p.stats, stats, { size: fs - 3, color: INK }, box.w - 28);
        p.stats.at(x, p.name.sprite.y + p.name.height + 1);
        p.taken.set(taken, { size: fs - 3, color: minis.length ? INK : MUTED }).at(x, p.stats.sprite.y + p.stats.height + 1);
        const perRow = 8;
        mini = clamp(Math.floor((box.w - 28) / perRow) - 5, 12, 28);
        const top = (taken ? p.taken.sprite.y + p.taken.height : p.stats.sprite.y + p.stats.height) + 4;
        minis.forEach((value, i) => {
          const col = i % perRow;
          const row = Math.floor(i / perRow);
          this.placeMini(p.die(i), mini, miniOwner, value, x + mini / 2 + col * (mini + 5), top + mini / 2 + row * (mini + 6));
        });
      }
      for (let i = minis.length; i < p.dice.length; i++) p.dice[i].container.visible = false;
    }
  }

  /** Sets a label, shrinking its type (not below 12 px) until it fits `width`. */
  private fit(label: Label, text: string, style: { size: number; color: number; weight?: 400 | 700 }, width: number) {
    let size = style.size;
    label.set(text, { ...style, size });
    while (label.width > width && size > 12) label.set(text, { ...style, size: --size });
  }

  private placeMini(d: PipDie, size: number, owner: Seat, value: number, x: number, y: number) {
    d.container.visible = true;
    d.set({ size, fill: SEAT_COLORS[owner] }, value);
    d.container.position.set(x, y);
  }

  /** The no-effective-play counter (C7): quiet while far from the limit, loud when the game is about to end. */
  private drawQuiet() {
    const v = this.view!;
    const L = this.layout;
    const bar = this.quietBar.clear();
    const show = v.phase === 'play' || (v.phase === 'over' && v.result?.reason === 'no-effective-play');
    this.quietLabel.visible = this.quietNote.visible = show;
    if (!show) return;
    const { quiet, quietLimit } = v;
    const left = quietLimit - quiet;
    const near = left <= 2;
    const color = left <= 1 ? DANGER : near ? WARN : quiet > 0 ? INK : MUTED;
    const seg = L.portrait ? 9 : 16;
    const gap = 3;
    const barW = quietLimit * (seg + gap) - gap;
    if (L.portrait) {
      // Its own row under the viewer's strip: the bar, then the count in words.
      const x0 = L.quiet.x + 12;
      const y = L.quiet.y + 2;
      for (let i = 0; i < quietLimit; i++) bar.rect(x0 + i * (seg + gap), y + 3, seg, 12).fill({ color: i < quiet ? color : 0xffffff, alpha: i < quiet ? 1 : 0.16 });
      const words = quietWords(quiet, quietLimit, v.phase === 'over', true);
      this.fit(this.quietLabel, words, { size: 13, color, weight: near ? 700 : 400 }, L.quiet.w - barW - 30);
      this.quietLabel.at(x0 + barW + 8, y);
      this.quietNote.visible = false;
      return;
    }
    const x = L.quiet.x + 14;
    this.quietLabel.set(quietWords(quiet, quietLimit, v.phase === 'over', false), { size: near ? 17 : 15, color, weight: near ? 700 : 400 });
    const note = quietNote(left, v.phase === 'over');
    this.quietNote.set(note, { size: 13, color: near ? color : MUTED, wrap: L.quiet.w - 28 });
    // Title, bar and note stacked as drawn and centred in the space between the panels; the note goes when it would not fit.
    const barH = 16;
    let total = this.quietLabel.height + 4 + barH + 6 + this.quietNote.height;
    if (total > L.quiet.h) {
      this.quietNote.visible = false;
      total -= 6 + this.quietNote.height;
    }
    const y0 = L.quiet.y + Math.max(0, (L.quiet.h - total) / 2);
    this.quietLabel.at(x, y0);
    const barY = y0 + this.quietLabel.height + 4;
    for (let i = 0; i < quietLimit; i++) bar.roundRect(x + i * (seg + gap), barY, seg, barH, 3).fill({ color: i < quiet ? color : 0xffffff, alpha: i < quiet ? 1 : 0.16 });
    this.quietNote.at(x, barY + barH + 6);
  }

  // ---- animation ---------------------------------------------------------------------------------

  private animateLast(snap: Snapshot) {
    const entry = snap.log[snap.log.length - 1];
    const ev = entry?.events.find((e) => e.type === 'move' || e.type === 'capture') as
      { type: string; from: string; to: string; captured?: number; reroll?: number; seat: Seat } | undefined;
    if (!ev) return;
    const to = sqIndex(ev.to);
    const die = this.onSquare.get(to);
    if (!die) return;
    const frame = this.frame;
    const alive = () => frame === this.frame && !this.destroyed;
    const [fx, fy] = this.center(sqIndex(ev.from));
    const tx = die.container.x;
    const ty = die.container.y;
    const capture = ev.type === 'capture';
    if (capture) {
      // The taken die shrinks away under the capturer as it arrives.
      const ghost = new PipDie();
      ghost.set({ size: Math.round(this.layout.sq * 0.8), fill: SEAT_COLORS[ev.seat === 0 ? 1 : 0] }, ev.captured ?? null);
      ghost.container.position.set(tx, ty);
      this.diceLayer.addChildAt(ghost.container, 0);
      this.fading = ghost;
    }
    this.diceLayer.setChildIndex(die.container, this.diceLayer.children.length - 1);
    die.container.position.set(fx, fy);
    const ms = 180;
    let t = 0;
    this.ctx.stage.animate((dt) => {
      if (!alive()) return false;
      t += dt;
      const k = Math.min(1, t / ms);
      const e = 1 - (1 - k) * (1 - k);
      die.container.position.set(fx + (tx - fx) * e, fy + (ty - fy) * e);
      if (this.fading) {
        this.fading.container.alpha = 1 - k;
        this.fading.container.scale.set(1 - 0.5 * k);
      }
      if (k < 1) return true;
      if (this.fading) {
        this.fading.destroy();
        this.fading = null;
      }
      if (capture && ev.reroll) die.tumble(this.ctx.stage, ev.reroll, alive);
      return false;
    });
  }

  // ---- input -------------------------------------------------------------------------------------

  private onDown = (e: FederatedPointerEvent) => {
    const v = this.view;
    const me = this.me;
    if (!v || me === null) return;
    const p = e.getLocalPosition(this.container);
    const sq = this.squareAt(p.x, p.y);
    if (sq === null) return;
    if (this.canArrange()) {
      const homes = v.homeSquares[me].map(sqIndex);
      if (!homes.includes(sq)) {
        this.select(null);
        return;
      }
      if (this.selected !== null && this.selected !== sq) {
        this.swap(this.selected, sq);
        return;
      }
      this.startDrag(sq, p.x, p.y);
      return;
    }
    if (!this.canMove()) return;
    if (this.selected !== null) {
      const move = this.targets(this.selected).find((m) => sqIndex(m.to) === sq);
      if (move) {
        this.send(move);
        return;
      }
    }
    if (this.targets(sq).length > 0) this.startDrag(sq, p.x, p.y);
    else this.select(null);
  };

  private startDrag(sq: number, x: number, y: number) {
    const wasSelected = this.selected === sq;
    this.select(sq);
    this.drag = { from: sq, x, y, moved: false, wasSelected };
  }

  private onMove = (e: FederatedPointerEvent) => {
    const d = this.drag;
    if (!d) return;
    const p = e.getLocalPosition(this.container);
    if (!d.moved && Math.hypot(p.x - d.x, p.y - d.y) < 6) return;
    d.moved = true;
    const die = this.onSquare.get(d.from);
    if (die) {
      die.container.position.set(p.x, p.y);
      die.container.scale.set(1.1);
      this.ctx.stage.invalidate();
    }
  };

  private onUp = (e: FederatedPointerEvent) => {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    const p = e.getLocalPosition(this.container);
    const sq = this.squareAt(p.x, p.y);
    if (!d.moved || sq === d.from) {
      // A tap on the selected die puts it down again; a tap on another selects it (done on press).
      if (d.wasSelected && !d.moved) this.select(null);
      else this.redraw();
      return;
    }
    if (sq !== null && this.canArrange() && this.view!.homeSquares[this.me!].map(sqIndex).includes(sq)) {
      this.swap(d.from, sq);
      return;
    }
    const move = sq === null ? undefined : this.targets(d.from).find((m) => sqIndex(m.to) === sq);
    if (move && this.canMove()) this.send(move);
    else this.redraw();
  };

  private onCancel = () => {
    if (!this.drag) return;
    this.drag = null;
    this.redraw();
  };

  private select(sq: number | null) {
    this.selected = sq;
    this.redraw();
    this.syncControls();
  }

  private send(move: Move) {
    this.selected = null;
    this.redraw();
    this.ctx.act(move);
  }

  /** Swaps the dice on two of this seat's home squares in the local arrangement. */
  private swap(a: number, b: number) {
    const v = this.view!;
    const me = this.me!;
    const homes = v.homeSquares[me].map(sqIndex);
    const i = homes.indexOf(a);
    const j = homes.indexOf(b);
    if (i < 0 || j < 0 || !this.order) return;
    [this.order[i], this.order[j]] = [this.order[j], this.order[i]];
    this.selected = null;
    this.redraw();
    this.syncControls();
  }

  // ---- the accessible HTML layer -----------------------------------------------------------------

  private syncControls() {
    const v = this.view;
    const me = this.me;
    const arranging = !!v && me !== null && v.phase === 'arrange' && this.snap?.phase === 'playing';
    if (!arranging) this.removeArrange();
    else this.renderArrange(v!, me!);
    this.renderSummary();
  }

  private removeArrange() {
    this.arrangeBox?.remove();
    this.arrangeBox = null;
    this.slotButtons = [];
    this.confirmButton = null;
  }

  private renderArrange(v: DiceChessView, me: Seat) {
    if (v.confirmed[me]) {
      if (!this.arrangeBox || this.slotButtons.length) {
        this.removeArrange();
        this.arrangeBox = h('p', { class: 'dc-waiting', role: 'status' },
          v.confirmed[me === 0 ? 1 : 0] ? 'Both arrangements are in.' : 'Waiting for the opponent to arrange…');
        this.ctx.controls.prepend(this.arrangeBox);
      }
      return;
    }
    const homes = v.homeSquares[me];
    if (!this.arrangeBox || !this.slotButtons.length) {
      this.removeArrange();
      // Buttons in the board's own order as this player sees it: front rank above the back rank.
      const slots = homes.map((s, k) => ({ k, cell: this.cell(sqIndex(s)) }))
        .sort((a, b) => a.cell[1] - b.cell[1] || a.cell[0] - b.cell[0]);
      const buttons: HTMLButtonElement[] = new Array(16);
      const grid = h('div', { role: 'group', 'aria-label': 'Your home squares', style: 'display:grid;grid-template-columns:repeat(8,minmax(0,1fr));gap:4px;max-width:640px' });
      for (const { k } of slots) {
        const b = h('button', { type: 'button', class: 'dc-slot', style: 'padding:0.35rem 0;font-size:0.9rem;white-space:nowrap', onclick: () => this.slotClicked(k) });
        buttons[k] = b;
        grid.append(b);
      }
      this.slotButtons = buttons;
      this.confirmButton = h('button', { type: 'button', class: 'primary', onclick: () => this.confirm() }, 'Confirm arrangement');
      this.arrangeBox = h('section', { class: 'dc-arrange', 'aria-label': 'Arrange your dice', style: 'display:grid;gap:0.4rem' },
        h('p', { style: 'margin:0' }, `${SECRET_NOTE} Choose two squares to swap their dice (or drag one onto another), or shuffle again, then confirm.`),
        grid,
        h('div', { class: 'dc-arrange-buttons', style: 'display:flex;gap:0.5rem;flex-wrap:wrap' }, this.confirmButton,
          h('button', { type: 'button', onclick: () => this.shuffle() }, 'Shuffle')));
      this.ctx.controls.prepend(this.arrangeBox);
    }
    const values = this.order!.map((i) => v.rolled[me][i]);
    homes.forEach((s, k) => {
      const b = this.slotButtons[k];
      const label = `${s}: ${values[k]}`;
      if (b.textContent !== label) b.textContent = label;
      const pressed = this.selected === sqIndex(s);
      b.setAttribute('aria-pressed', String(pressed));
      b.style.outline = pressed ? '3px solid var(--accent)' : '';
      b.disabled = this.confirming;
    });
    if (this.confirmButton) this.confirmButton.disabled = this.confirming;
  }

  private slotClicked(k: number) {
    const v = this.view;
    const me = this.me;
    if (!v || me === null || !this.canArrange()) return;
    const sq = sqIndex(v.homeSquares[me][k]);
    if (this.selected === null) this.select(sq);
    else if (this.selected === sq) this.select(null);
    else this.swap(this.selected, sq);
  }

  private shuffle() {
    const me = this.me;
    if (!this.view || me === null || !this.canArrange()) return;
    this.order = privateShuffle(this.view.rolled[me].length);
    this.select(null);
  }

  private confirm() {
    if (!this.canArrange() || !this.order) return;
    this.confirming = true;
    this.selected = null;
    this.ctx.act({ type: 'arrange', order: this.order.slice() });
    // Should the confirmation not come back (a refusal, a dropped message), the arrangement opens again.
    clearTimeout(this.confirmTimer);
    this.confirmTimer = setTimeout(() => {
      if (this.destroyed || !this.confirming || !this.view || this.me === null || this.view.confirmed[this.me]) return;
      this.confirming = false;
      this.redraw();
      this.syncControls();
    }, 8000);
    this.redraw();
    this.syncControls();
  }

  /** The board's numbers in words: the canvas is hidden from assistive technology. */
  private renderSummary() {
    const v = this.view;
    if (!v || v.phase === 'arrange') {
      this.summary.remove();
      return;
    }
    const name = (s: Seat) => this.snap?.seats[s]?.name || `Player ${s + 1}`;
    const dice = (n: number) => `${n} ${n === 1 ? 'die' : 'dice'}`;
    const text = `On the board: ${name(0)} ${dice(v.diceOnBoard[0])}, total ${v.boardTotals[0]}; ${name(1)} ${dice(v.diceOnBoard[1])}, total ${v.boardTotals[1]}. ` +
      `Captured: ${name(0)} ${v.capturedTotals[0]}, ${name(1)} ${v.capturedTotals[1]}. ` +
      `${quietWords(v.quiet, v.quietLimit, v.phase === 'over', false)}.`;
    if (this.summary.textContent !== text) this.summary.textContent = text;
    if (!this.summary.isConnected) this.ctx.controls.append(this.summary);
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.confirmTimer);
    this.offResize();
    this.hit.off('pointerdown', this.onDown);
    this.hit.off('globalpointermove', this.onMove);
    this.hit.off('pointerup', this.onUp);
    this.hit.off('pointerupoutside', this.onCancel);
    this.removeArrange();
    this.summary.remove();
    delete this.ctx.stage.app.canvas.dataset.diceChessBoard;
    // Labels and dice own canvas textures that destroying the container would leave behind.
    for (const l of [...this.labels, this.quietLabel, this.quietNote, ...this.panels.flatMap((p) => [p.name, p.stats, p.taken])]) l.destroy();
    for (const d of [...this.pool, ...this.panels.flatMap((p) => p.dice)]) d.destroy();
    this.fading?.destroy();
    this.container.destroy({ children: true });
  }
}

export const createView: ViewFactory = (ctx) => new DiceChessBoard(ctx);