// The "play against the computer" part of the create form: on or off, the bot's level (with what it means in
// this game) and which side you take. Level words come from shared/src/bots/levels.ts, which holds no rules code.
import { LEVEL_NOTES } from '../../../shared/src/bots/levels';
import { h } from '../ui/dom';

export type BotLevel = 'easy' | 'normal' | 'hard';
export interface BotChoice { level: BotLevel; seat: number }

const LEVELS: BotLevel[] = ['easy', 'normal', 'hard'];

export function computerField() {
  const on = h('input', { type: 'checkbox', id: 'vs-computer', name: 'vs-computer' });
  const level = h('select', { id: 'bot-level', name: 'bot-level' }, ...LEVELS.map((l) => h('option', { value: l, selected: l === 'normal' }, l[0].toUpperCase() + l.slice(1))));
  const side = h('select', { id: 'bot-side', name: 'bot-side' },
    h('option', { value: '0' }, 'First player'), h('option', { value: '1' }, 'Second player'), h('option', { value: 'random' }, 'Either, at random'));
  const note = h('p', { class: 'bot-note', id: 'bot-note', 'aria-live': 'polite' });
  const details = h('div', { class: 'bot-details', hidden: true },
    h('label', { for: 'bot-level' }, 'Computer level'), level, note,
    h('label', { for: 'bot-side' }, 'Your side'), side);
  const el = h('div', { class: 'computer-field' }, h('label', { class: 'check' }, on, ' Play against the computer'), details);
  let game = '';
  const showNote = () => {
    note.textContent = LEVEL_NOTES[game]?.[level.value as BotLevel] ?? '';
  };
  on.addEventListener('change', () => { details.hidden = !on.checked; });
  level.addEventListener('change', showNote);
  return {
    el,
    /** Shown only for games that have a bot and can be played by two. */
    game(id: string, seats: { min: number; max: number }) {
      game = id;
      el.hidden = !(id in LEVEL_NOTES) || seats.max < 2;
      if (el.hidden) on.checked = false;
      details.hidden = !on.checked;
      showNote();
    },
    /** The computer's level and seat (the other side from yours), or null to play a person. */
    read(): BotChoice | null {
      if (el.hidden || !on.checked) return null;
      const mine = side.value === 'random' ? (crypto.getRandomValues(new Uint8Array(1))[0] & 1) : Number(side.value);
      return { level: level.value as BotLevel, seat: 1 - mine };
    },
  };
}
