// Keyed rolls (P1 extended for D7's race): a roll named by a key instead of its position, recomputed by the
// verifier from the key, leaving every indexed roll of every existing game as it was.
import { createHmac } from 'node:crypto';
import { nodeHmac } from '../../server/src/rooms/node-hmac';
import {
  commitmentOf,
  FairDice,
  fairKeyedRoll,
  fairRoll,
  FAIR_SCHEME,
  getGame,
  highRoll,
  LOG_FORMAT,
  RecordingDice,
  replayed,
  rollKeyed,
  scripted,
  seededKeyedDice,
  startTable,
  advance,
  verifyLog,
  type GameLog,
} from '@dicehall/shared';

const SEED = `${'00'.repeat(31)}01`;
const inputs = { gameId: 'abcdef0123456789', clientSeed: 'ana:ben' };

/** An independent keyed roll with Node's crypto. */
function reference(key: string, sides: number): number {
  const limit = Math.floor(2 ** 32 / sides) * sides;
  for (let block = 0; ; block++) {
    const mac = createHmac('sha256', Buffer.from(SEED, 'hex'))
      .update(`${FAIR_SCHEME}|${inputs.gameId}|${inputs.clientSeed}|key:${key}|${sides}|${block}`)
      .digest();
    for (let w = 0; w < 8; w++) {
      const x = mac.readUInt32BE(w * 4);
      if (x < limit) return (x % sides) + 1;
    }
  }
}

