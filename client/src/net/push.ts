// Web Push for this browser: the service worker (/sw.js), the browser's push subscription, and the server's record
// of it for a seat (POST /api/push/subscribe, proved by the seat token). Which rooms this browser asked to hear
// about is kept in localStorage, so a rematch or a later visit subscribes the seat again without asking.
const KEY = (roomId: string) => `dicehall:push:${roomId}`;

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** Why enabling failed, in words a player can act on. */
export class PushProblem extends Error {}

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** base64url (the server's VAPID key) to the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function post(path: string, body: unknown): Promise<{ ok: boolean; code?: string; message?: string }> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  return { ok: res.ok, ...answer };
}

async function subscription(): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const res = await fetch('/api/push/key');
  if (!res.ok) throw new PushProblem('This server does not send notifications.');
  const { publicKey } = (await res.json()) as { publicKey: string };
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

export const push = {
  state(roomId: string): PushState {
    if (!supported()) return 'unsupported';
    if (Notification.permission === 'denied') return 'blocked';
    return Notification.permission === 'granted' && localStorage.getItem(KEY(roomId)) === '1' ? 'on' : 'off';
  },

  /** Asks for permission (call from a tap), subscribes this browser and tells the server which seat it is for. */
  async enable(roomId: string, token: string): Promise<void> {
    if (!supported()) throw new PushProblem('This browser cannot show notifications from a web page.');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') throw new PushProblem('Notifications are blocked for this site in the browser.');
    const sub = await subscription().catch((err: Error) => {
      throw err instanceof PushProblem ? err : new PushProblem(`The browser's push service refused: ${err.message}`);
    });
    const answer = await post('/api/push/subscribe', { roomId, token, subscription: sub.toJSON() });
    if (!answer.ok) throw new PushProblem(answer.message ?? 'The server refused the subscription.');
    localStorage.setItem(KEY(roomId), '1');
  },

  /** Stops notifications for this seat (the browser's subscription stays for its other seats). */
  async disable(roomId: string, token: string): Promise<void> {
    localStorage.removeItem(KEY(roomId));
    if (!supported()) return;
    const registration = await navigator.serviceWorker.getRegistration('/');
    const sub = await registration?.pushManager.getSubscription();
    if (sub) await post('/api/push/unsubscribe', { roomId, token, endpoint: sub.endpoint });
  },

  /** A seat that asked before, at a game that (re)started: the server hears of the subscription again. */
  async renew(roomId: string, token: string): Promise<void> {
    if (this.state(roomId) !== 'on') return;
    try {
      const sub = await subscription();
      await post('/api/push/subscribe', { roomId, token, subscription: sub.toJSON() });
    } catch {
      // Best effort: the switch still shows "on", and a tap on it tries again with a message.
    }
  },
};
