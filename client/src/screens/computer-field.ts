// The "play against the computer" part of the create form: on or off, the bot's level (with what it means in
// this game) and which side you take. Level words come from shared/src/bots/levels.ts, which holds no rules code.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { LEVEL_NOTES } from '../../../shared/src/bots/levels';

export type BotLevel = 'easy' | 'normal' | 'hard';
export interface BotChoice {
  level: BotLevel;
  seat: number;
}

const LEVELS: BotLevel[] = ['easy', 'normal', 'hard'];

/**
 * What the side choice does in each game: the seat is only where you sit; who moves first is each game's own rule
 * (a roll-off for most of them, named here so nobody expects "first player" to mean "moves first").
 */
const SIDE_NOTES: Record<string, string> = {
  shields: 'Who starts is rolled at the table (3d12 each, the higher total starts); the side is only your seat.',
  'dice-chess':
    'Seat 1 sets up on ranks 1–2, seat 2 on ranks 7–8. Who moves first is a roll-off at the table, shown in the log.',
  'shields-up': 'Who starts is a roll-off at the table, shown in the log; the side is only your seat.',
  polywars: 'Who acts first in each cycle is bid for (initiative, ties rolled off); the side is only your seat.',
  'dice-siege': 'You both play the same dice at the same time; the side only orders the sheets.',
};
const SIDE_NOTE = 'Who starts is decided at the table; the side is only your seat.';

/** Shown only for games that have a bot and can be played by two. */
export function ComputerField({ game, seats }: { game: string; seats: { min: number; max: number } }) {
  const [on, setOn] = useState(false);
  const [level, setLevel] = useState<BotLevel>('normal');
  const hidden = !(game in LEVEL_NOTES) || seats.max < 2;
  // A game without a bot switches it off: coming back to one starts from a person again.
  useEffect(() => {
    if (hidden) setOn(false);
  }, [hidden]);
  return h(
    'div',
    { class: 'computer-field', hidden },
    h(
      'label',
      { class: 'check' },
      h('input', {
        type: 'checkbox',
        id: 'vs-computer',
        name: 'vs-computer',
        checked: on && !hidden,
        onChange: (e: Event) => setOn((e.currentTarget as HTMLInputElement).checked),
      }),
      ' Play against the computer',
    ),
    h(
      'div',
      { class: 'bot-details', hidden: !on || hidden },
      h('label', { for: 'bot-level' }, 'Computer level'),
      h(
        'select',
        {
          id: 'bot-level',
          name: 'bot-level',
          value: level,
          onChange: (e: Event) => setLevel((e.currentTarget as HTMLSelectElement).value as BotLevel),
        },
        LEVELS.map((l) => h('option', { value: l }, l.charAt(0).toUpperCase() + l.slice(1))),
      ),
      h('p', { class: 'bot-note', id: 'bot-note', 'aria-live': 'polite' }, LEVEL_NOTES[game]?.[level] ?? ''),
      h('label', { for: 'bot-side' }, 'Your side'),
      h(
        'select',
        { id: 'bot-side', name: 'bot-side', 'aria-describedby': 'bot-side-note' },
        h('option', { value: '0' }, 'Seat 1'),
        h('option', { value: '1' }, 'Seat 2'),
        h('option', { value: 'random' }, 'Either seat, at random'),
      ),
      h('p', { class: 'bot-note', id: 'bot-side-note' }, SIDE_NOTES[game] ?? SIDE_NOTE),
    ),
  );
}

/** The computer's level and seat (the other side from yours) chosen in `form`, or null to play a person. */
export function readBot(form: HTMLElement): BotChoice | null {
  const field = form.querySelector<HTMLElement>('.computer-field');
  const on = form.querySelector<HTMLInputElement>('#vs-computer');
  if (!field || field.hidden || !on?.checked) return null;
  const side = form.querySelector<HTMLSelectElement>('#bot-side')!.value;
  const mine = side === 'random' ? crypto.getRandomValues(new Uint8Array(1))[0]! & 1 : Number(side);
  return { level: form.querySelector<HTMLSelectElement>('#bot-level')!.value as BotLevel, seat: 1 - mine };
}
