// Polywars geometry: hand-computed distances, W2 ranges, line of sight (dice, terrain, grazing, corners),
// W4 step legality, and a property that no legal step ever leaves two dice overlapping.
import fc from 'fast-check';
import {
  distanceToDisc,
  distanceToPolygon,
  elevationAt,
  lineOfSight,
  rangeTo,
  R,
  segmentCrossesDisc,
  segmentCrossesPolygon,
  stepRefusal,
  discsOverlap,
  type Body,
  type Disc,
  type Point,
  type Terrain,
} from '@dicehall/shared/polywars';

const square = (x0: number, y0: number, size: number): Point[] => [
  { x: x0, y: y0 },
  { x: x0 + size, y: y0 },
  { x: x0 + size, y: y0 + size },
  { x: x0, y: y0 + size },
];
const FIELD = { width: 20 * R, height: 14 * R };
const d6 = (x: number, y: number): Body => ({ x, y, r: 16, h: 32 });

describe('distances', () => {
  test.each([
    ['outside, on an axis', { x: 0, y: 0 }, { x: 300, y: 0, r: 20 }, 280],
    ['3-4-5 triangle', { x: 0, y: 0 }, { x: 300, y: 400, r: 100 }, 400],
    ['on the rim', { x: 0, y: 0 }, { x: 20, y: 0, r: 20 }, 0],
    ['inside', { x: 5, y: 5 }, { x: 0, y: 0, r: 20 }, 0],
  ])('to a disc: %s', (_name, p, d, want) => {
    expect(distanceToDisc(p, d as Disc)).toBe(want);
  });

  const box = square(100, 100, 100);
  test.each([
    ['left of an edge', { x: 40, y: 150 }, 60],
    ['beyond a corner (3-4-5)', { x: 230, y: 240 }, 50],
    ['inside', { x: 150, y: 150 }, 0],
    ['on an edge', { x: 100, y: 130 }, 0],
    ['on a corner', { x: 200, y: 200 }, 0],
  ])('to a polygon: %s', (_name, p, want) => {
    expect(distanceToPolygon(p, box)).toBe(want);
  });

  it('to a concave polygon measures to the nearest edge, not a vertex', () => {
    const ell: Point[] = [
      { x: 0, y: 0 },
      { x: 300, y: 0 },
      { x: 300, y: 100 },
      { x: 100, y: 100 },
      { x: 100, y: 300 },
      { x: 0, y: 300 },
    ];
    expect(distanceToPolygon({ x: 200, y: 200 }, ell)).toBe(100); // in the notch: 100 to either inner edge
    expect(distanceToPolygon({ x: 50, y: 250 }, ell)).toBe(0);
  });
});

describe('W2 range = max(0, ceil(d / R) − 1)', () => {
  // A d6 target (radius 16): d is the centre distance minus 16.
  test.each([
    ['touching (rims meet)', 32, 0],
    ['exactly one halo away', 116, 0],
    ['just outside one halo', 117, 1],
    ['exactly two halos', 216, 1],
    ['two hops and a bit', 217, 2],
    ['several hops: d = 5.5 R', 566, 5],
    ['several hops: d = 7 R exactly', 716, 6],
  ])('W2 %s', (_name, centres, want) => {
    expect(rangeTo({ x: 0, y: 0 }, { x: centres, y: 0, r: 16 })).toBe(want);
  });

  it('W2 a diagonal exactly one halo away is range 0 (3-4-5, no rounding loss)', () => {
    // centre distance 500 − radius 400... use a big target: d = 500 − 400 = 100 = R.
    expect(rangeTo({ x: 0, y: 0 }, { x: 300, y: 400, r: 400 })).toBe(0);
    expect(rangeTo({ x: 0, y: 0 }, { x: 300, y: 400, r: 399 })).toBe(1);
  });
});

