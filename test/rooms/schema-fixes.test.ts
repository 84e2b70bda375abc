// The server's mends of @colyseus/schema 3.0.76 (server/src/rooms/schema-fixes.ts), checked at the encoder.
import { Decoder, Encoder, Schema, type } from '@colyseus/schema';
import {
  applySchemaFixes,
  checkMendedVersions,
  installedVersion,
  MENDED_FOR,
} from '../../server/src/rooms/schema-fixes';

class Probe extends Schema {
  @type('string') text = '';
  @type('number') n = 0;
}

function roundTrip(text: string) {
  const state = new Probe();
  state.text = text;
  state.n = 7;
  const decoded = new Probe();
  new Decoder(decoded).decode(new Encoder(state).encodeAll());
  return decoded;
}

it.each([31, 32, 200, 254, 255, 256, 300])(
  'round-trips a synced string of %i bytes, the field after it intact',
  (bytes) => {
    applySchemaFixes();
    const decoded = roundTrip('x'.repeat(bytes));
    expect(decoded.text).toHaveLength(bytes);
    expect(decoded.n).toBe(7);
  },
);

it('keeps the encode buffer small (64 KB), and a full state larger than it still decodes whole', () => {
  applySchemaFixes();
  expect(Encoder.BUFFER_SIZE).toBe(64 * 1024);
  const big = 'y'.repeat(200 * 1024);
  const decoded = roundTrip(big);
  expect(decoded.text).toBe(big);
  expect(decoded.n).toBe(7);
});

it('refuses to start on library versions the mends were not written for, naming each; passes on the installed ones', () => {
  expect(installedVersion('@colyseus/schema')).toBe(MENDED_FOR['@colyseus/schema']);
  expect(installedVersion('@colyseus/core')).toBe(MENDED_FOR['@colyseus/core']);
  expect(() => checkMendedVersions()).not.toThrow();
  const upgraded = (name: string) => (name === '@colyseus/schema' ? '3.0.80' : installedVersion(name));
  expect(() => checkMendedVersions(upgraded)).toThrow(/@colyseus\/schema 3\.0\.80 \(mended for 3\.0\.76\)/);
  expect(() => checkMendedVersions(() => '0.17.0')).toThrow(/@colyseus\/schema 0\.17\.0.*@colyseus\/core 0\.17\.0/);
});
