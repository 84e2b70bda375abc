// "Open on another device": a one-time link and its QR code for one seat or a whole "Your games" list, and the
// /device page that exchanges such a code for the seats' tokens. No accounts: both devices then hold the seats.
// The code travels in the link's fragment (#…), which browsers never send to a server or put in its logs.
import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { renderSVG } from 'uqr';
import { identity } from '../net/identity';
import { showScreen } from '../ui/screen';
import './your-games.css';

type Seats = { room: string; token: string }[];

/** What the device-code routes answer: a code, seats, or a coded refusal. */
interface Answer {
  code?: string;
  message?: string;
  seats?: Seats;
}

async function postJson(path: string, body: unknown): Promise<{ ok: boolean; body: Answer }> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, body: await res.json().catch(() => ({})) };
}

/** The button, then the link, its QR code and how long it lasts. `seats` is read when pressed. */
export function DeviceLink({ seats, label = 'Open on another device' }: { seats: () => Seats; label?: string }) {
  const [link, setLink] = useState<{ url: string; svg: string; until: number } | null>(null);
  const [error, setError] = useState('');
  const [, tick] = useState(0);
  useEffect(() => {
    if (!link) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [link]);
  const make = async () => {
    setError('');
    const list = seats().slice(0, 100);
    if (list.length === 0) return setError('This browser holds no seat to pass on.');
    const res = await postJson('/api/device-code', { seats: list }).catch(() => null);
    if (!res?.ok) return setError(res?.body?.message ?? 'The link could not be made; try again.');
    const url = `${location.origin}/device#${res.body.code ?? ''}`;
    // Counted on this page's clock (it may differ from the server's): a code lasts ten minutes from now.
    setLink({ url, svg: renderSVG(url, { border: 2 }), until: Date.now() + 600_000 });
  };
  if (!link)
    return h(
      'div',
      { class: 'device-link' },
      h('button', { type: 'button', class: 'device-open', onClick: () => void make() }, label),
      error ? h('p', { class: 'error', role: 'alert' }, error) : null,
    );
  const left = Math.max(0, Math.ceil((link.until - Date.now()) / 1000));
  return h(
    'div',
    { class: 'device-link open', role: 'group', 'aria-label': 'Open on another device' },
    h('p', { class: 'device-how' }, 'Scan this with your other device, or open the link there. It works once.'),
    h('div', {
      class: 'qr',
      role: 'img',
      'aria-label': 'QR code of the link',
      dangerouslySetInnerHTML: { __html: link.svg },
    }),
    h('input', { readOnly: true, value: link.url, 'aria-label': 'Device link', class: 'device-url' }),
    h(
      'p',
      { class: 'fine' },
      left > 0
        ? `Valid for ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} more.`
        : 'Expired: make a new one.',
    ),
    h('button', { type: 'button', onClick: () => setLink(null) }, 'Done'),
  );
}

/** The /device page: takes the code from the fragment, asks for the seats once, keeps them, and goes on. */
export async function deviceScreen(root: HTMLElement, go: (path: string) => void): Promise<() => void> {
  const code = location.hash.slice(1);
  // The code is spent by the exchange: it leaves the address bar and the history at once.
  history.replaceState(null, '', '/device');
  showScreen(root, h(Exchange, { code, go }));
  return () => render(null, root);
}

function Exchange({ code, go }: { code: string; go: (path: string) => void }) {
  const [said, setSaid] = useState('Opening your games on this device…');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void (async () => {
      const res = code ? await postJson('/api/device-code/redeem', { code }).catch(() => null) : null;
      if (!res?.ok) {
        setFailed(true);
        return setSaid(res?.body?.message ?? 'This link holds no code. Make a new one on your other device.');
      }
      const seats = res.body.seats ?? [];
      for (const s of seats) identity.keepSeatToken(s.room, s.token);
      setSaid(`This device now holds ${seats.length === 1 ? 'your seat' : `your ${seats.length} seats`}.`);
      go(seats.length === 1 ? `/r/${seats[0]!.room}` : '/games');
    })();
  }, []);
  return h(
    'section',
    { class: 'card device-page' },
    h('h1', {}, 'Open on this device'),
    h('p', { role: failed ? 'alert' : 'status', class: failed ? 'error' : '' }, said),
    failed ? h('a', { href: '/games' }, 'Your games') : null,
  );
}
