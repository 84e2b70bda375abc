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
    h(
      'button',
      {
        type: 'button',
        onClick: () => {
          // A watcher's name is shown in chat too: a name typed here is kept.
          const typed = name.current!.value.trim();
          if (typed) identity.name = typed;
          resolve('watch');
        },
      },
      'Just watch',
    ),
  );
}

interface NameAsk {
  /** The heading: what the name is for ("Join Ana's party"). */
  title: string;
  /** The button that goes on. */
  go: string;
  /** Why the last name did not do (the server's refusal), shown under the field. */
  problem?: string;
}

/** Asks for this browser's name (kept in local storage) before it joins a party as a member everyone sees. */
export function namePrompt(root: HTMLElement, ask: NameAsk): Promise<string> {
  return new Promise((resolve) => showScreen(root, h(NamePrompt, { ask, resolve })));
}

function NamePrompt({ ask, resolve }: { ask: NameAsk; resolve: (name: string) => void }) {
  const name = useRef<HTMLInputElement>(null);
  useEffect(() => name.current?.focus(), []);
  const submit = (e: Event) => {
    e.preventDefault();
    const typed = name.current!.value.trim();
    if (!typed) return;
    identity.name = typed;
    resolve(typed);
  };
  return h(
    'form',
    { class: 'card name-prompt', 'aria-labelledby': 'name-title', onSubmit: submit },
    h('h1', { id: 'name-title' }, ask.title),
    h('label', { for: 'ask-name' }, 'Your name'),
    h('input', {
      ref: name,
      id: 'ask-name',
      maxLength: 24,
      autocomplete: 'nickname',
      defaultValue: identity.name,
      placeholder: 'Your name',
      required: true,
      'aria-describedby': ask.problem ? 'ask-name-problem' : undefined,
    }),
    ask.problem ? h('p', { id: 'ask-name-problem', class: 'error', role: 'alert' }, ask.problem) : null,
    h('p', { class: 'fine' }, 'Everyone in the party sees it; this browser remembers it. You can change it later.'),
    h('button', { type: 'submit', class: 'primary' }, ask.go),
  );
}
