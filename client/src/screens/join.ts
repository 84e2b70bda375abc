// Opening a room link with a free seat: say who you are (a stored name is filled in), then sit down or just watch.
import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { identity } from '../net/identity';
import { showScreen } from '../ui/screen';

interface JoinInfo {
  name: string;
  host: string;
  graceSeconds?: number;
}

export function joinPrompt(root: HTMLElement, info: JoinInfo): Promise<'play' | 'watch'> {
  return new Promise((resolve) => showScreen(root, h(JoinPrompt, { info, resolve })));
}

function JoinPrompt({ info, resolve }: { info: JoinInfo; resolve: (want: 'play' | 'watch') => void }) {
  const name = useRef<HTMLInputElement>(null);
  const sit = useRef<HTMLButtonElement>(null);
  // A returning player's name is already there: the choice is the next thing to make.
  useEffect(() => {
    (identity.name ? sit : name).current?.focus();
  }, []);
  const submit = (e: Event) => {
    e.preventDefault();
    identity.name = name.current!.value.trim();
    resolve('play');
  };
  return h(
    'form',
    { class: 'card', 'aria-labelledby': 'join-title', onSubmit: submit },
    h('h1', { id: 'join-title' }, `${info.host || 'A friend'} invites you to ${info.name}`),
    h('label', { for: 'join-name' }, 'Your name'),
    h('input', {
      ref: name,
      id: 'join-name',
      maxLength: 24,
      autocomplete: 'nickname',
      defaultValue: identity.name,
      placeholder: 'Your name',
      required: true,
    }),
    // The claim grace is the server's rule, shown before sitting down (P3).
    info.graceSeconds
      ? h(
          'p',
          { class: 'fine' },
          `If a player drops, they keep the seat for ${info.graceSeconds} s before the other may claim the win.`,
        )
      : null,
    h('button', { ref: sit, type: 'submit', class: 'primary' }, 'Sit down'),
    h('button', { type: 'button', onClick: () => resolve('watch') }, 'Just watch'),
  );
}
