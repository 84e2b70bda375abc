// The Shields table's accessible helpers for a tap in progress: where a picked black shield goes, the roll of a
// picked attack, a potion or polish waiting for its target, and Cancel.
import type { Snapshot } from '../../net/store';
import { h } from '../../ui/dom';
import type { Outcome, TableInput } from './controller';
import { actionLabel, shortName } from './names';

export class TapControls {
  private key = '';

  constructor(private el: HTMLElement, private on: (o: Outcome) => void) {}

  /** `live`: the snapshot drawn is the newest (its legal actions are the ones open). */
  render(input: TableInput, snap: Snapshot, live: boolean) {
    const sel = input.sel;
    const key = JSON.stringify(sel) + (live ? snap.legal.length : '');
    if (key === this.key) return;
    this.key = key;
    const el = this.el;
    el.replaceChildren();
    if (!sel) return;
    const cancel = h('button', { type: 'button', onclick: () => this.on(input.select(null)) }, 'Cancel');
    if (sel.kind === 'pool') {
      const acts = input.legal.takes.get(sel.die) ?? [];
      el.append(h('p', {}, `Where does the ${shortName(sel.die)} go?`),
        ...acts.map((a) => h('button', { type: 'button', class: 'primary', onclick: () => this.on(input.send(a)) },
          a.type === 'take' && a.placement === 'front' ? 'In front of the colored shields' : 'Behind the colored shields')),
        cancel);
    } else if (sel.kind === 'battery') {
      const a = input.legal.attacks.get(sel.id);
      if (a) el.append(h('button', { type: 'button', class: 'primary', onclick: () => this.on(input.send(a)) }, `Roll: ${actionLabel(a, snap).replace(/^Attack/, 'attack')}`), cancel);
    } else {
      el.append(h('p', {}, `Pick where the ${shortName(sel.die)} goes (or use the buttons below).`), cancel);
    }
  }
}
