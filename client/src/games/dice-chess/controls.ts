// The Dice Chess board's accessible HTML layer: the secret arrangement's buttons (C2) and the board in words.
import type { DiceChessView } from '@dicehall/shared/dice-chess';
import { h } from '../../ui/dom';
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
  private arrangeBox: HTMLElement | null = null;
  private slotButtons: HTMLButtonElement[] = [];
  private confirmButton: HTMLButtonElement | null = null;
  private summary = h('p', { class: 'dc-summary', style: 'margin:0;color:var(--muted);font-size:0.92rem' });

  constructor(private host: HTMLElement, private on: ControlActions) {}

  sync(input: BoardInput, playing: boolean, name: (s: Seat) => string) {
    const v = input.view;
    const me = input.me;
    if (!v || me === null || v.phase !== 'arrange' || !playing) this.removeArrange();
    else this.renderArrange(v, me, input);
    this.renderSummary(v, name);
  }

  private removeArrange() {
    this.arrangeBox?.remove();
    this.arrangeBox = null;
    this.slotButtons = [];
    this.confirmButton = null;
  }

  private renderArrange(v: DiceChessView, me: Seat, input: BoardInput) {
    if (v.confirmed[me]) {
      if (!this.arrangeBox || this.slotButtons.length) {
        this.removeArrange();
        this.arrangeBox = h('p', { class: 'dc-waiting', role: 'status' },
          v.confirmed[me === 0 ? 1 : 0] ? 'Both arrangements are in.' : 'Waiting for the opponent to arrange…');
        this.host.prepend(this.arrangeBox);
      }
      return;
    }
    const homes = v.homeSquares[me];
    if (!this.arrangeBox || !this.slotButtons.length) {
      this.removeArrange();
      // Buttons in the board's own order as this player sees it: front rank above the back rank.
      const slots = homes.map((s, k) => ({ k, cell: cell(sqIndex(s), me) }))
        .sort((a, b) => a.cell[1] - b.cell[1] || a.cell[0] - b.cell[0]);
      const buttons: HTMLButtonElement[] = new Array(16);
      const grid = h('div', { role: 'group', 'aria-label': 'Your home squares', style: 'display:grid;grid-template-columns:repeat(8,minmax(0,1fr));gap:4px;max-width:640px' });
      for (const { k } of slots) {
        const b = h('button', { type: 'button', class: 'dc-slot', style: 'padding:0.35rem 0;font-size:0.9rem;white-space:nowrap', onclick: () => this.on.slot(k) });
        buttons[k] = b;
        grid.append(b);
      }
      this.slotButtons = buttons;
      this.confirmButton = h('button', { type: 'button', class: 'primary', onclick: () => this.on.confirm() }, 'Confirm arrangement');
      this.arrangeBox = h('section', { class: 'dc-arrange', 'aria-label': 'Arrange your dice', style: 'display:grid;gap:0.4rem' },
        h('p', { style: 'margin:0' }, `${SECRET_NOTE} Choose two squares to swap their dice (or drag one onto another), or shuffle again, then confirm.`),
        grid,
        h('div', { class: 'dc-arrange-buttons', style: 'display:flex;gap:0.5rem;flex-wrap:wrap' }, this.confirmButton,
          h('button', { type: 'button', onclick: () => this.on.shuffle() }, 'Shuffle')));
      this.host.prepend(this.arrangeBox);
    }
    const values = (input.order ?? []).map((i) => v.rolled[me][i]);
    homes.forEach((s, k) => {
      const b = this.slotButtons[k]!;
      const label = `${s}: ${values[k]}`;
      if (b.textContent !== label) b.textContent = label;
      const pressed = input.selected === sqIndex(s);
      b.setAttribute('aria-pressed', String(pressed));
      b.style.outline = pressed ? '3px solid var(--accent)' : '';
      b.disabled = input.confirming;
    });
    if (this.confirmButton) this.confirmButton.disabled = input.confirming;
  }

  /** The board's numbers in words: the canvas is hidden from assistive technology. */
  private renderSummary(v: DiceChessView | null, name: (s: Seat) => string) {
    if (!v || v.phase === 'arrange') {
      this.summary.remove();
      return;
    }
    const dice = (n: number) => `${n} ${n === 1 ? 'die' : 'dice'}`;
    const text = `On the board: ${name(0)} ${dice(v.diceOnBoard[0])}, total ${v.boardTotals[0]}; ${name(1)} ${dice(v.diceOnBoard[1])}, total ${v.boardTotals[1]}. ` +
      `Captured: ${name(0)} ${v.capturedTotals[0]}, ${name(1)} ${v.capturedTotals[1]}. ` +
      `${quietWords(v.quiet, v.quietLimit, v.phase === 'over', false)}.`;
    if (this.summary.textContent !== text) this.summary.textContent = text;
    if (!this.summary.isConnected) this.host.append(this.summary);
  }

  destroy() {
    this.removeArrange();
    this.summary.remove();
  }
}
