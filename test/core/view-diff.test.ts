// The view stream's diff (shared/src/core/view-stream.ts) on its own: a patch is shaped like the document, and a
// list's patch costs what changed in it. An element inserted into, removed from or moved within a list is one
// edit (`~`), not every later index rewritten as main's index-by-index diff did (a die leaving the middle of the
// Dice Chess board cost ~240 B there). Shapes and sizes are asserted, and every patch is applied through its JSON
// text and checked against the target.
import fc from 'fast-check';
import { applyPatch, diff } from '@dicehall/shared';

/** Diffs a into b, checks the patch (as JSON text, as it travels) turns a into b and leaves a as it was. */
function patchOf(a: unknown, b: unknown): unknown {
  const before = JSON.stringify(a);
  const patch = diff(a, b);
  expect(JSON.stringify(diff(a, b))).toBe(JSON.stringify(patch)); // deterministic
  const text = JSON.stringify(patch);
  if (patch === undefined) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  else expect(applyPatch(a, JSON.parse(text))).toEqual(JSON.parse(JSON.stringify(b)));
  expect(JSON.stringify(a)).toBe(before);
  return patch === undefined ? undefined : JSON.parse(text);
}
const size = (p: unknown) => JSON.stringify(p).length;

/** Dice Chess's board as its view lists it: one object per die, in square order. */
const die = (i: number) => ({
  square: `${'abcdefgh'[i % 8]}${1 + (i >> 3)}`,
  owner: i < 16 ? 0 : 1,
  value: 1 + (i % 6),
});
const board = () => Array.from({ length: 32 }, (_, i) => die(i < 16 ? i : i + 32));
const ints = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('list patches cost what changed', () => {
  it.each([
    ['start', 0],
    ['middle', 13],
    ['end', 31],
  ])('a die removed at the %s is one edit', (_, at) => {
    const a = board();
    const b = a.filter((_d, i) => i !== at);
    expect(patchOf({ board: a }, { board: b })).toEqual({ board: { '~': [[at, 1]] } });
  });

  it.each([
    ['start', 0],
    ['middle', 13],
    ['end', 32],
  ])('a die inserted at the %s travels alone', (_, at) => {
    const a = board();
    const b = [...a.slice(0, at), { square: 'h8', owner: 1, value: 6 }, ...a.slice(at)];
    expect(patchOf(a, b)).toEqual({ '~': [[at, 0, { square: 'h8', owner: 1, value: 6 }]] });
  });

  it('several removals and insertions in one list, each run one edit', () => {
    const a = ints(40);
    const b = [100, ...a.slice(0, 10), ...a.slice(14, 30), ...a.slice(31, 35), 101, 102, ...a.slice(35)];
    const p = patchOf(a, b) as { '~': unknown[] };
    expect(p).toEqual({
      '~': [
        [30, 1],
        [10, 4],
        [0, 0, 100],
        [31, 0, 101, 102],
      ],
    });
  });

  it('an element moved unchanged is a move, not the elements between rewritten', () => {
    const a = board();
    const b = [...a];
    const [d] = b.splice(20, 1);
    b.splice(5, 0, d!);
    expect(patchOf(a, b)).toEqual({ '~': [[-21, 5]] });
    // and the other way
    const c = [...a];
    const [e] = c.splice(3, 1);
    c.splice(25, 0, e!);
    expect(patchOf(a, c)).toEqual({ '~': [[-4, 25]] });
  });

  it('a die that moves and so changes place in the list: a move and its changed square', () => {
    // c7 (index 18 of the board below) goes to d6, which sorts before a7 and b7.
    const a = [...ints(16).map(die), die(48), die(49), die(50), ...ints(13).map((i) => die(51 + i))];
    const b = [...a.slice(0, 16), { ...a[18]!, square: 'd6' }, a[16], a[17], ...a.slice(19)];
    const p = patchOf({ view: { board: a } }, { view: { board: b } });
    expect(p).toEqual({ view: { board: { '~': [[-19, 16]], 16: { square: 'd6' } } } });
    expect(size(p)).toBeLessThan(60);
  });

  it('a capture: the taker changed in place of the taken, the square it left removed', () => {
    const a = board();
    // The die at 10 takes the one at 20: it leaves its place and stands where 20 stood.
    const b = [...a.slice(0, 10), ...a.slice(11, 20), { ...a[10]!, square: a[20]!.square }, ...a.slice(21)];
    const p = patchOf(a, b);
    expect(size(p)).toBeLessThan(60);
    expect((p as { '~': unknown[] })['~']).toEqual([[10, 1]]);
  });

  it('in-place changes in a list of objects are changed fields at their indexes', () => {
    const a = board();
    const b = a.map((d, i) => (i === 5 || i === 25 ? { ...d, value: 9 } : d));
    expect(patchOf(a, b)).toEqual({ 5: { value: 9 }, 25: { value: 9 } });
  });

  it('nested lists: an element leaving an inner list is an edit of that list only', () => {
    const a = { players: [{ hand: ints(10) }, { hand: ints(10), trash: [] as number[] }] };
    const b = { players: [{ hand: ints(10) }, { hand: ints(10).filter((i) => i !== 4), trash: [4] }] };
    expect(patchOf(a, b)).toEqual({ players: { 1: { hand: { '~': [[4, 1]] }, trash: { '~': [[0, 0, 4]] } } } });
    const m = [ints(5), ints(5), ints(5)];
    const n = [ints(5), [0, 1, 3, 4], ints(5)];
    expect(patchOf(m, n)).toEqual({ 1: { '~': [[2, 1]] } });
  });

  it('empty lists: filled, emptied, unchanged', () => {
    expect(patchOf({ l: [] }, { l: [{ x: 1 }] })).toEqual({ l: { '~': [[0, 0, { x: 1 }]] } });
    expect(patchOf({ l: ints(5) }, { l: [] })).toEqual({ l: [[]] });
    expect(patchOf({ l: [], k: 1 }, { l: [], k: 2 })).toEqual({ k: 2 });
    expect(patchOf([], [])).toBeUndefined();
  });

  it('type changes set the value whole, wrapped when it is a list or object', () => {
    expect(patchOf({ a: [1, 2] }, { a: { 0: 1 } })).toEqual({ a: [{ 0: 1 }] });
    expect(patchOf({ a: { 0: 1 } }, { a: [1] })).toEqual({ a: [[1]] });
    expect(patchOf({ a: null }, { a: [1] })).toEqual({ a: [[1]] });
    expect(patchOf({ a: [1] }, { a: 'x' })).toEqual({ a: 'x' });
    expect(patchOf([1, [2], { x: 3 }], [[1], 2, null])).toEqual({ 0: [[1]], 1: 2, 2: null });
    expect(patchOf({ a: 1, b: 2 }, { a: 1 })).toEqual({ b: [] });
    expect(patchOf(null, { a: 1 })).toEqual([{ a: 1 }]);
  });

  it('repeated values: whichever equal element is kept, the list comes out right and small', () => {
    const p = patchOf([1, 1, 1, 2, 2, 2], [1, 1, 2, 2, 2, 2]);
    expect(size(p)).toBeLessThanOrEqual(12);
    patchOf([0, 0, 0], [0, 0, 0, 0]);
    patchOf(['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a']);
  });

  it('a list that changed wholesale travels whole when that is shorter', () => {
    const a = { moves: ['a1-a2', 'b1-b2', 'c1-c2', 'd1-d2', 'e1-e2'] };
    const b = { moves: ['a7-a6', 'b7-b6', 'c7-c6', 'd7-d6'] };
    expect(patchOf(a, b)).toEqual({ moves: [b.moves] });
  });
});

