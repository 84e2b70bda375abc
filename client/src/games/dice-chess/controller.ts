// The Dice Chess board's input as a pure state machine (no Pixi, no DOM): what a press, a drag, a release or a
// button does to the selection and the secret arrangement (C2), and which action it sends. The view draws it.
import type { DiceChessView } from '@dicehall/shared/dice-chess';
import { sqIndex, sqName, type Seat } from './layout';

export type Move = { type: 'move'; from: string; to: string };
export type Arrange = { type: 'arrange'; order: number[] };

/** What the view does after an input: nothing, redraw the board, redraw board and controls, or send an action. */
export type Outcome = 'none' | 'redraw' | 'changed' | { send: Move | Arrange };

export interface Facts {
  view: DiceChessView;
  legal: unknown[];
  mySeat: number | null;
  /** The table is playing (not waiting, not over). */
  playing: boolean;
  /** The game and round: a new one starts a new arrangement. */
  game: string;
}

interface Drag {
  from: number;
  x: number;
  y: number;
  moved: boolean;
  wasSelected: boolean;
}

/** A drag starts once the pointer has moved this far, in CSS pixels. */
const SLOP = 6;

export class BoardInput {
  selected: number | null = null;
  drag: Drag | null = null;
  /** The arrangement being built (indices into this seat's rolled dice, per home slot), until Confirm. */
  order: number[] | null = null;
  confirming = false;
  private facts: Facts | null = null;
  private orderFor = '';

  /** `shuffle(n)` makes the private starting order of an arrangement. */
  constructor(private shuffle: (n: number) => number[]) {}

  get view(): DiceChessView | null {
    return this.facts?.view ?? null;
  }

  get me(): Seat | null {
    const s = this.facts?.mySeat;
    return s === 0 || s === 1 ? s : null;
  }

  /** Takes a new snapshot's facts; keeps the selection only where it still means something. */
  load(f: Facts) {
    this.facts = f;
    const me = this.me;
    const orderFor = `${f.game}:${me}`;
    if (orderFor !== this.orderFor) {
      this.orderFor = orderFor;
      this.order = me === null ? null : this.shuffle(f.view.rolled[me]?.length ?? 0);
      this.selected = null;
      this.confirming = false;
    }
    if (!this.canMove() && !this.canArrange()) this.selected = null;
    if (this.selected !== null && this.canMove() && this.targets(this.selected).length === 0) this.selected = null;
    this.drag = null;
  }

  canArrange(): boolean {
    const v = this.view;
    const me = this.me;
    return !!v && me !== null && v.phase === 'arrange' && !v.confirmed[me] && !this.confirming && !!this.facts?.playing;
  }

  canMove(): boolean {
    const v = this.view;
    const me = this.me;
    return !!v && me !== null && v.phase === 'play' && v.turn === me && !!this.facts?.playing;
  }

  moves(): Move[] {
    return ((this.facts?.legal ?? []) as Move[]).filter((a) => a && a.type === 'move');
  }

  targets(from: number): Move[] {
    const name = sqName(from);
    return this.moves().filter((m) => m.from === name);
  }

  private homes(): number[] {
    const me = this.me;
    return me === null || !this.view ? [] : this.view.homeSquares[me].map(sqIndex);
  }

  /** A press on square `sq` (null: off the board) at (x, y). */
  press(sq: number | null, x: number, y: number): Outcome {
    if (!this.view || this.me === null || sq === null) return 'none';
    if (this.canArrange()) {
      if (!this.homes().includes(sq)) return this.select(null);
      if (this.selected !== null && this.selected !== sq) return this.swap(this.selected, sq);
      return this.startDrag(sq, x, y);
    }
    if (!this.canMove()) return 'none';
    if (this.selected !== null) {
      const move = this.targets(this.selected).find((m) => sqIndex(m.to) === sq);
      if (move) return this.send(move);
    }
    if (this.targets(sq).length > 0) return this.startDrag(sq, x, y);
    return this.select(null);
  }

  /** The pointer moved: true once it is a drag (the view then carries the die under the pointer). */
  moveTo(x: number, y: number): boolean {
    const d = this.drag;
    if (!d) return false;
    if (!d.moved && Math.hypot(x - d.x, y - d.y) < SLOP) return false;
    d.moved = true;
    return true;
  }

  /** The pointer came up over square `sq` (null: off the board). */
  release(sq: number | null): Outcome {
    const d = this.drag;
    this.drag = null;
    if (!d) return 'none';
    if (!d.moved || sq === d.from) {
      // A tap on the selected die puts it down again; a tap on another selects it (done on press).
      if (d.wasSelected && !d.moved) return this.select(null);
      return 'redraw';
    }
    if (sq !== null && this.canArrange() && this.homes().includes(sq)) return this.swap(d.from, sq);
    const move = sq === null ? undefined : this.targets(d.from).find((m) => sqIndex(m.to) === sq);
    if (move && this.canMove()) return this.send(move);
    return 'redraw';
  }

  cancel(): Outcome {
    if (!this.drag) return 'none';
    this.drag = null;
    return 'redraw';
  }

  /** The arrangement's button for home slot `k`. */
  slot(k: number): Outcome {
    const v = this.view;
    const me = this.me;
    if (!v || me === null || !this.canArrange()) return 'none';
    const home = v.homeSquares[me]?.[k];
    if (home === undefined) return 'none';
    const sq = sqIndex(home);
    if (this.selected === null) return this.select(sq);
    if (this.selected === sq) return this.select(null);
    return this.swap(this.selected, sq);
  }

  reshuffle(): Outcome {
    const me = this.me;
    if (!this.view || me === null || !this.canArrange()) return 'none';
    this.order = this.shuffle(this.view.rolled[me].length);
    return this.select(null);
  }

  confirm(): Outcome {
    if (!this.canArrange() || !this.order) return 'none';
    this.confirming = true;
    this.selected = null;
    return { send: { type: 'arrange', order: this.order.slice() } };
  }

  /** The confirmation did not come back (a refusal, a dropped message): the arrangement opens again. */
  confirmLost(): Outcome {
    const v = this.view;
    const me = this.me;
    if (!this.confirming || !v || me === null || v.confirmed[me]) return 'none';
    this.confirming = false;
    return 'changed';
  }

  /** This seat's dice values per home slot, as arranged so far. */
  arranged(): number[] {
    const v = this.view;
    const me = this.me;
    if (!v || me === null) return [];
    return v.arrangement ?? (this.order ?? []).map((i) => v.rolled[me][i]!);
  }

  private select(sq: number | null): Outcome {
    this.selected = sq;
    return 'changed';
  }

  private startDrag(sq: number, x: number, y: number): Outcome {
    const wasSelected = this.selected === sq;
    this.selected = sq;
    this.drag = { from: sq, x, y, moved: false, wasSelected };
    return 'changed';
  }

  private send(move: Move): Outcome {
    this.selected = null;
    return { send: move };
  }

  /** Swaps the dice on two of this seat's home squares in the local arrangement. */
  private swap(a: number, b: number): Outcome {
    const homes = this.homes();
    const i = homes.indexOf(a);
    const j = homes.indexOf(b);
    if (i < 0 || j < 0 || !this.order) return 'none';
    [this.order[i], this.order[j]] = [this.order[j]!, this.order[i]!];
    this.selected = null;
    return 'changed';
  }
}
