// The Shields table's accessible helpers for a tap in progress: where a picked black shield goes, the roll of a
// picked attack, a potion or polish waiting for its target, and Cancel; then the "All moves" list. Rendered with preact on every draw: it keeps
// the buttons that did not change (and their focus).
import { h, render, type ComponentChildren } from 'preact';
import type { ShieldsAction } from '@dicehall/shared/shields';
import type { Snapshot } from '../../net/store';
import { allMoves } from '../all-moves';
import type { Outcome, TableInput } from './controller';
import { actionLabel, shortName } from './names';

export class TapControls {
  constructor(
    private el: HTMLElement,
    private on: (o: Outcome) => void,
  ) {}

  /** The helpers for the tap in progress, then every move open now (`open`) as the "All moves" list. */
  render(input: TableInput, snap: Snapshot, open: ShieldsAction[]) {
    const every = open.map((a) => ({ label: actionLabel(a, snap), send: () => this.on(input.send(a)) }));
    render([this.tree(input, snap), allMoves(every)], this.el);
  }

  private tree(input: TableInput, snap: Snapshot): ComponentChildren {
    const sel = input.sel;
    if (!sel) return null;
    const cancel = h('button', { type: 'button', onClick: () => this.on(input.select(null)) }, 'Cancel');
    if (sel.kind === 'pool') {
      const acts = input.legal.takes.get(sel.die) ?? [];
      return [
        h('p', {}, `Where does the ${shortName(sel.die)} go?`),
        ...acts.map((a) =>
          h(
            'button',
            { type: 'button', class: 'primary', onClick: () => this.on(input.send(a)) },
            a.type === 'take' && a.placement === 'front'
              ? 'In front of the colored shields'
              : 'Behind the colored shields',
          ),
        ),
        cancel,
      ];
    }
    if (sel.kind === 'battery') {
      const a = input.legal.attacks.get(sel.id);
      return a
        ? [
            h(
              'button',
              { type: 'button', class: 'primary', onClick: () => this.on(input.send(a)) },
              `Roll: ${actionLabel(a, snap).replace(/^Attack/, 'attack')}`,
            ),
            cancel,
          ]
        : null;
    }
    return [h('p', {}, `Pick where the ${shortName(sel.die)} goes (or use the buttons below).`), cancel];
  }

  destroy() {
    render(null, this.el);
  }
}
