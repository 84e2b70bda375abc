// The time control picker of the create form: a few well-known presets rather than free numbers to mistype, live
// ones and turn-based ones (days a move).
import type { TimeControl } from '@dicehall/shared/core';
import { h } from 'preact';
// The field's own layout (label over select) lives with the clocks' styles.
import './clocks.css';

const PRESETS: { label: string; control: TimeControl }[] = [
  { label: 'No clock', control: { mode: 'none' } },
  { label: 'Blitz: 3 min + 2 s a move', control: { mode: 'chess', baseSeconds: 180, incrementSeconds: 2 } },
  { label: 'Rapid: 10 min + 5 s a move', control: { mode: 'chess', baseSeconds: 600, incrementSeconds: 5 } },
  { label: 'Slow: 30 min + 20 s a move', control: { mode: 'chess', baseSeconds: 1800, incrementSeconds: 20 } },
  { label: '30 s a turn', control: { mode: 'turn', turnSeconds: 30 } },
  { label: '2 min a turn', control: { mode: 'turn', turnSeconds: 120 } },
  // Turn-based: play over days, each move in its own time; players come and go, "Your games" lists them (issue 33).
  { label: '1 day a move', control: { mode: 'days', days: 1 } },
  { label: '2 days a move', control: { mode: 'days', days: 2 } },
  { label: '3 days a move', control: { mode: 'days', days: 3 } },
  { label: '7 days a move', control: { mode: 'days', days: 7 } },
];

/** The first preset played over days: the select groups live controls before it and turn-based ones from it. */
const FIRST_DAYS = PRESETS.findIndex((p) => p.control.mode === 'days');

/**
 * A labelled select, hidden for a game that cannot be timed (more than two seats and no declared timeout policy).
 * `shown` picks a preset when it is one (a lobby's current choice); a change of it selects that preset again.
 */
export function TimeControlField({ timed, shown }: { timed: boolean; shown?: TimeControl }) {
  const at = shown ? PRESETS.findIndex((p) => JSON.stringify(p.control) === JSON.stringify(shown)) : -1;
  return h(
    'div',
    { class: 'clock-field', hidden: !timed },
    h('label', { for: 'clock' }, 'Time control'),
    h(
      'select',
      { id: 'clock', name: 'clock' },
      h(
        'optgroup',
        { label: 'Live' },
        PRESETS.slice(0, FIRST_DAYS).map((p, i) => option(p.label, i, at)),
      ),
      h(
        'optgroup',
        { label: 'Turn-based (over days)' },
        PRESETS.slice(FIRST_DAYS).map((p, i) => option(p.label, FIRST_DAYS + i, at)),
      ),
    ),
  );
}

const option = (label: string, i: number, at: number) =>
  h('option', { value: String(i), selected: i === Math.max(0, at) }, label);

/** The control chosen in `form` (no clock while the field is hidden). */
export function readTimeControl(form: HTMLElement): TimeControl {
  const wrap = form.querySelector<HTMLElement>('.clock-field');
  const select = form.querySelector<HTMLSelectElement>('#clock');
  const none = PRESETS[0]!.control;
  return !wrap || wrap.hidden ? none : (PRESETS[Number(select?.value)]?.control ?? none);
}
