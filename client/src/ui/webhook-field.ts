// The party host's "Webhook" field: a Discord or Slack webhook URL the server posts every turn of the party's games
// to (server/src/http/notify-routes.ts). The URL is a secret: once set, only its host is shown, never the URL.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';

interface Shown {
  set: boolean;
  host?: string;
}

/** The member token the party screen keeps for this party (screens/party-link.ts writes it). */
const memberToken = (partyId: string) => localStorage.getItem(`dicehall:party:${partyId}`) ?? '';

async function call(partyId: string, method: string, path = '', body?: unknown) {
  const res = await fetch(`/api/parties/${encodeURIComponent(partyId)}/webhook${path}`, {
    method,
    headers: {
      authorization: `Bearer ${memberToken(partyId)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: res.ok, status: res.status, answer };
}

export function WebhookField(props: { partyId: string }) {
  const { partyId } = props;
  const [shown, setShown] = useState<Shown | null>(null);
  const [url, setUrl] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A party just made may not be saved with its host yet (the server reads the host from the store): asked again.
    const ask = (tries: number) =>
      void call(partyId, 'GET').then(
        (r) => {
          if (!live) return;
          if (r.ok) setShown(r.answer as unknown as Shown);
          else if ((r.status === 404 || r.status === 403) && tries > 0) timer = setTimeout(() => ask(tries - 1), 1000);
        },
        () => undefined,
      );
    ask(5);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [partyId]);
  // Off on this server (no store) or not the host by the server's account: nothing to show.
  if (!shown) return null;
  const act = async (method: string, path = '', body?: unknown) => {
    setBusy(true);
    setNote('');
    const r = await call(partyId, method, path, body).catch(() => null);
    setBusy(false);
    if (!r) return setNote('The server could not be reached.');
    if (path === '/test')
      return setNote(r.answer.ok ? 'Test line posted.' : `The webhook did not take it (${String(r.answer.code)}).`);
    if (!r.ok) return setNote(String(r.answer.message ?? 'Refused.'));
    setShown(r.answer as unknown as Shown);
    setUrl('');
  };
  return h(
    'section',
    { class: 'card webhook', 'aria-label': 'Webhook' },
    h('h2', {}, 'Webhook'),
    h('p', { class: 'hint' }, 'Post every turn of this party’s games to a Discord or Slack channel.'),
    shown.set
      ? h(
          'p',
          {},
          `Set: turns go to ${shown.host}. `,
          h('button', { type: 'button', disabled: busy, onClick: () => act('POST', '/test') }, 'Send a test line'),
          ' ',
          h('button', { type: 'button', disabled: busy, onClick: () => act('DELETE') }, 'Remove the webhook'),
        )
      : h(
          'form',
          {
            class: 'webhook-form',
            style: { display: 'flex', gap: '0.5rem' },
            onSubmit: (e: Event) => {
              e.preventDefault();
              if (url.trim()) void act('PUT', '', { url: url.trim() });
            },
          },
          h('input', {
            type: 'url',
            inputMode: 'url',
            autoComplete: 'off',
            'aria-label': 'Webhook URL',
            style: { flex: '1', minWidth: '0' },
            placeholder: 'https://discord.com/api/webhooks/…',
            value: url,
            onInput: (e: Event) => setUrl((e.target as HTMLInputElement).value),
          }),
          h('button', { type: 'submit', disabled: busy || !url.trim() }, 'Save'),
        ),
    note ? h('p', { class: 'hint', role: 'status' }, note) : null,
  );
}