describe('W2 line of sight', () => {
  const a = d6(100, 500);
  const b = d6(900, 500);
  test.each([
    ['clear field', [], true],
    ['a die in the way', [{ x: 500, y: 500, r: 16 }], false],
    ['a die whose rim crosses the line', [{ x: 500, y: 510, r: 16 }], false],
    ['a die grazing the line (tangent) does not block', [{ x: 500, y: 516, r: 16 }], true],
    ['a die just off the line', [{ x: 500, y: 517, r: 16 }], true],
    ['a die behind the target', [{ x: 1000, y: 500, r: 16 }], true],
  ])('dice: %s', (_name, others, clear) => {
    expect(lineOfSight(a, b, others as Disc[], []).clear).toBe(clear);
  });

  const wall: Terrain = { points: square(450, 450, 100), height: 100 };
  const rock: Terrain = { points: square(450, 450, 100), height: 20 };
  test.each([
    ['a wall taller than both dice blocks', [wall], false],
    ['a rock lower than the dice does not', [rock], true],
    [
      'a wall beside the line (running along its edge) does not',
      [{ points: square(450, 500, 100), height: 100 }],
      true,
    ],
    ['a wall touched only at a corner does not', [{ points: square(500, 500, 100), height: 100 }], true],
    [
      'a diamond whose tip pokes through the line blocks',
      [
        {
          points: [
            { x: 500, y: 510 },
            { x: 550, y: 460 },
            { x: 500, y: 410 },
            { x: 450, y: 460 },
          ],
          height: 100,
        },
      ],
      false,
    ],
    [
      'a diamond whose tip stops on the line does not',
      [
        {
          points: [
            { x: 500, y: 500 },
            { x: 550, y: 450 },
            { x: 500, y: 400 },
            { x: 450, y: 450 },
          ],
          height: 100,
        },
      ],
      true,
    ],
  ])('terrain: %s', (_name, terrain, clear) => {
    expect(lineOfSight(a, b, [], terrain as Terrain[]).clear).toBe(clear);
  });

  it('a die standing on the wall sees over it', () => {
    const onWall = d6(500, 480);
    expect(elevationAt(onWall, [wall])).toBe(100);
    expect(lineOfSight(onWall, b, [], [wall]).clear).toBe(true);
  });

  it('reports what blocks', () => {
    expect(lineOfSight(a, b, [{ x: 500, y: 500, r: 16 }], [wall]).blockedBy).toBe('die');
    expect(lineOfSight(a, b, [], [wall]).blockedBy).toBe('terrain');
  });
});

describe('segment against a polygon: corner cases', () => {
  const box = square(100, 100, 100);
  test.each([
    ['through the middle', { x: 0, y: 150 }, { x: 300, y: 150 }, true],
    ['along the top edge', { x: 0, y: 100 }, { x: 300, y: 100 }, false],
    ['through two opposite corners (the diagonal)', { x: 0, y: 0 }, { x: 300, y: 300 }, true],
    ['touching one corner only', { x: 0, y: 200 }, { x: 200, y: 0 }, false],
    ['cutting a corner off', { x: 0, y: 300 }, { x: 300, y: 0 }, true],
    ['ending on the boundary from outside', { x: 0, y: 150 }, { x: 100, y: 150 }, false],
    ['starting inside', { x: 150, y: 150 }, { x: 400, y: 400 }, true],
    ['wholly outside', { x: 0, y: 0 }, { x: 0, y: 300 }, false],
  ])('%s', (_name, a, b, want) => {
    expect(segmentCrossesPolygon(a, b, box)).toBe(want);
  });

  it('a segment into a concave notch does not cross the solid part', () => {
    const ell: Point[] = [
      { x: 0, y: 0 },
      { x: 300, y: 0 },
      { x: 300, y: 100 },
      { x: 100, y: 100 },
      { x: 100, y: 300 },
      { x: 0, y: 300 },
    ];
    expect(segmentCrossesPolygon({ x: 150, y: 150 }, { x: 400, y: 400 }, ell)).toBe(false);
    expect(segmentCrossesPolygon({ x: 150, y: 150 }, { x: 50, y: 50 }, ell)).toBe(true);
  });

  it('a segment reduced to a point', () => {
    expect(segmentCrossesDisc({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 10, y: 0, r: 11 })).toBe(true);
    expect(segmentCrossesPolygon({ x: 150, y: 150 }, { x: 150, y: 150 }, square(100, 100, 100))).toBe(true);
  });
});

