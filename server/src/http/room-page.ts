// A room link's page (/r/<id>) carries, in its own HTML, what the client would otherwise learn one or two round
// trips later: the room's summary (what GET /api/rooms/<id> answers) and the code its board needs, as
// modulepreload links. On a slow phone this turns three waves of downloads (entry script; then the room look-up
// and the network, table and PixiJS code; then the game's board) into one, and the client asks to join as soon as
// its entry script runs (issue 9; figures in bench/client-load.results.md).
import fs from 'node:fs';
import path from 'node:path';

/** What a room look-up answers: the same object for the page and for GET /api/rooms/<id>. */
export interface RoomSummary {
  roomId: string;
  metadata: { game?: unknown } & Record<string, unknown>;
  clients: number;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Vite's build manifest (build.manifest in client/vite.config.ts), or null for a build without one. */
export function readManifest(dist: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** Every chunk `keys` import, transitively, as files (scripts and stylesheets), each once. */
function closure(manifest: Manifest, keys: string[], skip = new Set<string>()): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(key)) return;
    skip.add(key);
    js.push(chunk.file);
    for (const c of chunk.css ?? []) if (!css.includes(c)) css.push(c);
    for (const i of chunk.imports ?? []) walk(i);
  };
  for (const k of keys) walk(k);
  return { js, css };
}

/**
 * The page for rooms of one game: index.html with the room's code preloaded. What the entry script already
 * loads is left out. The network code comes first at the normal priority; the rest (the table, PixiJS, the game's
 * rules with zod, its board) at a low one: on HTTP/1.1's six connections the seat reservation the entry script
 * sends with a high priority (client/src/net/seat.ts) then takes the next free connection instead of queueing
 * behind ~25 downloads (it ended ~1 s after it started; now ~0.3 s, bench/client-load.results.md).
 */
export function pageFor(indexHtml: string, manifest: Manifest, game: string): string | null {
  const view = `src/games/${game}/view.ts`;
  if (!manifest[view]) return null;
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const skip = new Set<string>();
  closure(manifest, entries, skip);
  const connection = Object.keys(manifest).filter((k) => k.endsWith('/connection.ts') || /^_connection-/.test(k));
  // The game's own entry (client/src/games/<game>/index.ts: its words and its shared rules module, which the
  // client loads by itself once it knows the game) comes before its board; no other game's code is named.
  const gameEntry = `src/games/${game}/index.ts`;
  const net = closure(manifest, connection, skip);
  const { js, css } = closure(manifest, ['src/screens/table.ts', gameEntry, view], skip);
  const links = [
    ...net.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...js.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`),
    ...[...net.css, ...css].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ].join('\n    ');
  return indexHtml.replace('</head>', `    ${links}\n  </head>`);
}

/**
 * The room's summary as a JSON script element, which the browser never runs (so the Content-Security-Policy
 * allows it); `<` is escaped so a player's name can never close the element.
 */
export function withSummary(page: string, room: RoomSummary): string {
  const json = JSON.stringify(room).replace(/</g, '\\u003c');
  return page.replace('</head>', `  <script type="application/json" id="room-info">${json}</script>\n  </head>`);
}
