// Two defects of @colyseus/schema 3.0.76 (the newest 3.0, the line Colyseus 0.16 needs), mended once at boot.
// Each is pinned by a test in test/rooms/schema-fixes.test.ts that fails without its mend. The rooms also read four
// private fields of @colyseus/core 0.16.26's Room (`_serializer.needFullEncode` for the stale-snapshot pitfall,
// `_serializer.encoder` to skip a patch with nothing in it, `_events` and `_internalState` for a lobby watching its
// table). All of it was written against the versions below:
// on any other the server refuses to start, saying which, so an upgrade re-checks each mend rather than trusting it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Room } from '@colyseus/core';
import { encode, Encoder } from '@colyseus/schema';

/** The library versions the mends were written and tested against. */
export const MENDED_FOR: Readonly<Record<string, string>> = {
  '@colyseus/schema': '3.0.76',
  '@colyseus/core': '0.16.26',
};

/** The installed version of a package (its package.json is not exported, so it is found next to its entry). */
export function installedVersion(name: string): string {
  // A bundle has no node_modules to read: the load bench's packer (bench/load/pack.ts) writes in the versions it
  // bundled, read from the same package.json files.
  const bundled = process.env.DICEHALL_BUNDLED_VERSIONS;
  if (bundled) {
    const version = (JSON.parse(bundled) as Record<string, string>)[name];
    if (version) return version;
  }
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name && pkg.version) return pkg.version;
  }
  throw new Error(`cannot find the installed version of ${name}`);
}

/** Throws, naming each library whose installed version is not the one the mends were written for. */
export function checkMendedVersions(installed: (name: string) => string = installedVersion) {
  const off = Object.entries(MENDED_FOR)
    .filter(([name, want]) => installed(name) !== want)
    .map(([name, want]) => `${name} ${installed(name)} (mended for ${want})`);
  if (off.length > 0) {
    throw new Error(
      `server/src/rooms/schema-fixes.ts mends library internals of other versions than those installed: ${off.join(', ')}. Re-check each mend and its test, then update MENDED_FOR.`,
    );
  }
}

let applied = false;

export function applySchemaFixes() {
  if (applied) return;
  checkMendedVersions();
  applied = true;

  // 1. A string of exactly 255 bytes is written with the msgpack str8 header `length % 255` = 0, so every
  //    client decoding that patch goes out of step. Log lines and legal-action lists reach 255 bytes at times.
  const writeString = encode.string;
  encode.string = ((bytes: Uint8Array, value: string, it: { offset: number }) => {
    const start = it.offset;
    const size = writeString(bytes as Parameters<typeof writeString>[0], value, it);
    if (bytes[start] === 0xd9) bytes[start + 1] = it.offset - start - 2;
    return size;
  }) as typeof encode.string;

  // 2. Patches are encoded into a buffer of Node's 8 KB pool size; when one overflows, the buffer grows but a
  //    StateView (per-client) part is sent from the old, cut-short bytes. The table has no @view field any more
  //    (views travel as messages, ./projection), so only the shared part remains, which grows correctly; 64 KB
  //    still covers a long game's full state at once without the growth warning, at 1/16 of the old 1 MB per
  //    encoder (the old size cost 3 MB per room).
  Encoder.BUFFER_SIZE = 64 * 1024;
}

/** Whether the room's state has changes its next patch would send (the serializer's encoder, a private field of core). */
export function hasStateChanges(room: Room): boolean {
  const serializer = (room as unknown as { _serializer?: { encoder?: { hasChanges: boolean } } })._serializer;
  // Another serializer than the schema one: assume there is something to send.
  return serializer?.encoder ? serializer.encoder.hasChanges : true;
}

/**
 * Colyseus 0.16.23–26 drops pending changes when no client is connected but keeps its cached full snapshot, so a
 * client joining later would get stale state. Forces a fresh snapshot for the next join (a private field of core).
 */
export function refreshSnapshot(room: Room) {
  (room as unknown as { _serializer: { needFullEncode: boolean } })._serializer.needFullEncode = true;
}
