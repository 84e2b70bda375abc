// Opening a room link with a free seat and no name yet: say who you are, then sit down (or just watch).
import { h, clear } from '../ui/dom';
import { identity } from '../net/identity';

export function joinPrompt(root: HTMLElement, info: { name: string; host: string }): Promise<'play' | 'watch'> {
  clear(root);
  return new Promise((resolve) => {
    const name = h('input', { id: 'join-name', maxLength: 24, autocomplete: 'nickname', value: identity.name, placeholder: 'Your name', required: true });
    const form = h('form', { class: 'card', 'aria-labelledby': 'join-title' },
      h('h1', { id: 'join-title' }, `${info.host || 'A friend'} invites you to ${info.name}`),
      h('label', { for: 'join-name' }, 'Your name'), name,
      h('button', { type: 'submit', class: 'primary' }, 'Sit down'),
      h('button', { type: 'button', onclick: () => resolve('watch') }, 'Just watch'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      identity.name = name.value.trim();
      resolve('play');
    });
    root.append(form);
    name.focus();
  });
}
