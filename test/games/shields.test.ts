// Shields: one test per rule of the source and per ruling S1–S15, scenarios from a compact fixture, and a perft count.
import {
  advance,
  pick,
  RecordingDice,
  resultOf,
  resultText,
  scripted,
  seededDice,
  startTable,
  type Seat,
} from '@dicehall/shared';
import {
  ALL_IDS,
  batteryId,
  COLOURS,
  defaultAttackId,
  die,
  POOL_IDS,
  shields,
  type Battery,
  type Colour,
  type Player,
  type ShieldsAction,
  type ShieldsOptions,
  type ShieldsState,
  type ShieldsView,
} from '@dicehall/shared/shields';

// ---------------------------------------------------------------------------------------------------------------
// The fixture: a state from a short description.
//   battery: "<health|x> <d4|d6|d8|-> <shield>…", shields outermost first, e.g. "7 d8 d12:5 d10" (a d12 shield at 5
//   over a full d10, all of the battery's own color); "x" is destroyed. Black shields: front/behind ["d20:14", …].
//   Dice the description does not place stay in the pool, or (with an explicit pool) go to seat `spare`'s trash.
// ---------------------------------------------------------------------------------------------------------------
interface PlayerSpec {
  red?: string;
  yellow?: string;
  blue?: string;
  front?: string[];
  behind?: string[];
  reserve?: string[];
  trash?: string[];
}
interface Spec {
  p0?: PlayerSpec;
  p1?: PlayerSpec;
  pool?: string[];
  spare?: Seat;
  turn?: Seat;
  step?: 'take' | 'act';
  options?: Partial<ShieldsOptions>;
  match?: { game: number; score: number[] };
  /** S14: turns without an attack so far, and whether the last turn was a pass. */
  quiet?: number;
  passed?: boolean;
  rules?: 1 | 2;
}

function build(spec: Spec): ShieldsState {
  const used = new Set<string>();
  const use = (id: string) => {
    if (!ALL_IDS.includes(id)) throw new Error(`fixture: no die ${id}`);
    if (used.has(id)) throw new Error(`fixture: ${id} placed twice`);
    used.add(id);
    return id;
  };
  const shield = (colour: string) => (t: string) => {
    const [faces, points] = t.split(':');
    return { id: use(`shield.${colour}.${faces}`), points: points ? Number(points) : Number(faces.slice(1)) };
  };
  const player = (seat: Seat, ps: PlayerSpec = {}): Player => {
    const trash = (ps.trash ?? []).map(use);
    const batteries = {} as Record<Colour, Battery>;
    for (const c of COLOURS) {
      const [health, attack = 'd4', ...stack] = (ps[c] ?? '12 d4').split(' ');
      if (health === 'x') {
        trash.push(use(defaultAttackId(seat, c)), use(batteryId(seat, c)));
        batteries[c] = { health: 0, attack: null, shields: [] };
        continue;
      }
      use(batteryId(seat, c));
      let a: string | null = null;
      if (attack === 'd4') a = use(defaultAttackId(seat, c));
      else {
        trash.push(use(defaultAttackId(seat, c)));
        if (attack !== '-') a = use(`attack.${c}.${attack}`);
      }
      batteries[c] = { health: Number(health), attack: a, shields: stack.map(shield(c)) };
    }
    return {
      batteries,
      front: (ps.front ?? []).map(shield('black')),
      behind: (ps.behind ?? []).map(shield('black')),
      reserve: (ps.reserve ?? []).map(use),
      trash,
    };
  };
  const players = [player(0, spec.p0), player(1, spec.p1)];
  let pool: string[];
  if (spec.pool) {
    pool = spec.pool.map(use);
    players[spec.spare ?? 1].trash.push(...POOL_IDS.filter((id) => !used.has(id)));
  } else pool = POOL_IDS.filter((id) => !used.has(id));
  return {
    rules: spec.rules ?? 2,
    draw: false,
    quiet: spec.quiet ?? 0,
    passed: spec.passed ?? false,
    between: null,
    ending: null,
    options: { bestOf: 1, resurrection: false, ...spec.options },
    game: spec.match?.game ?? 1,
    score: spec.match?.score ?? [0, 0],
    gameWinners: [],
    starter: 0,
    winner: null,
    turn: spec.turn ?? 0,
    step: spec.step ?? (pool.length > 0 ? 'take' : 'act'),
    pool,
    players,
    lastAttack: null,
  };
}

const P0 = (c: Colour) => batteryId(0, c);
const P1 = (c: Colour) => batteryId(1, c);
const NAMES = ['Ana', 'Ben'];

/** Plays one action with exactly these rolls (scripted dice fail on a roll too many); the action must be legal. */
function play(state: ShieldsState, action: ShieldsAction, rolls: number[] = []) {
  const dice = new RecordingDice(scripted(rolls));
  const step = shields.apply(state, state.turn, action, dice);
  if (!step.ok) throw new Error(`${step.code}: ${step.message}`);
  expect(dice.count).toBe(rolls.length);
  expect(shields.legalActions(state, state.turn)).toContainEqual(action);
  return { ...step, rolls: dice.drain() };
}