describe('W4 step legality', () => {
  it('W4 a step moves the centre at most R', () => {
    expect(stepRefusal(d6(500, 500), { x: 600, y: 500 }, [], [], FIELD)).toBeNull();
    expect(stepRefusal(d6(500, 500), { x: 560, y: 580 }, [], [], FIELD)).toBeNull(); // 3-4-5: exactly 100
    expect(stepRefusal(d6(500, 500), { x: 601, y: 500 }, [], [], FIELD)).toBe('too-far');
  });

  it('W4 a step ends clear of other dice; touching is clear', () => {
    expect(stepRefusal(d6(500, 500), { x: 600, y: 500 }, [{ x: 632, y: 500, r: 16 }], [], FIELD)).toBeNull();
    expect(stepRefusal(d6(500, 500), { x: 600, y: 500 }, [{ x: 631, y: 500, r: 16 }], [], FIELD)).toBe('overlap');
  });

  it('W4 a step passes over dice: only where it ends matters', () => {
    expect(stepRefusal(d6(500, 500), { x: 600, y: 500 }, [{ x: 550, y: 500, r: 10 }], [], FIELD)).toBeNull();
    expect(stepRefusal(d6(400, 500), { x: 500, y: 500 }, [{ x: 520, y: 500, r: 10 }], [], FIELD)).toBe('overlap');
    expect(stepRefusal(d6(400, 500), { x: 500, y: 500 }, [{ x: 526, y: 500, r: 10 }], [], FIELD)).toBeNull();
  });

  it('W4 the die stays wholly on the field; its rim may touch the edge', () => {
    expect(stepRefusal(d6(60, 500), { x: 16, y: 500 }, [], [], FIELD)).toBeNull();
    expect(stepRefusal(d6(60, 500), { x: 15, y: 500 }, [], [], FIELD)).toBe('off-field');
    expect(stepRefusal(d6(1950, 1350), { x: 1984, y: 1384 }, [], [], FIELD)).toBeNull();
    expect(stepRefusal(d6(1950, 1350), { x: 1985, y: 1384 }, [], [], FIELD)).toBe('off-field');
  });

  const low: Terrain = { points: square(550, 450, 100), height: 31 }; // lower than a d6 (32)
  const same: Terrain = { points: square(550, 450, 100), height: 32 };
  it('W4 a die crosses or climbs terrain lower than its height, not terrain as tall', () => {
    expect(stepRefusal(d6(500, 500), { x: 600, y: 500 }, [], [low], FIELD)).toBeNull(); // climbs on
    expect(stepRefusal(d6(500, 500), { x: 600, y: 500 }, [], [same], FIELD)).toBe('too-tall');
    const thin: Terrain = { points: square(540, 445, 10), height: 31 };
    const tall: Terrain = { points: square(540, 445, 10), height: 40 };
    expect(stepRefusal(d6(500, 450), { x: 590, y: 450 }, [], [thin], FIELD)).toBeNull(); // over a stick
    expect(stepRefusal(d6(500, 450), { x: 590, y: 450 }, [], [tall], FIELD)).toBe('too-tall');
    expect(
      stepRefusal({ x: 500, y: 450, r: 20, h: 40 }, { x: 590, y: 450 }, [], [{ ...tall, height: 39 }], FIELD),
    ).toBeNull(); // a d20 does
  });

  it('W4 climbing is measured from where the die stands', () => {
    const base: Terrain = { points: square(400, 400, 300), height: 31 };
    const top: Terrain = { points: square(580, 450, 50), height: 62 };
    expect(stepRefusal(d6(500, 500), { x: 560, y: 500 }, [], [base, top], FIELD)).toBeNull();
    expect(stepRefusal(d6(500, 500), { x: 590, y: 470 }, [], [base, top], FIELD)).toBeNull(); // from the base: 62 − 31 < 32
    expect(stepRefusal(d6(500, 500), { x: 590, y: 470 }, [], [base, { ...top, height: 63 }], FIELD)).toBe('too-tall');
    expect(stepRefusal(d6(300, 500), { x: 390, y: 470 }, [], [{ ...top, points: square(380, 450, 50) }], FIELD)).toBe(
      'too-tall',
    ); // from the ground
  });

  it('W4 a die steps down at most one die height', () => {
    const ledge: Terrain = { points: square(400, 400, 200), height: 32 };
    const cliff: Terrain = { points: square(400, 400, 200), height: 33 };
    expect(stepRefusal(d6(550, 500), { x: 650, y: 500 }, [], [ledge], FIELD)).toBeNull();
    expect(stepRefusal(d6(550, 500), { x: 650, y: 500 }, [], [cliff], FIELD)).toBe('drop-too-deep');
  });
});

describe('W4 property: no legal step leaves two dice overlapping', () => {
  it('W4 holds on random fields of dice and terrain', () => {
    const disc = fc.record({
      x: fc.integer({ min: 0, max: 600 }),
      y: fc.integer({ min: 0, max: 600 }),
      r: fc.integer({ min: 10, max: 45 }),
    });
    fc.assert(
      fc.property(
        fc.array(disc, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: -100, max: 100 }),
        fc.array(
          fc.record({
            x: fc.integer({ min: 0, max: 500 }),
            y: fc.integer({ min: 0, max: 500 }),
            s: fc.integer({ min: 5, max: 150 }),
            h: fc.integer({ min: 1, max: 80 }),
          }),
          { maxLength: 3 },
        ),
        (discs, dx, dy, boxes) => {
          const field = { width: 600, height: 600 };
          // Keep only a non-overlapping set: the position before the step is legal.
          const dice: Disc[] = [];
          for (const d of discs) if (!dice.some((o) => discsOverlap(o, d))) dice.push(d);
          const [mover, ...others] = dice;
          const terrain = boxes.map((b) => ({ points: square(b.x, b.y, b.s), height: b.h }));
          const to = { x: mover.x + dx, y: mover.y + dy };
          if (stepRefusal({ ...mover, h: 30 }, to, others, terrain, field) !== null) return true;
          const moved = { ...mover, ...to };
          return (
            others.every((o) => !discsOverlap(moved, o)) &&
            moved.x - moved.r >= 0 &&
            moved.x + moved.r <= 600 &&
            Math.hypot(dx, dy) <= R
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
