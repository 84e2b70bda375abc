// The Dice Chess board's accessible HTML layer: the secret arrangement's buttons (C2) and the board in words.
// Rendered with preact on every sync: it keeps the buttons that did not change (and the focus on the one pressed).
import { h, render, type ComponentChildren } from 'preact';
import type { DiceChessView } from '@dicehall/shared/dice-chess';
import { allMoves, type Move } from '../all-moves';
import type { BoardInput } from './controller';
import { cell, sqIndex, type Seat } from './layout';
import { quietWords } from './progress';
import { SECRET_NOTE } from './shuffle';

export interface ControlActions {
  slot(k: number): void;
  shuffle(): void;
  confirm(): void;
}

export class BoardControls {
  constructor(
    private host: HTMLElement,
    private on: ControlActions,
  ) {}

  /** `moves`: this seat's legal moves in words, the board's tap-a-die-then-its-square in a list. */
  sync(input: BoardInput, playing: boolean, name: (s: Seat) => string, moves: Move[] = []) {
    const v = input.view;
    const me = input.me;
    render(
      [
        !v || me === null || v.phase !== 'arrange' || !playing ? null : this.arrange(v, me, input),
        playing && input.canMove() ? allMoves(moves) : null,
        this.summary(v, name),
      ],
      this.host,
    );
  }

  private arrange(v: DiceChessView, me: Seat, input: BoardInput): ComponentChildren {
    if (v.confirmed[me]) {
      return h(
        'p',
        { class: 'dc-waiting', role: 'status' },
        v.confirmed[me === 0 ? 1 : 0] ? 'Both arrangements are in.' : 'Waiting for the opponent to arrange…',
      );
    }
    const homes = v.homeSquares[me];
    const values = (input.order ?? []).map((i) => v.rolled[me][i]);
    // Buttons in the board's own order as this player sees it: front rank above the back rank.
    const slots = homes
      .map((s, k) => ({ s, k, cell: cell(sqIndex(s), me) }))
      .sort((a, b) => a.cell[1] - b.cell[1] || a.cell[0] - b.cell[0]);
    return h(
      'section',
      { class: 'dc-arrange', 'aria-label': 'Arrange your dice', style: 'display:grid;gap:0.4rem' },
      h(
        'p',
        { style: 'margin:0' },
        `${SECRET_NOTE} Choose two squares to swap their dice (or drag one onto another), or shuffle again, then confirm.`,
      ),
      h(
        'div',
        {
          role: 'group',
          'aria-label': 'Your home squares',
          style: 'display:grid;grid-template-columns:repeat(8,minmax(0,1fr));gap:4px;max-width:640px',
        },
        ...slots.map(({ s, k }) => {
          const pressed = input.selected === sqIndex(s);
          return h(
            'button',
            {
              key: k,
              type: 'button',
              class: 'dc-slot',
              'aria-pressed': String(pressed),
              disabled: input.confirming,
              style: `padding:0.35rem 0;font-size:0.9rem;white-space:nowrap${pressed ? ';outline:3px solid var(--accent)' : ''}`,
              onClick: () => this.on.slot(k),
            },
            `${s}: ${values[k]}`,
          );
        }),
      ),
      h(
        'div',
        { class: 'dc-arrange-buttons', style: 'display:flex;gap:0.5rem;flex-wrap:wrap' },
        h(
          'button',
          { type: 'button', class: 'primary', disabled: input.confirming, onClick: () => this.on.confirm() },
          'Confirm arrangement',
        ),
        h('button', { type: 'button', onClick: () => this.on.shuffle() }, 'Shuffle'),
      ),
    );
  }

  /** The board's numbers in words: the canvas is hidden from assistive technology. */
  private summary(v: DiceChessView | null, name: (s: Seat) => string): ComponentChildren {
    if (!v || v.phase === 'arrange') return null;
    const dice = (n: number) => `${n} ${n === 1 ? 'die' : 'dice'}`;
    const text =
      `On the board: ${name(0)} ${dice(v.diceOnBoard[0])}, ${v.boardTotals[0]} pips; ${name(1)} ${dice(v.diceOnBoard[1])}, ${v.boardTotals[1]} pips. ` +
      `Captured: ${name(0)} ${v.capturedTotals[0]} pips, ${name(1)} ${v.capturedTotals[1]} pips. ` +
      `${quietWords(v.quiet, v.quietLimit, v.phase === 'over', false)}.`;
    return h('p', { class: 'dc-summary', style: 'margin:0;color:var(--muted);font-size:0.92rem' }, text);
  }

  destroy() {
    render(null, this.host);
  }
}