/** Both seats (in this order) press "Next game" between two games of a match. */
function nextGame(state: ShieldsState, order: Seat[]) {
  let s = state;
  const events = [];
  for (const seat of order) {
    expect(shields.toAct(s)).toContain(seat);
    expect(shields.legalActions(s, seat)).toEqual([{ type: 'next' }]);
    const step = shields.apply(s, seat, { type: 'next' }, scripted([]));
    if (!step.ok) throw new Error(step.message);
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

function refused(state: ShieldsState, action: unknown, seat: Seat = state.turn) {
  const parsed = shields.action.safeParse(action);
  if (!parsed.success) throw new Error(`does not parse: ${JSON.stringify(action)}`);
  const step = shields.apply(state, seat, parsed.data, scripted([]));
  expect(shields.legalActions(state, seat)).not.toContainEqual(parsed.data);
  return step.ok ? 'accepted' : step.code;
}

const view = (s: ShieldsState) => shields.view(s, null) as ShieldsView;
const battery = (s: ShieldsState, seat: Seat, c: Colour) => view(s).players[seat].batteries[COLOURS.indexOf(c)];
const stackOf = (s: ShieldsState, seat: Seat, c: Colour) =>
  battery(s, seat, c).shields.map((x) => `${x.id}:${x.points}`);
const say = (events: { type: string }[]) => events.map((e) => shields.describe(e, NAMES));
const attack = (seat: Seat, c: Colour): ShieldsAction => ({ type: 'attack', battery: batteryId(seat, c) });

describe('shields: components and setup', () => {
  it('source: 34 dice in all, 24 kinds by color and size, exactly as the source lists them', () => {
    // The source's list, as (count, color, sides); potions are solid green, polish gray/black.
    const source: [number, string, number][] = [
      [6, 'green', 12],
      [2, 'red', 4],
      [2, 'yellow', 4],
      [2, 'blue', 4],
      [1, 'red', 6],
      [1, 'yellow', 6],
      [1, 'blue', 6],
      [1, 'red', 8],
      [1, 'yellow', 8],
      [1, 'blue', 8],
      [1, 'red', 10],
      [1, 'yellow', 10],
      [1, 'blue', 10],
      [1, 'red', 12],
      [1, 'yellow', 12],
      [1, 'blue', 12],
      [1, 'black', 12],
      [1, 'black', 20],
      [1, 'green', 6],
      [2, 'green', 8],
      [1, 'green', 10],
      [1, 'gray', 4],
      [2, 'gray', 6],
      [1, 'gray', 8],
    ];
    const look = (id: string) => {
      const d = die(id)!;
      return `${d.kind === 'battery' ? 'green' : d.colour} d${d.sides}`;
    };
    const counts = new Map<string, number>();
    for (const id of ALL_IDS) counts.set(look(id), (counts.get(look(id)) ?? 0) + 1);
    expect(ALL_IDS).toHaveLength(34);
    expect(new Set(ALL_IDS).size).toBe(34);
    expect(counts.size).toBe(24);
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(source.map(([n, c, s]) => [`${c} d${s}`, n])));
  });

  it('S1 the pool holds 22 distinct dice: attack d6/d8, shields d10/d12 per color, black d12/d20, potions 6 8 8 10, polish 4 6 6 8', () => {
    const s = shields.setup({ bestOf: 1, resurrection: false }, 2, scripted([12, 12, 12, 1, 1, 1])).state;
    const v = view(s);
    const sig = (xs: { colour: string; sides: number }[]) => xs.map((d) => `${d.colour}${d.sides}`).sort();
    expect(sig(v.pool.attack)).toEqual(['blue6', 'blue8', 'red6', 'red8', 'yellow6', 'yellow8']);
    expect(sig(v.pool.shield)).toEqual([
      'black12',
      'black20',
      'blue10',
      'blue12',
      'red10',
      'red12',
      'yellow10',
      'yellow12',
    ]);
    expect(v.pool.potion.map((d) => d.sides)).toEqual([6, 8, 8, 10]);
    expect(v.pool.polish.map((d) => d.sides)).toEqual([4, 6, 6, 8]);
    const ids = [...v.pool.attack, ...v.pool.shield, ...v.pool.potion, ...v.pool.polish].map((d) => d.id);
    expect(new Set(ids).size).toBe(22);
    // Two d8 potions are two dice: taking one leaves the other, by name.
    const after = play(s, { type: 'take', die: 'potion.d8.2' }).state;
    expect(view(after).pool.potion.map((d) => d.id)).toEqual(['potion.d6', 'potion.d8.1', 'potion.d10']);
  });

  it('S1 each player has red, yellow and blue batteries at 12 health with a d4 attack die of their color', () => {
    const v = view(shields.setup({ bestOf: 1, resurrection: false }, 2, scripted([5, 5, 5, 1, 2, 3])).state);
    for (const p of v.players) {
      expect(
        p.batteries.map((b) => [b.colour, b.health, b.alive, b.attack?.colour, b.attack?.sides, b.shields.length]),
      ).toEqual([
        ['red', 12, true, 'red', 4, 0],
        ['yellow', 12, true, 'yellow', 4, 0],
        ['blue', 12, true, 'blue', 4, 0],
      ]);
    }
  });

  it.each([
    [
      'the higher total starts',
      [9, 8, 5, 7, 6, 4],
      0,
      [
        [9, 8, 5],
        [7, 6, 4],
      ],
    ],
    [
      'the second seat can win it',
      [1, 2, 3, 12, 11, 1],
      1,
      [
        [1, 2, 3],
        [12, 11, 1],
      ],
    ],
    [
      'a tie rolls again, every roll logged',
      [4, 4, 4, 6, 3, 3, 1, 1, 1, 2, 2, 2],
      1,
      [
        [4, 4, 4],
        [6, 3, 3],
        [1, 1, 1],
        [2, 2, 2],
      ],
    ],
  ])('S2 roll-off with 3d12 each: %s', (_title, rolls, first, logged) => {
    const dice = new RecordingDice(scripted(rolls as number[]));
    const step = shields.setup({ bestOf: 1, resurrection: false }, 2, dice);
    expect(dice.drain().map((r) => r.sides)).toEqual((rolls as number[]).map(() => 12));
    const offs = step.events.filter((e) => e.type === 'roll-off');
    expect(offs.map((e) => e.rolls)).toEqual(logged);
    expect(offs.map((e) => e.seat)).toEqual((logged as number[][]).map((_, i) => i % 2));
    expect(step.events.at(-1)).toEqual({ type: 'game-start', game: 1, first, reason: 'roll-off' });
    expect(shields.toAct(step.state)).toEqual([first]);
    expect(step.state.step).toBe('take');
  });
});

describe('shields: the opening example of the source', () => {
  it('left player scores 22 and starts; red d12 shield, red d4 hits yellow for 1; black d20 in front, blue d4 hits the red shield for 2', () => {
    // The picture shows the left player's 22; the right player's dice are not legible, any lower total does.
    const setup = shields.setup({ bestOf: 1, resurrection: false }, 2, scripted([10, 7, 5, 8, 3, 6]));
    expect(say(setup.events)).toEqual([
      'Ana rolls 3d12 for the first turn: 10 + 7 + 5 = 22',
      'Ben rolls 3d12 for the first turn: 8 + 3 + 6 = 17',
      'Game 1 begins: Ana goes first (won the roll-off)',
    ]);
    let s = setup.state;
    // Bottom player (Ana) takes the translucent red d12 shield: it goes on her red battery at 12.
    let step = play(s, { type: 'take', die: 'shield.red.d12' });
    s = step.state;
    expect(stackOf(s, 0, 'red')).toEqual(['shield.red.d12:12']);
    // … and attacks Ben's yellow battery with her red d4, rolling a 1.
    step = play(s, attack(0, 'red'), [1]);
    s = step.state;
    expect(step.rolls).toEqual([{ index: 0, sides: 4, value: 1 }]);
    expect(battery(s, 1, 'yellow').health).toBe(11);
    // Top player (Ben) takes the black d20 and puts it in front.
    step = play(s, { type: 'take', die: 'shield.black.d20', placement: 'front' });
    s = step.state;
    expect(COLOURS.map((c) => stackOf(s, 1, c))).toEqual([
      ['shield.black.d20:20'],
      ['shield.black.d20:20'],
      ['shield.black.d20:20'],
    ]);
    // He attacks Ana's red battery with his blue d4 and rolls a 2: her red shield goes from 12 to 10.
    step = play(s, attack(1, 'blue'), [2]);
    s = step.state;
    expect(stackOf(s, 0, 'red')).toEqual(['shield.red.d12:10']);
    expect(battery(s, 0, 'red').health).toBe(12);
    expect(say(step.events)).toEqual([
      "Ben attacks Ana's red battery with the blue d4: rolls 2; red d12 shield 12 → 10",
    ]);
    expect(shields.toAct(s)).toEqual([0]);
  });
});

describe('shields: turns', () => {
  it('S3 a turn is one take from the pool, then exactly one act; then the other player moves', () => {
    const s0 = build({});
    expect(shields.legalActions(s0, 0).every((a) => a.type === 'take')).toBe(true);
    expect(refused(s0, attack(0, 'red'))).toBe('wrong-step');
    const s1 = play(s0, { type: 'take', die: 'attack.red.d6' }).state;
    expect(shields.toAct(s1)).toEqual([0]);
    expect(shields.legalActions(s1, 0).some((a) => a.type === 'take')).toBe(false);
    expect(refused(s1, { type: 'take', die: 'attack.red.d8' })).toBe('wrong-step');
    const s2 = play(s1, attack(0, 'red'), [3]).state;
    expect([shields.toAct(s2), s2.step]).toEqual([[1], 'take']);
    expect(refused(s2, { type: 'take', die: 'attack.red.d8' }, 0)).toBe('not-your-turn');
    expect(shields.legalActions(s2, 0)).toEqual([]);
  });

  it('S3 there is no passing on the take, and no passing instead of an act that is possible', () => {
    const s = build({});
    expect(refused(s, { type: 'pass' })).toBe('wrong-step');
    expect(refused(build({ pool: [] }), { type: 'pass' })).toBe('cannot-pass');
  });

  it('S3 once the pool is empty the take step is skipped', () => {
    const last = build({ pool: ['polish.d4'] });
    const s1 = play(last, { type: 'take', die: 'polish.d4' }).state;
    const s2 = play(s1, attack(0, 'blue'), [4]).state;
    expect([s2.turn, s2.step, s2.pool]).toEqual([1, 'act', []]);
    expect(refused(s2, { type: 'take', die: 'polish.d4' })).toBe('wrong-step');
    const s3 = play(s2, attack(1, 'yellow'), [1]).state;
    expect([s3.turn, s3.step]).toEqual([0, 'act']);
  });
});

describe('shields: attacks', () => {
  it.each([
    ['red', 'yellow'],
    ['yellow', 'blue'],
    ['blue', 'red'],
  ] as [Colour, Colour][])("S4 the %s battery attacks the opponent's %s battery and nothing else", (from, to) => {
    const s = build({ pool: [] });
    const step = play(s, attack(0, from), [3]);
    expect(step.events[0]).toMatchObject({
      type: 'attack',
      battery: P0(from),
      target: P1(to),
      value: 3,
      layer: P1(to),
      before: 12,
      after: 9,
    });
    for (const c of COLOURS) expect(battery(step.state, 1, c).health).toBe(c === to ? 9 : 12);
    // Exactly one attack per live pair: the action names only the attacker, the wheel names the target.
    expect(shields.legalActions(s, 0).filter((a) => a.type === 'attack')).toEqual(COLOURS.map((c) => attack(0, c)));
  });

  it('S4 the attack die is rolled and the number is the damage', () => {
    const s = build({ pool: [], p0: { yellow: '12 d8' } });
    const step = play(s, attack(0, 'yellow'), [7]);
    expect(step.rolls).toEqual([{ index: 0, sides: 8, value: 7 }]);
    expect(battery(step.state, 1, 'blue').health).toBe(5);
  });

  it("S4 a destroyed battery neither attacks nor is attacked, and one cannot attack the other player's batteries with the opponent's", () => {
    const s = build({ pool: [], p0: { blue: 'x' }, p1: { yellow: 'x' } });
    expect(shields.legalActions(s, 0)).toEqual([attack(0, 'yellow')]);
    expect(refused(s, attack(0, 'red'))).toBe('illegal-move');
    expect(refused(s, attack(0, 'blue'))).toBe('illegal-move');
    expect(refused(s, attack(1, 'red'))).toBe('no-such-die');
    expect(refused(s, { type: 'attack', battery: 'potion.d6' })).toBe('no-such-die');
  });

  it("S4 the closing example follows the wheel: with P2's blue gone, P1's red is safe; then P2 red destroys P1 yellow", () => {
    // Player 1 is seat 0, player 2 seat 1. Player 2's blue battery is already destroyed.
    let s = build({ pool: [], turn: 1, p0: { yellow: '3 d4' }, p1: { blue: 'x' } });
    expect(shields.legalActions(s, 1)).toEqual([attack(1, 'red'), attack(1, 'yellow')]);
    s = play(s, attack(1, 'red'), [3]).state;
    expect(battery(s, 0, 'yellow').alive).toBe(false);
    // Player 1: red attacks P2's yellow, blue attacks P2's red.
    expect(shields.legalActions(s, 0)).toEqual([attack(0, 'red'), attack(0, 'blue')]);
    s = play(s, attack(0, 'blue'), [1]).state;
    // Player 2 can only attack P1's blue battery, and only with yellow (the source's "with his red battery" is S4's contradiction).
    const attacks = shields.legalActions(s, 1);
    expect(attacks).toEqual([attack(1, 'yellow')]);
    expect(play(s, attacks[0], [2]).events[0]).toMatchObject({ target: P0('blue') });
  });
});

describe('shields: layers and damage', () => {
  it.each([
    ['a front black shield first', { front: ['d20:3'], red: '12 d4 d12', behind: ['d12'] }, 'shield.black.d20', 3, 0],
    ['then the newest colored shield', { red: '12 d4 d12:5 d10', behind: ['d12'] }, 'shield.red.d12', 5, 0],
    ['then a behind black shield', { behind: ['d12:9', 'd20'] }, 'shield.black.d12', 9, 4],
    ['then the health', { red: '8 d4' }, P1('red'), 8, 3],
  ])('S5 damage hits exactly one layer, outermost first: %s', (_t, p1, layer, before, after) => {
    const s = build({ pool: [], p0: { blue: '12 d8' }, p1 });
    const e = play(s, attack(0, 'blue'), [before - after]).events[0];
    expect(e).toMatchObject({ layer, before, after, lost: 0 });
  });

  it("S5 excess damage is lost, never carried to the next layer (the source's blue shield at 1 and a roll of 5)", () => {
    const s = build({ pool: [], p0: { yellow: '12 d6' }, p1: { blue: '12 d4 d10:1 d12', behind: ['d20'] } });
    const step = play(s, attack(0, 'yellow'), [5]);
    expect(step.events[0]).toMatchObject({
      layer: 'shield.blue.d10',
      before: 1,
      after: 0,
      lost: 4,
      destroyed: ['shield.blue.d10'],
    });
    expect(stackOf(step.state, 1, 'blue')).toEqual(['shield.blue.d12:12', 'shield.black.d20:20']);
    expect(battery(step.state, 1, 'blue').health).toBe(12);
    expect(say(step.events)).toEqual([
      "Ana attacks Ben's blue battery with the yellow d6: rolls 5; blue d10 shield 1 → 0 (4 lost); the blue d10 shield goes to the trash",
    ]);
  });

  it("S5 a destroyed shield and a destroyed battery go to their owner's trash", () => {
    const s = build({ pool: [], spare: 0, p1: { front: ['d12:2'], red: '3 d8' } });
    const s1 = play(s, attack(0, 'blue'), [2]).state;
    expect(view(s1).players[1].trash.map((d) => d.id)).toEqual(['p1.attack.red.d4', 'shield.black.d12']);
    const s2 = play(play(s1, attack(1, 'red'), [1]).state, attack(0, 'blue'), [4]);
    expect(s2.events[0]).toMatchObject({
      layer: P1('red'),
      before: 3,
      after: 0,
      lost: 1,
      destroyed: ['attack.red.d8', P1('red')],
    });
    expect(view(s2.state).players[1].trash.map((d) => d.id)).toEqual([
      'p1.attack.red.d4',
      'shield.black.d12',
      'attack.red.d8',
      P1('red'),
    ]);
  });

  it('S6 a black shield is placed in front or behind when taken, keeps that place, and protects every battery', () => {
    let s = build({ p0: { yellow: '12 d4 d10' } });
    const blackTakes = shields.legalActions(s, 0).filter((a) => a.type === 'take' && a.die.startsWith('shield.black'));
    expect(blackTakes).toHaveLength(4);
    expect(refused(s, { type: 'take', die: 'shield.black.d20' })).toBe('illegal-move');
    expect(refused(s, { type: 'take', die: 'shield.red.d10', placement: 'front' })).toBe('illegal-move');
    s = play(s, { type: 'take', die: 'shield.black.d20', placement: 'behind' }).state;
    s = play(s, attack(0, 'red'), [1]).state;
    s = play(s, { type: 'take', die: 'attack.blue.d8' }).state;
    s = play(s, attack(1, 'blue'), [8]).state; // hits Ana's red battery: the behind d20 is its only shield
    expect(stackOf(s, 0, 'red')).toEqual(['shield.black.d20:12']);
    s = play(s, { type: 'take', die: 'shield.black.d12', placement: 'front' }).state; // Ana owns both black shields
    expect(stackOf(s, 0, 'yellow')).toEqual(['shield.black.d12:12', 'shield.yellow.d10:10', 'shield.black.d20:12']);
    expect(stackOf(s, 0, 'blue')).toEqual(['shield.black.d12:12', 'shield.black.d20:12']);
  });

  it('S7 a colored shield joins its own color battery at full value; newest outermost; a battery may carry both', () => {
    let s = build({ p0: { red: '12 d4 d10:4' } });
    s = play(s, { type: 'take', die: 'shield.red.d12' }).state;
    expect(stackOf(s, 0, 'red')).toEqual(['shield.red.d12:12', 'shield.red.d10:4']);
    expect(stackOf(s, 0, 'yellow')).toEqual([]);
    s = play(play(s, attack(0, 'red'), [1]).state, { type: 'take', die: 'shield.yellow.d10' }).state;
    expect(stackOf(s, 1, 'yellow')).toEqual(['shield.yellow.d10:10']);
  });

  it('S7 newest outermost holds within a black group too', () => {
    let s = build({ p0: { front: ['d12:7'] } });
    s = play(s, { type: 'take', die: 'shield.black.d20', placement: 'front' }).state;
    s = play(s, attack(0, 'red'), [1]).state;
    s = play(s, { type: 'take', die: 'potion.d6' }).state;
    expect(play(s, attack(1, 'blue'), [3]).events[0]).toMatchObject({
      layer: 'shield.black.d20',
      before: 20,
      after: 17,
    });
  });

  it('S7 a shield for a destroyed battery can still be taken and goes straight to the trash', () => {
    const s = build({ p0: { blue: 'x' } });
    const step = play(s, { type: 'take', die: 'shield.blue.d12' });
    expect(step.events[0]).toEqual({
      type: 'take',
      seat: 0,
      die: 'shield.blue.d12',
      to: 'trash',
      trashed: ['shield.blue.d12'],
    });
    expect(view(step.state).players[0].trash.map((d) => d.id)).toContain('shield.blue.d12');
    expect(say(step.events)).toEqual(['Ana takes the blue d12 shield, which goes straight to the trash']);
  });
});

describe('shields: attack dice', () => {
  it.each([
    ['d4', 'attack.red.d6', 'attack.red.d6', 'p0.attack.red.d4'],
    ['d4', 'attack.red.d8', 'attack.red.d8', 'p0.attack.red.d4'],
    ['d6', 'attack.red.d8', 'attack.red.d8', 'attack.red.d6'],
    ['d8', 'attack.red.d6', 'attack.red.d8', 'attack.red.d6'],
  ])('S8 a red battery with a %s taking the %s keeps the %s and trashes the %s', (has, takes, keeps, trashed) => {
    const s = build({ p0: { red: `12 ${has}` } });
    const step = play(s, { type: 'take', die: takes });
    expect(battery(step.state, 0, 'red').attack?.id).toBe(keeps);
    expect(step.events[0]).toMatchObject({ trashed: [trashed] });
    expect(view(step.state).players[0].trash.map((d) => d.id)).toContain(trashed);
  });

  it('S8 a new attack die can be used in the same turn', () => {
    const s = play(build({}), { type: 'take', die: 'attack.yellow.d8' }).state;
    expect(play(s, attack(0, 'yellow'), [8]).rolls).toEqual([{ index: 0, sides: 8, value: 8 }]);
  });

  it("S8 an attack die of a destroyed battery's color can be taken and goes to the trash", () => {
    const step = play(build({ p0: { yellow: 'x' } }), { type: 'take', die: 'attack.yellow.d8' });
    expect(step.events[0]).toMatchObject({ to: 'trash', trashed: ['attack.yellow.d8'] });
    expect(battery(step.state, 0, 'yellow').attack).toBeNull();
  });
});

describe('shields: potions and polish', () => {
  it.each([
    ["the source's yellow at 6 with the d6 potion", 6, 'potion.d6', 12, 0],
    ["the source's yellow at 8 with the d6 potion, 2 lost", 8, 'potion.d6', 12, 2],
    ['a yellow at 1 with the d10 potion', 1, 'potion.d10', 11, 0],
    ['a full battery, all lost', 12, 'potion.d8.1', 12, 8],
  ])('S9 a potion restores its full face to one battery, capped at 12: %s', (_t, health, potion, after, wasted) => {
    const s = build({ pool: [], p0: { yellow: `${health} d4`, reserve: [potion] } });
    const step = play(s, { type: 'potion', die: potion, battery: P0('yellow') }); // no rolls: never rolled
    expect(battery(step.state, 0, 'yellow').health).toBe(after);
    expect(step.events[0]).toMatchObject({ before: health, after, wasted });
  });

  it.each([
    [
      'a colored d12 at 5 with the d8 polish, 1 lost',
      { red: '12 d4 d12:5 d10:2' },
      'shield.red.d12',
      'polish.d8',
      12,
      1,
    ],
    ['the inner colored shield', { red: '12 d4 d12:5 d10:2' }, 'shield.red.d10', 'polish.d4', 6, 0],
    ['a black d20 at 3 with the d4 polish', { behind: ['d20:3'] }, 'shield.black.d20', 'polish.d4', 7, 0],
  ])(
    'S9 a polish restores its full face to one shield, capped at its faces, nothing to the next: %s',
    (_t, p0, shield, polish, after, wasted) => {
      const s = build({ pool: [], p0: { ...p0, reserve: [polish] } });
      const step = play(s, { type: 'polish', die: polish, shield });
      expect(step.events[0]).toMatchObject({ shield, after, wasted });
      const points = (t: ShieldsState) =>
        new Map(
          view(t)
            .players[0].batteries.flatMap((b) => b.shields)
            .map((x) => [x.id, x.points]),
        );
      const [was, now] = [points(s), points(step.state)];
      for (const [id, p] of was) if (id !== shield) expect([id, now.get(id)]).toEqual([id, p]);
    },
  );

  it('S9 potions and polish wait in reserve, then one is used per turn instead of attacking, and goes to the trash', () => {
    let s = build({
      pool: ['potion.d8.1', 'polish.d6.1', 'attack.red.d6'],
      p0: { reserve: ['potion.d6'], red: '12 d4 d10:1' },
    });
    let step = play(s, { type: 'take', die: 'potion.d8.1' });
    expect(view(step.state).players[0].reserve.map((d) => d.id)).toEqual(['potion.d6', 'potion.d8.1']);
    s = play(step.state, attack(0, 'red'), [1]).state; // not used the turn it was taken: that is allowed
    s = play(s, { type: 'take', die: 'polish.d6.1' }).state;
    s = play(s, attack(1, 'blue'), [2]).state;
    s = play(s, { type: 'take', die: 'attack.red.d6' }).state;
    const acts = shields.legalActions(s, 0);
    expect(acts.filter((a) => a.type === 'potion')).toHaveLength(6); // two potions × three live batteries
    step = play(s, { type: 'potion', die: 'potion.d8.1', battery: P0('blue') });
    expect([step.state.turn, step.events.map((e) => e.type)]).toEqual([1, ['potion']]);
    expect(view(step.state).players[0].reserve.map((d) => d.id)).toEqual(['potion.d6']);
    expect(view(step.state).players[0].trash.map((d) => d.id)).toContain('potion.d8.1');
    expect(say(step.events)).toEqual(['Ana uses the d8 potion #1 on the blue battery: 12 → 12 (8 lost over the cap)']);
  });

  it("S9 a potion needs a live battery of one's own, a polish a surviving shield of one's own", () => {
    const s = build({ pool: [], p0: { red: 'x', reserve: ['potion.d6', 'polish.d4'] }, p1: { front: ['d12'] } });
    expect(refused(s, { type: 'potion', die: 'potion.d6', battery: P0('red') })).toBe('illegal-move');
    expect(refused(s, { type: 'potion', die: 'potion.d6', battery: P1('blue') })).toBe('no-such-die');
    expect(refused(s, { type: 'polish', die: 'polish.d4', shield: 'shield.black.d12' })).toBe('no-such-die');
    expect(refused(s, { type: 'polish', die: 'potion.d6', shield: 'shield.black.d12' })).toBe('no-such-die');
    expect(refused(s, { type: 'potion', die: 'polish.d4', battery: P0('blue') })).toBe('no-such-die');
    expect(shields.legalActions(s, 0).filter((a) => a.type === 'polish')).toEqual([]);
  });

  it('S10 the trash is permanent and public: nothing in it can be taken or used', () => {
    const s = build({ pool: ['attack.red.d6'], p0: { trash: ['potion.d10', 'polish.d8', 'attack.red.d8'] } });
    expect(refused(s, { type: 'take', die: 'attack.red.d8' })).toBe('no-such-die');
    const s1 = play(s, { type: 'take', die: 'attack.red.d6' }).state;
    expect(refused(s1, { type: 'potion', die: 'potion.d10', battery: P0('red') })).toBe('no-such-die');
    expect(refused(s1, { type: 'polish', die: 'polish.d8', shield: 'shield.red.d10' })).toBe('no-such-die');
    const seen = [shields.view(s1, 0), shields.view(s1, 1), shields.view(s1, null)] as ShieldsView[];
    for (const v of seen)
      expect(v.players[0].trash.map((d) => d.id).slice(0, 3)).toEqual(['potion.d10', 'polish.d8', 'attack.red.d8']);
    // Playing on, dice only ever join a trash.
    let t = s1;
    const dice = seededDice(3);
    for (let i = 0; i < 40 && shields.result(t) === null; i++) {
      const before = t.players.map((p) => p.trash);
      const acts = shields.legalActions(t, t.turn);
      const step = shields.apply(t, t.turn, acts[dice.roll(acts.length) - 1], dice);
      if (!step.ok) throw new Error(step.message);
      t = step.state;
      before.forEach((trash, seat) => {
        expect(t.players[seat].trash.slice(0, trash.length)).toEqual(trash);
      });
    }
  });
});

describe('shields: winning and the match', () => {
  it("S11 the first player to destroy two of the opponent's batteries wins; the battery's attack die goes with it", () => {
    const s = build({ pool: [], p1: { blue: 'x', yellow: '2 d8' } });
    const step = play(s, attack(0, 'red'), [4]);
    expect(step.events.map((e) => e.type)).toEqual(['attack', 'game-won']);
    expect(step.events[0]).toMatchObject({ destroyed: ['attack.yellow.d8', P1('yellow')] });
    expect(shields.result(step.state)).toEqual({
      winners: [0],
      draw: false,
      reason: 'two-batteries',
      summary: expect.any(String),
    });
    expect(shields.toAct(step.state)).toEqual([]);
    expect([shields.legalActions(step.state, 0), shields.legalActions(step.state, 1)]).toEqual([[], []]);
    expect(shields.apply(step.state, 1, attack(1, 'red'), scripted([1]))).toMatchObject({
      ok: false,
      code: 'game-over',
    });
    expect(view(step.state)).toMatchObject({ turn: null, step: null, winner: 0, score: [1, 0] });
    expect(say(step.events)[1]).toBe("Ana wins: two of Ben's batteries are destroyed");
  });

  it('S11 one destroyed battery does not end the game', () => {
    const step = play(build({ pool: [], p1: { yellow: '2 d4' } }), attack(0, 'red'), [2]);
    expect([shields.result(step.state), shields.toAct(step.state)]).toEqual([null, [1]]);
  });

  it('S12 best of three: the loser of a game starts the next one, with a fresh pool and fresh batteries', () => {
    const s = build({
      pool: [],
      options: { bestOf: 3 },
      turn: 1,
      p0: { yellow: 'x', blue: '1 d4' },
      p1: { reserve: ['polish.d4'] },
    });
    const step = play(s, attack(1, 'yellow'), [3]);
    expect(step.events.map((e) => e.type)).toEqual(['attack', 'game-won']);
    // The final position stays until both players press "Next game" (rules 2); then game 2 starts.
    const ready = nextGame(step.state, [0, 1]);
    expect(ready.events.at(-1)).toEqual({ type: 'game-start', game: 2, first: 0, reason: 'lost-last-game' });
    const next = ready.state;
    expect(shields.result(next)).toBeNull();
    expect([next.game, next.score, next.turn, next.step, next.pool]).toEqual([2, [0, 1], 0, 'take', [...POOL_IDS]]);
    expect(next.players).toEqual(
      shields.setup({ bestOf: 3, resurrection: false }, 2, scripted([1, 1, 1, 2, 2, 2])).state.players,
    );
    expect(say([...step.events, ...ready.events]).slice(1)).toEqual([
      "Ben wins game 1 by destroying two of Ana's batteries; Ben leads 1–0",
      'Ana is ready for the next game',
      'Ben is ready for the next game',
      'Game 2 begins: Ana goes first (lost the last game)',
    ]);
  });

  it('S12 the match is decided once a seat has won two games; a single game is decided by one', () => {
    const s = build({
      pool: [],
      options: { bestOf: 3 },
      match: { game: 3, score: [1, 1] },
      p1: { blue: 'x', yellow: '1 d4' },
    });
    const step = play(s, attack(0, 'red'), [1]);
    expect(step.events.map((e) => e.type)).toEqual(['attack', 'game-won', 'match-won']);
    expect(shields.result(step.state)).toMatchObject({
      winners: [0],
      draw: false,
      reason: 'match',
      summary: 'Won the best of three 2–1',
    });
    expect(view(step.state).score).toEqual([2, 1]);
    expect(say(step.events).at(-1)).toBe('Ana wins the match 2–1');
    const single = play(build({ pool: [], p1: { blue: 'x', yellow: '1 d4' } }), attack(0, 'red'), [1]);
    expect(single.events.map((e) => e.type)).toEqual(['attack', 'game-won']);
    expect(shields.result(single.state)?.winners).toEqual([0]);
  });

  it('S12 options: single game by default, best of three on request, anything else refused', () => {
    expect(shields.options.parse({})).toEqual({ bestOf: 1, resurrection: false });
    expect(shields.options.parse({ bestOf: 3, resurrection: true })).toEqual({ bestOf: 3, resurrection: true });
    for (const bad of [{ bestOf: 2 }, { bestOf: 5 }, { resurrection: 'yes' }, { other: 1 }])
      expect(shields.options.safeParse(bad).success).toBe(false);
  });
});

describe('shields: the resurrection variant', () => {
  const on = { resurrection: true };

  it('S13 resurrection is refused unless the room enables it', () => {
    const spec: Spec = { pool: [], p0: { trash: ['polish.d4'] } };
    const a = { type: 'resurrect', sacrifice: P0('red'), revive: 'polish.d4' } as const;
    expect(refused(build(spec), a)).toBe('variant-off');
    expect(shields.legalActions(build({ ...spec, options: on }), 0)).toContainEqual(a);
  });

  it.each([
    ['a battery shows its health', { red: '6 d4' }, P0('red'), 6],
    ['a shield shows its points', { front: ['d20:6'] }, 'shield.black.d20', 6],
    ['an attack die shows its sides', { red: '12 d6' }, 'attack.red.d6', 6],
    ['a reserve die shows its sides', { reserve: ['polish.d6.1'] }, 'polish.d6.1', 6],
  ])('S13 the sacrificed die brings back a die of at most the sides it shows: %s', (_t, p0, sacrifice, shows) => {
    const s = build({ pool: [], options: on, p0: { ...p0, trash: ['potion.d6', 'potion.d8.1'] } });
    const step = play(s, { type: 'resurrect', sacrifice, revive: 'potion.d6' });
    expect(step.events[0]).toMatchObject({ type: 'resurrect', shows, to: 'reserve' });
    expect(view(step.state).players[0].reserve.map((d) => d.id)).toContain('potion.d6');
    expect(view(step.state).players[0].trash.map((d) => d.id)).toContain(sacrifice);
    expect(refused(s, { type: 'resurrect', sacrifice, revive: 'potion.d8.1' })).toBe('illegal-move');
  });

  it.each([
    [5, 'polish.d4', true],
    [5, 'potion.d6', false],
    [6, 'potion.d6', true],
    [7, 'potion.d8.1', false],
  ])('S13 a shield showing %i may bring back the %s: %s', (points, revive, allowed) => {
    const s = build({
      pool: [],
      options: on,
      p0: { blue: `12 d4 d12:${points}`, trash: ['polish.d4', 'potion.d6', 'potion.d8.1'] },
    });
    const a = { type: 'resurrect', sacrifice: 'shield.blue.d12', revive } as const;
    expect(shields.legalActions(s, 0).some((x) => JSON.stringify(x) === JSON.stringify(a))).toBe(allowed);
    expect(shields.apply(s, 0, a, scripted([])).ok).toBe(allowed);
  });

  it('S13 a revived battery comes back at 12 with its d4 attack die; the act replaces the attack', () => {
    const s = build({ pool: [], options: on, p0: { yellow: 'x', front: ['d20:13'] } });
    const step = play(s, { type: 'resurrect', sacrifice: 'shield.black.d20', revive: P0('yellow') });
    const b = battery(step.state, 0, 'yellow');
    expect([b.alive, b.health, b.attack?.id]).toEqual([true, 12, 'p0.attack.yellow.d4']);
    expect(view(step.state).players[0].trash.map((d) => d.id)).toEqual(['shield.black.d20']);
    expect([step.state.turn, step.events.map((e) => e.type)]).toEqual([1, ['resurrect']]);
    expect(say(step.events)).toEqual([
      'Ana sacrifices the black d20 shield (showing 13) to bring back the yellow battery at 12 health with its d4',
    ]);
  });

  it('S13 a revived shield enters at full value on its battery; a black one names its place; an attack die only if bigger', () => {
    const s = build({
      pool: [],
      options: on,
      p0: {
        red: '12 d6 d10:2',
        trash: ['shield.red.d12', 'shield.black.d12', 'attack.red.d8'],
        reserve: ['potion.d10'],
      },
      p1: { red: '12 d4', trash: ['attack.yellow.d6'] },
    });
    const colored = play(s, { type: 'resurrect', sacrifice: P0('blue'), revive: 'shield.red.d12' }).state;
    expect(stackOf(colored, 0, 'red')).toEqual(['shield.red.d12:12', 'shield.red.d10:2']);
    expect(refused(s, { type: 'resurrect', sacrifice: P0('blue'), revive: 'shield.black.d12' })).toBe('illegal-move');
    const black = play(s, {
      type: 'resurrect',
      sacrifice: P0('blue'),
      revive: 'shield.black.d12',
      placement: 'behind',
    }).state;
    expect(stackOf(black, 0, 'red')).toEqual(['shield.red.d10:2', 'shield.black.d12:12']);
    const armed = play(s, { type: 'resurrect', sacrifice: 'potion.d10', revive: 'attack.red.d8' });
    expect(battery(armed.state, 0, 'red').attack?.id).toBe('attack.red.d8');
    expect(armed.events[0]).toMatchObject({ trashed: ['potion.d10', 'attack.red.d6'] });
    // Only one's own trash.
    expect(refused(s, { type: 'resurrect', sacrifice: 'potion.d10', revive: 'attack.yellow.d6' })).toBe('no-such-die');
  });

  it('S13 (rules page) a die that would go straight back to the trash cannot be revived, nor the sacrificed die itself', () => {
    const s = build({
      pool: [],
      options: on,
      p0: { red: '12 d8', blue: 'x', trash: ['attack.red.d6', 'shield.blue.d10'], reserve: ['potion.d10'] },
    });
    expect(refused(s, { type: 'resurrect', sacrifice: 'potion.d10', revive: 'attack.red.d6' })).toBe('illegal-move'); // not bigger than the d8
    expect(refused(s, { type: 'resurrect', sacrifice: 'potion.d10', revive: 'shield.blue.d10' })).toBe('illegal-move'); // its battery is gone
    expect(refused(s, { type: 'resurrect', sacrifice: 'potion.d10', revive: 'potion.d10' })).toBe('no-such-die');
  });

  it('S13 (rules page) a sacrificed battery takes its attack die and shields along, and no one may destroy their own second battery', () => {
    const s = build({ pool: [], options: on, p0: { red: '12 d8 d12:3', trash: ['polish.d4'] } });
    const step = play(s, { type: 'resurrect', sacrifice: P0('red'), revive: 'polish.d4' });
    expect(step.events[0]).toMatchObject({ trashed: ['shield.red.d12', 'attack.red.d8', P0('red')] });
    expect(say(step.events)).toEqual([
      'Ana sacrifices the red battery (showing 12) to bring back the d4 polish into reserve; ' +
        'the red d12 shield and the red d8 attack die also go to the trash',
    ]);
    expect(battery(step.state, 0, 'red')).toMatchObject({ alive: false, attack: null, shields: [] });
    const two = build({ pool: [], options: on, p0: { blue: 'x', trash: ['polish.d4'] } });
    expect(refused(two, { type: 'resurrect', sacrifice: P0('red'), revive: 'polish.d4' })).toBe('illegal-move');
    // … unless a battery comes back in the same act: the count of destroyed batteries stays one.
    const swap = play(two, { type: 'resurrect', sacrifice: P0('red'), revive: P0('blue') }).state;
    expect(view(swap).players[0].batteries.map((b) => b.alive)).toEqual([false, true, true]);
  });

  it('S13 (rules page) a battery whose attack die was sacrificed cannot attack until re-armed', () => {
    const s = build({
      pool: ['attack.red.d6', 'polish.d4'],
      step: 'act',
      options: on,
      p0: { red: '12 d8', trash: ['potion.d6'] },
    });
    const s1 = play(s, { type: 'resurrect', sacrifice: 'attack.red.d8', revive: 'potion.d6' }).state;
    expect(battery(s1, 0, 'red').attack).toBeNull();
    const again: ShieldsState = { ...s1, turn: 0, step: 'act' };
    expect(refused(again, attack(0, 'red'))).toBe('illegal-move');
    expect(shields.legalActions(again, 0).filter((a) => a.type === 'attack')).toEqual([
      attack(0, 'yellow'),
      attack(0, 'blue'),
    ]);
    const s2 = play(play(s1, { type: 'take', die: 'polish.d4' }).state, attack(1, 'yellow'), [1]).state;
    const rearm = play(s2, { type: 'take', die: 'attack.red.d6' });
    expect(rearm.events[0]).toEqual({
      type: 'take',
      seat: 0,
      die: 'attack.red.d6',
      to: 'battery',
      battery: P0('red'),
      trashed: [],
    });
    expect(play(rearm.state, attack(0, 'red'), [6]).rolls).toEqual([{ index: 0, sides: 6, value: 6 }]);
  });

  it('S13 (rules page) a player who can do nothing at all passes, and only then', () => {
    // Both live batteries disarmed and at 3: nothing to attack with, nothing showing enough to bring a d4 back.
    const stuck = build({ pool: [], options: on, p0: { red: '3 -', yellow: 'x', blue: '3 -' } });
    expect(shields.legalActions(stuck, 0)).toEqual([{ type: 'pass' }]);
    expect(refused(stuck, attack(0, 'red'))).toBe('illegal-move');
    const step = play(stuck, { type: 'pass' });
    expect([step.state.turn, step.state.step]).toEqual([1, 'act']);
    expect(say(step.events)).toEqual(['Ana has nothing to do and passes']);
    expect(refused(step.state, { type: 'pass' })).toBe('cannot-pass');
  });

  it('S13 legal resurrections in a small position, counted by hand', () => {
    // Sacrificeable: red battery (12), its d4 (4), yellow battery (5), its d4, blue battery (2), its d4, polish d6 (6).
    // Trash: potion d6, shield red d10. Potion d6 needs a 6 or more: red battery, yellow? no (5), polish d6 → 2.
    // Shield red d10 needs 10 or more: only the red battery, which would take the shield's battery with it → 0.
    const s = build({
      pool: [],
      options: on,
      p0: { yellow: '5 d4', blue: '2 d4', reserve: ['polish.d6.1'], trash: ['potion.d6', 'shield.red.d10'] },
    });
    const res = shields.legalActions(s, 0).filter((a) => a.type === 'resurrect');
    expect(res).toEqual([
      { type: 'resurrect', sacrifice: P0('red'), revive: 'potion.d6' },
      { type: 'resurrect', sacrifice: 'polish.d6.1', revive: 'potion.d6' },
    ]);
  });
});

describe('shields: legal-action counts (perft)', () => {
  const perft = (s: ShieldsState, depth: number, dice = seededDice(1)): number => {
    const acts = shields.legalActions(s, s.turn);
    if (depth === 1) return acts.length;
    let n = 0;
    for (const a of acts) {
      const step = shields.apply(s, s.turn, a, dice);
      if (!step.ok) throw new Error(step.message);
      n += perft(step.state, depth - 1, dice);
    }
    return n;
  };
  const start = (options: ShieldsOptions) => shields.setup(options, 2, scripted([12, 12, 12, 1, 1, 1])).state;

  // By hand. Depth 1: 22 pool dice, the two black ones twice (front, behind) = 24.
  // Depth 2, the first player's act: 3 attacks, plus 3 potion uses after taking a potion (polish has no shield yet):
  //   4 potions × 6 + 20 other takes × 3 = 84. The variant adds one act after each of the 6 attack-die takes: sacrifice
  //   the new die to bring the d4 back onto its battery (nothing else can come back) = 90.
  // Depth 3, the second player's take: 21 dice, +2 for the blacks left (or +1 after a black was taken):
  //   12 nodes after a black × 22 + 72 others × 23 = 1920; the variant's 6 extra nodes × 23 = 2058.
  // Depth 4, the second player's act: 3 attacks, 6 after taking a potion:
  //   after a first potion (24 nodes): 3 potions × 6 + 20 × 3 = 78 each; after a black (12 nodes): 4 × 6 + 18 × 3 = 78;
  //   after any other take (48 nodes): 4 × 6 + 19 × 3 = 81. 24 × 78 + 12 × 78 + 48 × 81 = 6696.
  //   The variant: + 6 extra nodes × 81, + one act per attack-die take of the second player
  //   (24 nodes after an attack-die take leave 5 such dice, 66 others leave 6) = 6696 + 486 + 516 = 7698.
  it.each([
    [1, 24, 24],
    [2, 84, 90],
    [3, 1920, 2058],
    [4, 6696, 7698],
  ])('perft depth %i from the opening is %i, or %i with the resurrection variant', (depth, plain, variant) => {
    expect(perft(start({ bestOf: 1, resurrection: false }), depth)).toBe(plain);
    expect(perft(start({ bestOf: 1, resurrection: true }), depth)).toBe(variant);
  });

  it('perft depth 5 from the opening with seeded dice is pinned', () => {
    expect(perft(start({ bestOf: 1, resurrection: false }), 5)).toBe(PERFT5);
  });

  it('perft from a mid-game position with reserves, shields and the variant: 8 by hand, deeper pinned', () => {
    const s = build({
      pool: ['attack.blue.d8', 'shield.black.d20'],
      step: 'act',
      options: { resurrection: true },
      p0: { red: '9 d6 d12:4', yellow: 'x', reserve: ['potion.d8.1', 'polish.d6.1'], behind: ['d12:7'] },
      p1: { blue: '3 d6 d10', yellow: '12 d4 d12:1', reserve: ['polish.d4'] },
    });
    // Depth 1 by hand: attacks red and blue (yellow is gone); the potion on red or blue; the polish on the red d12 or
    // the black d12; resurrect the red d4 by sacrificing the red d6, or the yellow battery by sacrificing the blue one.
    expect(perft(s, 1)).toBe(8);
    expect([perft(s, 2), perft(s, 3)]).toEqual(MIDGAME);
  });
});
const PERFT5 = 145440;
const MIDGAME = [24, 1071]; // depth 2: each of the 8 acts leaves the other player 3 takes (the d8, the d20 front or behind)

describe('shields: S14 no endless stall (resurrection variant), S15 resigning a match', () => {
  const VARIANT = { resurrection: true } as const;
  // Both players disarmed (the variant can do that), one battery destroyed each, health below 12 so nothing can be
  // sacrificed for a d12: neither can attack, heal or resurrect, so each must pass.
  const stuck = (p1Health: number, options: Partial<ShieldsOptions> = VARIANT, passed = false) =>
    build({
      pool: [],
      spare: 1,
      options,
      step: 'act',
      passed,
      p0: { red: 'x', yellow: '11 -', blue: '11 -' },
      p1: { red: 'x', yellow: `${p1Health} -`, blue: '11 -' },
    });
  const potionOn = (seat: Seat, c: Colour, die = 'potion.d6'): ShieldsAction => ({
    type: 'potion',
    die,
    battery: batteryId(seat, c),
  });

  it('S14 trigger: ten turns in a row without an attack end the game; nine do not', () => {
    const s = build({
      pool: [],
      options: VARIANT,
      quiet: 8,
      p0: { reserve: ['potion.d6', 'potion.d10'] },
      p1: { red: 'x' },
    });
    const ninth = play(s, potionOn(0, 'red'));
    expect(ninth.state.quiet).toBe(9);
    expect(shields.result(ninth.state)).toBeNull();
    const tenth = play({ ...ninth.state, turn: 0 }, potionOn(0, 'red', 'potion.d10'));
    expect(tenth.events.map((e) => e.type)).toEqual(['potion', 'stalled', 'game-won']);
    expect(tenth.events[1]).toMatchObject({
      trigger: 'ten-turns',
      turns: 10,
      destroyed: [0, 1],
      decidedBy: 'batteries',
      winner: 0,
    });
    expect(shields.result(tenth.state)).toMatchObject({ winners: [0], draw: false, reason: 'stalled' });
  });

  it('S14 an attack resets the count of turns without an attack', () => {
    const s = build({ pool: [], options: VARIANT, quiet: 9 });
    const step = play(s, attack(0, 'red'), [2]);
    expect([step.state.quiet, shields.result(step.state)]).toEqual([0, null]);
  });

  it('S14 trigger: both players passing in a row ends the game at once; one pass does not', () => {
    const s = stuck(10);
    expect(shields.legalActions(s, 0)).toEqual([{ type: 'pass' }]);
    const first = play(s, { type: 'pass' });
    expect([first.state.passed, first.state.quiet, shields.result(first.state)]).toEqual([true, 1, null]);
    expect(shields.legalActions(first.state, 1)).toEqual([{ type: 'pass' }]);
    const second = play(first.state, { type: 'pass' });
    expect(second.events[1]).toMatchObject({ type: 'stalled', trigger: 'both-passed', turns: 2 });
    expect(say(second.events)[1]).toBe(
      'Both players passed in a row: the game ends; batteries destroyed are level (1 each), Ana has more points standing (22 to 21)',
    );
  });

  it('S14 decision order 1: fewer destroyed batteries wins, whatever the points', () => {
    // Ana has lost none but stands low; Ben has lost one but is heavily shielded.
    const s = build({
      pool: [],
      options: VARIANT,
      quiet: 9,
      turn: 1,
      p0: { red: '1 d4', yellow: '1 d4', blue: '1 d4' },
      p1: { red: 'x', yellow: '12 d4 d12 d10', reserve: ['potion.d6'] },
    });
    const step = play(s, potionOn(1, 'blue'));
    expect(step.events[1]).toMatchObject({
      type: 'stalled',
      destroyed: [0, 1],
      points: [3, 46],
      decidedBy: 'batteries',
      winner: 0,
    });
    expect(shields.result(step.state)?.winners).toEqual([0]);
    expect(say(step.events)[1]).toBe(
      '10 turns without an attack: the game ends; Ana has fewer batteries destroyed (0 to 1)',
    );
  });

  it('S14 decision order 2: level on batteries, the higher total of points standing (health plus shields) wins', () => {
    const s = build({
      pool: [],
      options: VARIANT,
      quiet: 9,
      p0: { red: 'x', reserve: ['potion.d6'], front: ['d20:3'] },
      p1: { blue: 'x', yellow: '12 d4 d12:2' },
    });
    const step = play(s, potionOn(0, 'blue'));
    // Ana: 12 + 12 health and the black d20 at 3 (counted once) = 27; Ben: 12 + 12 + 2 = 26.
    expect(step.events[1]).toMatchObject({ decidedBy: 'points', destroyed: [1, 1], points: [27, 26], winner: 0 });
    expect(shields.result(step.state)).toMatchObject({
      winners: [0],
      reason: 'stalled',
      summary: 'Ten turns without an attack; level on batteries, more points standing',
    });
  });

  it('S14 decision order 3: level on both, a single game is a draw', () => {
    const step = play(play(stuck(11), { type: 'pass' }).state, { type: 'pass' });
    expect(step.events.slice(1).map((e) => e.type)).toEqual(['stalled', 'game-drawn']);
    expect(step.events[1]).toMatchObject({ decidedBy: 'draw', winner: null, points: [22, 22] });
    expect(shields.result(step.state)).toEqual({
      winners: [],
      draw: true,
      reason: 'stalled',
      summary: 'Ten turns without an attack; level on batteries and points',
    });
    expect(shields.toAct(step.state)).toEqual([]);
    expect(view(step.state)).toMatchObject({ draw: true, turn: null, winner: null });
    expect(say(step.events).slice(1)).toEqual([
      'Both players passed in a row: the game ends level on batteries (1 each) and points standing (22 each)',
      'The game is a draw',
    ]);
  });

  it('S14 in a best of three a drawn game is replayed with the same starter, and the score stands', () => {
    const s = { ...stuck(11, { ...VARIANT, bestOf: 3 }), game: 2, score: [1, 0], gameWinners: [0], starter: 1 };
    const step = play(play(s, { type: 'pass' }).state, { type: 'pass' });
    expect(step.events.slice(1).map((e) => e.type)).toEqual(['stalled', 'game-drawn']);
    expect(shields.result(step.state)).toBeNull();
    expect(step.state.between).toEqual({ game: 2, winner: null, next: 1, ready: [false, false] });
    const next = nextGame(step.state, [1, 0]);
    expect(next.events.at(-1)).toEqual({ type: 'game-start', game: 3, first: 1, reason: 'replay-draw' });
    expect([next.state.game, next.state.score, next.state.turn, next.state.starter, next.state.quiet]).toEqual([
      3,
      [1, 0],
      1,
      1,
      0,
    ]);
    expect(say(step.events.concat(next.events)).slice(2)).toEqual([
      'Game 2 is a draw and does not count',
      'Ben is ready for the next game',
      'Ana is ready for the next game',
      'Game 3 begins: Ben goes first (the drawn game is replayed with the same starter)',
    ]);
  });

  it('S14 without the variant nothing ends on the count, and the view shows no count', () => {
    const s = build({ pool: [], quiet: 9, p0: { reserve: ['potion.d6'] }, p1: { red: 'x' } });
    const step = play(s, potionOn(0, 'red'));
    expect([step.state.quiet, shields.result(step.state)]).toEqual([10, null]);
    expect(view(step.state).stall).toBeNull();
  });

  it('S14 the view carries the count with the variant, and the number from which the table shows it (five)', () => {
    const s = build({ pool: [], options: VARIANT, quiet: 4, p0: { reserve: ['potion.d6'] } });
    expect(view(s).stall).toEqual({ turns: 4, limit: 10, shownFrom: 5 });
    expect(view(play(s, potionOn(0, 'red')).state).stall).toEqual({ turns: 5, limit: 10, shownFrom: 5 });
  });

  it('S14 rules 1 (archived games) never stall', () => {
    const s = build({
      pool: [],
      options: VARIANT,
      quiet: 9,
      rules: 1,
      p0: { reserve: ['potion.d6'] },
      p1: { red: 'x' },
    });
    expect(play(s, potionOn(0, 'red')).events.map((e) => e.type)).toEqual(['potion']);
  });

  it('S15 resigning in a best of three resigns the whole match, and the confirmation says so', () => {
    const dice = new RecordingDice(seededDice(21));
    const bot = seededDice(22);
    const start = startTable(shields, { bestOf: 3 }, 2, dice);
    if (!start.ok) throw new Error(start.message);
    let table = start.table;
    // Play at random into the second game.
    while (table.state.game < 2) {
      const seat = shields.toAct(table.state)[0];
      const step = advance(shields, table, seat, 'action', pick(bot, shields.legalActions(table.state, seat)), dice);
      if (!step.ok) throw new Error(step.message);
      table = step.table;
    }
    expect(table.state.winner).toBeNull();
    const loser = table.state.turn;
    const resigned = advance(shields, table, loser, 'resign', undefined, dice);
    if (!resigned.ok) throw new Error(resigned.message);
    const result = resultOf(shields, resigned.table)!;
    expect(result).toMatchObject({ winners: [1 - loser], reason: 'resigned' });
    expect(
      advance(shields, resigned.table, 1 - loser, 'action', shields.legalActions(table.state, loser)[0], dice),
    ).toMatchObject({ ok: false, code: 'game-over' });
    expect(shields.resignScope!({ bestOf: 3, resurrection: false })).toBe(
      'the whole match (best of three), not only this game',
    );
    expect(shields.resignScope!({ bestOf: 1, resurrection: false })).toBe('this game');
    const names = ['Ana', 'Ben'];
    expect(resultText(shields, result, names, loser)).toBe('You resigned');
    expect(resultText(shields, result, names, 1 - loser)).toBe(`${names[1 - loser]} wins — ${names[loser]} resigned`);
  });
});

describe('shields: between two games of a match the final position stays until both press "Next game"', () => {
  const won = () =>
    play(
      build({ pool: [], options: { bestOf: 3 }, turn: 1, p0: { yellow: 'x', blue: '1 d4' } }),
      attack(1, 'yellow'),
      [3],
    ).state;

  it('the finished game stays as it ended: both players are to act, and "next" is all they may do', () => {
    const s = won();
    expect(s.between).toEqual({ game: 1, winner: 1, next: 0, ready: [false, false] });
    expect(shields.toAct(s)).toEqual([0, 1]);
    expect(shields.result(s)).toBeNull();
    const v = view(s);
    expect(v).toMatchObject({
      game: 1,
      score: [0, 1],
      turn: null,
      step: null,
      winner: null,
      between: { winner: 1, ready: [false, false] },
    });
    expect(v.players[0].batteries.filter((b) => !b.alive).map((b) => b.colour)).toEqual(['yellow', 'blue']);
    expect(shields.apply(s, 0, attack(0, 'red'), scripted([1]))).toMatchObject({ ok: false, code: 'wrong-step' });
    expect(shields.apply(s, 0, { type: 'take', die: 'potion.d6' }, scripted([]))).toMatchObject({
      ok: false,
      code: 'wrong-step',
    });
  });

  it('one player ready: only the other is awaited; pressing twice is refused; the game starts when both are ready', () => {
    const s = won();
    const one = shields.apply(s, 1, { type: 'next' }, scripted([]));
    if (!one.ok) throw new Error(one.message);
    expect(shields.toAct(one.state)).toEqual([0]);
    expect(shields.legalActions(one.state, 1)).toEqual([]);
    expect(shields.apply(one.state, 1, { type: 'next' }, scripted([]))).toMatchObject({
      ok: false,
      code: 'not-your-turn',
    });
    const both = shields.apply(one.state, 0, { type: 'next' }, scripted([]));
    if (!both.ok) throw new Error(both.message);
    expect([both.state.game, both.state.between, shields.toAct(both.state)]).toEqual([2, null, [0]]);
  });

  it('"next" during a game is refused', () => {
    expect(shields.apply(build({}), 0, { type: 'next' }, scripted([]))).toMatchObject({
      ok: false,
      code: 'wrong-step',
    });
  });

  it('rules 1 (archived games) started the next game at once', () => {
    const s = build({ pool: [], rules: 1, options: { bestOf: 3 }, turn: 1, p0: { yellow: 'x', blue: '1 d4' } });
    expect(play(s, attack(1, 'yellow'), [3]).events.map((e) => e.type)).toEqual(['attack', 'game-won', 'game-start']);
  });
});
