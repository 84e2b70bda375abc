// Dicehall's service worker: shows a turn notification the server pushed (Web Push, payload decrypted by the
// browser) and opens the game when it is tapped. It caches nothing: the site works the same without it.
/* eslint-env serviceworker */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A path of this site only: a payload never sends a tap elsewhere. */
function sameSite(url) {
  try {
    const u = new URL(url || '/', self.location.origin);
    return u.origin === self.location.origin ? u.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

/** The notification for a push message's payload (server/src/notify/push.ts: PushPayload). */
function show(data) {
  const p = data && typeof data === 'object' ? data : {};
  const title = typeof p.title === 'string' && p.title ? p.title.slice(0, 100) : 'Dicehall';
  return self.registration.showNotification(title, {
    body: typeof p.body === 'string' ? p.body.slice(0, 500) : 'It is your turn.',
    // One tag: a newer notification replaces the last one, and renotify makes it heard again.
    tag: typeof p.tag === 'string' ? p.tag : 'dicehall-turn',
    renotify: true,
    data: { url: sameSite(p.url) },
  });
}

/** A tap: a tab already on that game comes forward, else one is opened at it. */
async function open(url) {
  const target = sameSite(url);
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = tabs.find((c) => c.url === target);
  if (there) return there.focus();
  return self.clients.openWindow(target);
}

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  event.waitUntil(show(data));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(open(event.notification.data?.url));
});

// For the browser test (test/e2e/service-worker.test.ts): the two handlers' work, callable without a real push.
self.dicehall = { show, open, sameSite };
