// The Dice Chess board drawn from a view and the input state: squares and their labels, the marks (last move,
// home squares, selection and its destinations), and the dice, kept in a pool across redraws.
import { Container, Graphics } from 'pixi.js';
import type { DiceChessView } from '@dicehall/shared/dice-chess';
import type { Die } from '../../engine/die';
import { clamp } from '../../engine/layout';
import { Label } from '../../engine/text';
import type { BoardInput } from './controller';
import { cell, center, FILES, sqIndex, type Layout, type Seat } from './layout';
import { DANGER, DARK, LIGHT, MUTED, pipDie, setPipDie } from './look';
import { drawProgressMark } from './progress';

export class BoardScene {
  readonly squares = new Graphics();
  readonly marks = new Graphics();
  readonly labels: Label[] = [];
  readonly diceLayer = new Container();
  private pool: Die[] = [];
  /** The die drawn on each square index, this frame. */
  readonly onSquare = new Map<number, Die>();
  /** A captured die shrinking away under its capturer. */
  fading: Die | null = null;

  constructor() {
    this.marks.eventMode = 'none';
    this.squares.eventMode = 'none';
    for (let i = 0; i < 16; i++) this.labels.push(new Label({ size: 13, color: MUTED, weight: 700 }, 0.5, 0.5));
  }

  /** What goes into the board's container, bottom to top. */
  parts() {
    return [this.squares, ...this.labels.map((l) => l.text), this.marks, this.diceLayer];
  }

  draw(L: Layout, v: DiceChessView, input: BoardInput, bottom: Seat) {
    const { sq, bx, by } = L;
    // Squares and labels.
    this.squares.clear();
    this.squares.roundRect(bx - 4, by - 4, 8 * sq + 8, 8 * sq + 8, 6).fill(0x0f1a14);
    for (let i = 0; i < 64; i++) {
      const [c, r] = cell(i, bottom);
      const light = ((i & 7) + (i >> 3)) % 2 === 1;
      this.squares.rect(bx + c * sq, by + r * sq, sq, sq).fill(light ? LIGHT : DARK);
    }
    const labelSize = clamp(Math.round(sq * 0.26), 12, 15);
    for (let k = 0; k < 8; k++) {
      this.labels[k]!.set(bottom === 0 ? FILES[k]! : FILES[7 - k]!, { size: labelSize }).at(
        bx + (k + 0.5) * sq,
        by + 8 * sq + L.fileH / 2 + 1,
      );
      this.labels[8 + k]!.set(String(bottom === 0 ? 8 - k : k + 1), { size: labelSize }).at(
        bx - L.lab / 2 - 3,
        by + (k + 0.5) * sq,
      );
    }
    this.drawMarks(L, v, input, bottom);
    this.drawDice(L, v, input, bottom);
  }

  /** Last move, the arrangement's home squares, the selection and its destinations. */
  private drawMarks(L: Layout, v: DiceChessView, input: BoardInput, bottom: Seat) {
    const { sq, bx, by } = L;
    const m = this.marks.clear();
    const tint = (i: number, color: number, alpha: number) => {
      const [c, r] = cell(i, bottom);
      m.rect(bx + c * sq, by + r * sq, sq, sq).fill({ color, alpha });
    };
    if (v.lastMove && v.phase !== 'arrange') {
      tint(sqIndex(v.lastMove.from), 0xf5e27a, 0.28);
      tint(sqIndex(v.lastMove.to), 0xf5e27a, 0.42);
      // The die on the arrival square covers most of its tint: a frame round the square still shows.
      const [c, r] = cell(sqIndex(v.lastMove.to), bottom);
      const w = Math.max(2, sq * 0.05);
      m.rect(bx + c * sq + w / 2, by + r * sq + w / 2, sq - w, sq - w).stroke({
        width: w,
        color: 0xf5e27a,
        alpha: 0.9,
      });
    }
    const me = input.me;
    if (input.canArrange() && me !== null) for (const s of v.homeSquares[me]) tint(sqIndex(s), 0xffffff, 0.07);
    if (input.selected === null) return;
    tint(input.selected, 0xffffff, 0.3);
    if (!input.canMove()) return;
    const occupied = new Set(v.board.map((d) => sqIndex(d.square)));
    for (const t of input.targets(input.selected)) {
      const to = sqIndex(t.to);
      const [x, y] = center(L, to, bottom);
      if (occupied.has(to))
        m.circle(x, y, sq * 0.44).stroke({ width: Math.max(3, sq * 0.07), color: DANGER, alpha: 0.95 });
      else if (v.progressMoves?.includes(`${t.from}-${t.to}`)) drawProgressMark(m, x, y, sq, bottom === v.turn);
      else m.circle(x, y, sq * 0.15).fill({ color: 0xffffff, alpha: 0.7 });
    }
  }

  /** The dice to draw: the board in play; during the arrangement, this seat's dice as arranged and the others hidden. */
  private diceToDraw(v: DiceChessView, input: BoardInput): { sq: number; owner: Seat; value: number | null }[] {
    if (v.phase !== 'arrange')
      return v.board.map((d) => ({ sq: sqIndex(d.square), owner: d.owner as Seat, value: d.value }));
    const out: { sq: number; owner: Seat; value: number | null }[] = [];
    for (const seat of [0, 1] as const) {
      const homes = v.homeSquares[seat].map(sqIndex);
      const values = seat === input.me ? input.arranged() : null;
      homes.forEach((sq, k) => {
        out.push({ sq, owner: seat, value: values ? (values[k] ?? null) : null });
      });
    }
    return out;
  }

  private drawDice(L: Layout, v: DiceChessView, input: BoardInput, bottom: Seat) {
    const { sq } = L;
    this.onSquare.clear();
    this.fading?.destroy();
    this.fading = null;
    const dice = this.diceToDraw(v, input);
    dice.forEach((d, k) => {
      let die = this.pool[k];
      if (!die) {
        die = pipDie(Math.round(sq * 0.8), d.owner, d.value);
        this.pool.push(die);
        this.diceLayer.addChild(die.container);
      }
      die.container.visible = true;
      die.container.rotation = 0;
      die.container.scale.set(1);
      die.container.alpha = d.value === null ? 0.55 : 1;
      setPipDie(die, Math.round(sq * 0.8), d.owner, d.value);
      const [x, y] = center(L, d.sq, bottom);
      die.container.position.set(x, y - sq * 0.02);
      this.onSquare.set(d.sq, die);
    });
    for (let k = dice.length; k < this.pool.length; k++) this.pool[k]!.container.visible = false;
    if (input.selected !== null) {
      const die = this.onSquare.get(input.selected);
      if (die) this.diceLayer.setChildIndex(die.container, this.diceLayer.children.length - 1);
    }
  }
}