describe('P1 keyed rolls', () => {
  it('P1 a keyed roll is the HMAC of key:<key> where an indexed roll has its index', () => {
    for (let i = 0; i < 200; i++) {
      const key = `siege.r${i % 13}.a${i % 4}.s${i % 8}`;
      expect(fairKeyedRoll(SEED, inputs, key, 6)).toBe(reference(key, 6));
    }
    expect(fairKeyedRoll(SEED, inputs, 'k', 20)).toBe(reference('k', 20));
  });

  it('P1 the server roller (native HMAC) rolls the same keyed numbers; a keyed roll takes its place in the count', () => {
    const native = new FairDice(SEED, inputs, nodeHmac);
    const noble = new FairDice(SEED, inputs);
    for (let i = 0; i < 100; i++) expect(native.rollKeyed(6, `x${i}`)).toBe(noble.rollKeyed(6, `x${i}`));
    expect(native.rolled).toBe(100);
    // The log numbers every roll, keyed or not: an indexed roll after keyed ones is the roll of its own index.
    expect([native.roll(6), native.roll(6)]).toEqual([fairRoll(SEED, inputs, 100, 6), fairRoll(SEED, inputs, 101, 6)]);
  });

  it('P1 a log mixing keyed and indexed rolls verifies roll by roll, and a rewind steps back over keyed rolls', () => {
    const dice = new RecordingDice(new FairDice(SEED, inputs, nodeHmac));
    dice.roll(6);
    dice.rollKeyed(6, 'siege.r1.a1.s0');
    dice.roll(20);
    const rolls = dice.drain();
    expect(rolls.map((r) => r.index)).toEqual([0, 1, 2]);
    for (const r of rolls) {
      expect(r.value).toBe(
        r.key === undefined ? fairRoll(SEED, inputs, r.index, r.sides) : fairKeyedRoll(SEED, inputs, r.key, r.sides),
      );
    }
    const again = new RecordingDice(new FairDice(SEED, inputs, nodeHmac));
    again.roll(6);
    again.rollKeyed(6, 'k1');
    expect(again.rewind(1)).toBe(true);
    expect(again.roll(4)).toBe(fairRoll(SEED, inputs, 1, 4));
  });

  it('P1 a key cannot pose as an index or smuggle the separator', () => {
    expect(() => fairKeyedRoll(SEED, inputs, 'a|b', 6)).toThrow(RangeError);
    expect(() => fairKeyedRoll(SEED, inputs, '', 6)).toThrow(RangeError);
    expect(() => fairKeyedRoll(SEED, inputs, 'x'.repeat(65), 6)).toThrow(RangeError);
    expect(() => new RecordingDice(scripted([1])).rollKeyed(6, 'Bad Key')).toThrow(RangeError);
  });

  it('P1 recorded with its key, replayed only under the same key', () => {
    const rec = new RecordingDice(new FairDice(SEED, inputs));
    const a = rec.roll(6);
    const b = rec.rollKeyed(6, 'r1.a1.s0');
    const rolls = rec.drain();
    expect(rolls).toEqual([
      { index: 0, sides: 6, value: a },
      { index: 1, sides: 6, value: b, key: 'r1.a1.s0' },
    ]);
    const again = replayed(rolls);
    expect(again.roll(6)).toBe(a);
    expect(again.rollKeyed!(6, 'r1.a1.s0')).toBe(b);
    expect(() => replayed(rolls).rollKeyed!(6, 'r1.a1.s0')).toThrow(/key/);
    const other = replayed(rolls);
    other.roll(6);
    expect(() => other.rollKeyed!(6, 'r1.a1.s1')).toThrow(/key/);
  });

  it('P1 sources without keyed rolls fall back to their sequence; seeded keyed dice depend on the key only', () => {
    const s = scripted([4, 2]);
    expect([rollKeyed(s, 6, 'a'), rollKeyed(s, 6, 'a')]).toEqual([4, 2]);
    const x = seededKeyedDice(9);
    const y = seededKeyedDice(9);
    y.roll(6);
    y.rollKeyed!(6, 'other');
    expect(y.rollKeyed!(6, 'k1')).toBe(x.rollKeyed!(6, 'k1'));
  });

  it('P1 the verifier checks keyed rolls from the seed and catches a changed value or key; indexed logs still verify', () => {
    // High Roll's indexed log, with one keyed roll appended by hand to its last entry, is checked roll by roll.
    const dice = new RecordingDice(new FairDice(SEED, inputs));
    const start = startTable(highRoll, {}, 2, dice);
    if (!start.ok) throw new Error('setup');
    let table = start.table;
    const entries = [start.entry];
    for (let i = 0; i < 6; i++) {
      const step = advance(highRoll, table, i % 2, 'action', { type: 'roll' }, dice);
      if (!step.ok) throw new Error(step.message);
      table = step.table;
      entries.push(step.entry);
    }
    const log: GameLog = {
      format: LOG_FORMAT,
      game: 'high-roll',
      gameId: inputs.gameId,
      options: {},
      seats: 2,
      players: ['A', 'B'],
      fair: { scheme: FAIR_SCHEME, commitment: commitmentOf(SEED), clientSeed: inputs.clientSeed, serverSeed: SEED },
      entries,
      result: getGame('high-roll')!.result(table.state),
    };
    expect(verifyLog(log, getGame)).toEqual({ ok: true, rollsChecked: 6, problems: [] });
    const keyed: GameLog = JSON.parse(JSON.stringify(log));
    keyed.entries[6].rolls.push({ index: 6, sides: 6, value: fairKeyedRoll(SEED, inputs, 'extra', 6), key: 'extra' });
    // The roll itself checks out; only the replay objects (High Roll never asked for it).
    const v = verifyLog(keyed, getGame);
    expect(v.rollsChecked).toBe(7);
    expect(v.problems.some((p) => /roll #6/.test(p))).toBe(false);
    keyed.entries[6].rolls[0].value = (keyed.entries[6].rolls[0].value % 6) + 1;
    keyed.entries[6].rolls[1].value = (keyed.entries[6].rolls[1].value % 6) + 1;
    const bad = verifyLog(keyed, getGame);
    expect(bad.problems.filter((p) => /roll #6 \(d6, key extra\)/.test(p))).toHaveLength(1);
    keyed.entries[6].rolls[1].key = 'Bad|Key';
    expect(verifyLog(keyed, getGame).problems).toContain('roll #6 is not a die the scheme can roll');
  });
});
