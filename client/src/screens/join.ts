// Opening a room link with a free seat: say who you are (a stored name is filled in), then sit down or just watch.
import { h, clear } from '../ui/dom';
import { identity } from '../net/identity';

export function joinPrompt(root: HTMLElement, info: { name: string; host: string; graceSeconds?: number }): Promise<'play' | 'watch'> {
  clear(root);
  return new Promise((resolve) => {
    const name = h('input', { id: 'join-name', maxLength: 24, autocomplete: 'nickname', value: identity.name, placeholder: 'Your name', required: true });
    const sit = h('button', { type: 'submit', class: 'primary' }, 'Sit down');
    const form = h('form', { class: 'card', 'aria-labelledby': 'join-title' },
      h('h1', { id: 'join-title' }, `${info.host || 'A friend'} invites you to ${info.name}`),
      h('label', { for: 'join-name' }, 'Your name'), name,
      // The claim grace is the server's rule, shown before sitting down (P3).
      info.graceSeconds ? h('p', { class: 'fine' }, `If a player drops, they keep the seat for ${info.graceSeconds} s before the other may claim the win.`) : null,
      sit,
      h('button', { type: 'button', onclick: () => resolve('watch') }, 'Just watch'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      identity.name = name.value.trim();
      resolve('play');
    });
    root.append(form);
    // A returning player's name is already there: the choice is the next thing to make.
    (identity.name ? sit : name).focus();
  });
}
