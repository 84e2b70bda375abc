// The time control picker of the create form: a few well-known presets rather than free numbers to mistype.
import type { TimeControl } from '@dicehall/shared';
import { h } from '../ui/dom';

const PRESETS: { label: string; control: TimeControl }[] = [
  { label: 'No clock', control: { mode: 'none' } },
  { label: 'Blitz: 3 min + 2 s a move', control: { mode: 'chess', baseSeconds: 180, incrementSeconds: 2 } },
  { label: 'Rapid: 10 min + 5 s a move', control: { mode: 'chess', baseSeconds: 600, incrementSeconds: 5 } },
  { label: 'Slow: 30 min + 20 s a move', control: { mode: 'chess', baseSeconds: 1800, incrementSeconds: 20 } },
  { label: '30 s a turn', control: { mode: 'turn', turnSeconds: 30 } },
  { label: '2 min a turn', control: { mode: 'turn', turnSeconds: 120 } },
];

/** A labelled select; `read()` gives the chosen control. `timed(false)` hides it for games that cannot be timed. */
export function timeControlField() {
  const select = h('select', { id: 'clock', name: 'clock' }, ...PRESETS.map((p, i) => h('option', { value: String(i) }, p.label)));
  const wrap = h('div', { class: 'clock-field' }, h('label', { for: 'clock' }, 'Time control'), select);
  return {
    el: wrap,
    read: (): TimeControl => (wrap.hidden ? PRESETS[0].control : PRESETS[Number(select.value)]?.control ?? PRESETS[0].control),
    /** Shows `control` when it is one of the presets (a lobby's current choice). */
    set(control: TimeControl) {
      const i = PRESETS.findIndex((p) => JSON.stringify(p.control) === JSON.stringify(control));
      if (i >= 0) select.value = String(i);
    },
    /** Hidden for a game that cannot be timed: more than two seats and no declared timeout policy (skip or eliminate). */
    timed(on: boolean) { wrap.hidden = !on; },
  };
}