describe('text patches', () => {
  const empty = '......../......../......../......../......../......../......../........';
  it('a long text (a board notation) travels as the splices of what changed in it', () => {
    const a = `${empty.slice(0, 20)}3${empty.slice(21)}`;
    const b = `${empty.slice(0, 29)}3${empty.slice(30)}`;
    expect(patchOf({ notation: a }, { notation: b })).toEqual({
      notation: {
        '~': [
          [20, 1, '.'],
          [29, 1, '3'],
        ],
      },
    });
    // lengths differ: the one span between the common head and tail
    expect(patchOf({ t: `${empty}x` }, { t: `${empty}yz` })).toEqual({ t: { '~': [[empty.length, 1, 'yz']] } });
    // nothing in common: whole
    expect(patchOf({ t: 'a'.repeat(70) }, { t: 'b'.repeat(70) })).toEqual({ t: 'b'.repeat(70) });
  });

  it('a short text (a name, a card or die id) always travels whole, so a raw-frame search for it finds it', () => {
    const a = { card: 'shield.black.d20', line: 'Ana attacks p1.battery.red with attack.red.d6 and hits' };
    const b = { card: 'shield.black.d12', line: 'Ana attacks p1.battery.red with attack.red.d8 and hits' };
    const text = JSON.stringify(patchOf(a, b));
    expect(text).toContain('"shield.black.d12"');
    expect(text).toContain('attack.red.d8');
  });
});

describe('applying a patch', () => {
  it('copies only the nodes it changes, and never writes an object prototype', () => {
    const a = { x: { deep: [1, 2] }, y: { z: 1 } };
    const out = applyPatch(a, JSON.parse('{"y":{"z":2},"__proto__":{"polluted":1},"x":{"constructor":[1]}}')) as {
      x: unknown;
      y: unknown;
    };
    expect(out).toEqual({ x: { deep: [1, 2] }, y: { z: 2 } });
    expect((out.x as { deep: unknown }).deep).toBe(a.x.deep);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(a.y.z).toBe(1);
  });

  it('any JSON document into any other (random documents and random list surgery)', () => {
    const leaf = fc.oneof(
      fc.integer({ min: 0, max: 5 }),
      fc.constantFrom('a', 'b', 'c'),
      fc.boolean(),
      fc.constant(null),
    );
    const { doc } = fc.letrec((tie) => ({
      doc: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('doc'), { maxLength: 6 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', '~', '0'), tie('doc'), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(doc, doc, (a, b) => {
        patchOf(a, b);
      }),
      { numRuns: 3000 },
    );
    // Lists of small objects changed the way game lists change: removals, insertions, moves, edits.
    const item = fc.record({ id: fc.integer({ min: 0, max: 9 }), v: fc.integer({ min: 0, max: 3 }) });
    const surgery = fc.array(fc.tuple(fc.constantFrom('remove', 'insert', 'move', 'edit'), fc.nat(), fc.nat(), item), {
      maxLength: 5,
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), surgery, (a, ops) => {
        const b = a.map((x) => ({ ...x }));
        for (const [op, i, j, x] of ops) {
          const at = b.length ? i % b.length : 0;
          if (op === 'remove') b.splice(at, 1);
          else if (op === 'insert') b.splice(i % (b.length + 1), 0, x);
          else if (op === 'move' && b.length) b.splice(j % b.length, 0, b.splice(at, 1)[0]!);
          else if (b.length) b[at] = { ...b[at]!, v: x.v };
        }
        const p = patchOf({ list: a }, { list: b });
        // Never much more than the list sent whole.
        if (p !== undefined) expect(size(p)).toBeLessThanOrEqual(size({ list: [b] }) + 60);
      }),
      { numRuns: 3000 },
    );
  });
});
