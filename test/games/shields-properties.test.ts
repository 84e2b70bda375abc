// Shields: properties over thousands of random games (seeded dice, random legal actions): every position's
// invariants, game length, and that legalActions is exactly what apply accepts.
import { pick, seededDice, type Dice, type GameEvent } from '@dicehall/shared';
import {
  ALL_IDS,
  batteryId,
  COLOURS,
  die,
  shields,
  type Colour,
  type ShieldsAction,
  type ShieldsOptions,
  type ShieldsState,
} from '@dicehall/shared/shields';

const PLAIN: ShieldsOptions = { bestOf: 1, resurrection: false };
const MATCH: ShieldsOptions = { bestOf: 3, resurrection: false };
const VARIANT: ShieldsOptions = { bestOf: 1, resurrection: true };

// Plain lookups: the module's re-exported getters cost more than the checks themselves in this hot loop.
const DIE = new Map(ALL_IDS.map((id) => [id, die(id)!]));
const BATTERY = [0, 1].map(
  (seat) => Object.fromEntries(COLOURS.map((c) => [c, batteryId(seat, c)])) as Record<Colour, string>,
);

/**
 * Every broken invariant of a position, in words, read straight from the state. Plain code rather than expect(),
 * which is far too slow for the hundreds of thousands of positions checked here.
 */
function problems(s: ShieldsState): string[] {
  const out: string[] = [];
  const owner = new Map<string, number>(); // id → -1 for the pool, else the seat holding it
  const put = (id: string, seat: number) => {
    if (owner.has(id)) out.push(`${id} is in two places`);
    owner.set(id, seat);
  };
  for (const id of s.pool) {
    put(id, -1);
    if (DIE.get(id)?.owner !== null) out.push(`${id} in the pool`);
  }
  s.players.forEach((p, seat) => {
    for (const c of COLOURS) {
      const b = p.batteries[c];
      if (!Number.isInteger(b.health) || b.health < 0 || b.health > 12) out.push(`p${seat} ${c} health ${b.health}`);
      if (b.health === 0) {
        if (b.attack !== null || b.shields.length > 0) out.push(`p${seat} ${c} destroyed but armed or shielded`);
        if (!p.trash.includes(BATTERY[seat][c])) out.push(`p${seat} ${c} destroyed but not in the trash`);
        continue;
      }
      put(BATTERY[seat][c], seat);
      if (b.attack) {
        put(b.attack, seat);
        const a = DIE.get(b.attack)!;
        if (a.kind !== 'attack' || a.colour !== c) out.push(`p${seat} ${c} attacks with ${a.id}`);
      }
      for (const x of b.shields) {
        put(x.id, seat);
        const d = DIE.get(x.id)!;
        if (d.kind !== 'shield' || d.colour !== c) out.push(`${x.id} on the ${c} battery`);
        if (!Number.isInteger(x.points) || x.points < 1 || x.points > d.sides) out.push(`${x.id} at ${x.points}`);
      }
    }
    for (const x of [...p.front, ...p.behind]) {
      put(x.id, seat);
      const d = DIE.get(x.id)!;
      if (d.kind !== 'shield' || d.colour !== 'black') out.push(`${x.id} placed as a black shield`);
      if (!Number.isInteger(x.points) || x.points < 1 || x.points > d.sides) out.push(`${x.id} at ${x.points}`);
    }
    for (const id of p.reserve) {
      put(id, seat);
      if (DIE.get(id)!.kind !== 'potion' && DIE.get(id)!.kind !== 'polish') out.push(`${id} in reserve`);
    }
    for (const id of p.trash) put(id, seat);
  });
  if (owner.size !== 34) out.push(`${owner.size} dice, not 34`);
  for (const id of ALL_IDS) {
    const d = DIE.get(id)!;
    if (!owner.has(id)) out.push(`${id} is nowhere`);
    // Personal dice never cross to the other player.
    else if (d.owner !== null && owner.get(id) !== d.owner) out.push(`${id} is with seat ${owner.get(id)}`);
  }
  // Between two games of a match the finished game's final position stands, and both players are to act.
  const running = shields.result(s) === null && s.between === null;
  const destroyed = s.players.map((p) => COLOURS.filter((c) => p.batteries[c].health === 0).length);
  if (running && Math.max(...destroyed) > 1) out.push('two batteries destroyed and the game runs on');
  const toAct = shields.toAct(s);
  if (s.between) {
    if (JSON.stringify(toAct) !== JSON.stringify([0, 1].filter((seat) => !s.between!.ready[seat])))
      out.push('toAct is wrong between games');
  } else if (running ? toAct.length !== 1 || toAct[0] !== s.turn : toAct.length !== 0) out.push('toAct is wrong');
  return out;
}

interface Played {
  state: ShieldsState;
  actions: number;
  events: GameEvent[];
}

/** Plays random legal actions to the end; `each` sees every position before its action. */
function randomGame(
  seed: number,
  options: ShieldsOptions,
  each?: (s: ShieldsState, a: ShieldsAction, dice: Dice) => void,
  cap = 2000,
): Played {
  const dice = seededDice(seed);
  const setup = shields.setup(options, 2, dice);
  let state = setup.state;
  const events = [...setup.events];
  let actions = 0;
  while (shields.result(state) === null) {
    if (actions >= cap) throw new Error(`seed ${seed}: no end after ${cap} actions`);
    const seat = shields.toAct(state)[0];
    const a = pick(dice, shields.legalActions(state, seat));
    each?.(state, a, dice);
    const step = shields.apply(state, seat, a, dice);
    if (!step.ok) throw new Error(`seed ${seed}: a legal action was refused: ${step.code}`);
    state = step.state;
    events.push(...step.events);
    actions++;
  }
  return { state, actions, events };
}

/** A canonical key for an action, whatever its key order. */
const keyOf = (a: object) => JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y)));

describe('shields: properties of random games', () => {
  it.each([
    // Bounds: 22 takes + 8 potion/polish uses + attacks, each removing a point of at most 292 ever in play
    // (72 health, 132 colored shield, 32 black shield, 32 potion, 24 polish) = 322 a game. The variant can heal
    // without end, so only the runner's cap bounds it.
    ['single games', PLAIN, 800, 322],
    ['best of three', MATCH, 200, 3 * 322],
    ['resurrection variant', VARIANT, 300, 2000],
  ])(
    '%s end, and every position keeps 34 dice each in one place, health 0–12 and shields within their faces',
    (_t, options, games, bound) => {
      let longest = 0;
      const broken: string[] = [];
      for (let g = 0; g < games; g++) {
        const { state, actions } = randomGame(1000 + g, options, (s) => {
          broken.push(...problems(s).map((p) => `seed ${1000 + g}: ${p}`));
          // S4: in the plain game an attack is always possible in the act step.
          if (
            !options.resurrection &&
            !s.between &&
            s.step === 'act' &&
            !shields.legalActions(s, s.turn).some((a) => a.type === 'attack')
          ) {
            broken.push(`seed ${1000 + g}: no attack possible`);
          }
        });
        broken.push(...problems(state));
        longest = Math.max(longest, actions);
      }
      expect(broken.slice(0, 5)).toEqual([]);
      expect(longest).toBeLessThanOrEqual(bound);
    },
  );

  // More games: SHIELDS_PLAIN_GAMES=20000 npx jest test/games/shields-properties.test.ts -t S14
  const plainGames = Number(process.env.SHIELDS_PLAIN_GAMES ?? 2000);
  it(`S14 never triggers without the variant: ${plainGames} random plain games, never ten quiet turns nor a pass`, () => {
    let quietest = 0;
    const broken: string[] = [];
    for (let g = 0; g < plainGames; g++) {
      const options = g % 4 === 3 ? MATCH : PLAIN;
      const { state, events } = randomGame(30000 + g, options, (s, a) => {
        quietest = Math.max(quietest, s.quiet);
        if (a.type === 'pass' || s.passed) broken.push(`seed ${30000 + g}: a pass`);
      });
      quietest = Math.max(quietest, state.quiet);
      if (events.some((e) => e.type === 'stalled' || e.type === 'game-drawn'))
        broken.push(`seed ${30000 + g}: stalled`);
    }
    expect(broken.slice(0, 5)).toEqual([]);
    // Eight non-attacking dice (four potions, four polishes) bound a quiet run at eight turns, far from ten.
    expect(quietest).toBeLessThanOrEqual(8);
    expect(quietest).toBeGreaterThanOrEqual(2);
  });

  it('legalActions is exact: every listed action parses and is accepted; every near miss is refused', () => {
    const ids = [...ALL_IDS, 'nothing'];
    const placements = [undefined, 'front', 'behind'] as const;
    const wrong: string[] = [];
    let checked = 0;
    for (let g = 0; g < 18; g++) {
      const options = [PLAIN, MATCH, VARIANT][g % 3];
      randomGame(5000 + g, options, (s, _a, dice) => {
        if (s.between) return; // the pause between games has its own tests
        const seat = s.turn;
        const legal = shields.legalActions(s, seat);
        const legalKeys = new Set(legal.map(keyOf));
        if (legalKeys.size !== legal.length) wrong.push(`duplicates in ${JSON.stringify(legal)}`);
        for (const a of legal) {
          const parsed = shields.action.safeParse(a);
          if (!parsed.success || keyOf(parsed.data) !== keyOf(a)) wrong.push(`${keyOf(a)} does not parse as itself`);
          if (!shields.apply(s, seat, a, dice).ok) wrong.push(`${keyOf(a)} is listed but refused`);
        }
        if (shields.legalActions(s, 1 - seat).length > 0) wrong.push('the waiting seat has actions');
        const other = shields.apply(s, 1 - seat, legal[0], dice);
        if (other.ok || other.code !== 'not-your-turn') wrong.push('the waiting seat could act');
        // Near misses: random dice ids in every field of every action type.
        const any = () => ids[dice.roll(ids.length) - 1];
        const place = () => placements[dice.roll(3) - 1];
        const tries: object[] = [{ type: 'pass' }];
        for (let i = 0; i < 6; i++) {
          const p = place();
          tries.push(
            { type: 'take', die: any(), ...(p ? { placement: p } : {}) },
            { type: 'attack', battery: any() },
            { type: 'potion', die: any(), battery: any() },
            { type: 'polish', die: any(), shield: any() },
            { type: 'resurrect', sacrifice: any(), revive: any(), ...(p ? { placement: p } : {}) },
          );
        }
        // And legal takes with the placement changed or added.
        for (const a of legal)
          if (a.type === 'take') tries.push({ ...a, placement: a.placement === 'front' ? 'behind' : 'front' });
        for (const t of tries) {
          const parsed = shields.action.safeParse(t);
          if (!parsed.success) continue;
          const step = shields.apply(s, seat, parsed.data, dice);
          if (step.ok !== legalKeys.has(keyOf(parsed.data))) wrong.push(`${keyOf(t)}: accepted ${step.ok}`);
          checked++;
        }
      });
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(7000);
  });

  it('the action schema refuses malformed input', () => {
    for (const bad of [
      { type: 'take' },
      { type: 'take', die: 'potion.d6', extra: 1 },
      { type: 'take', die: 'x'.repeat(100) },
      { type: 'take', die: 'potion.d6', placement: 'above' },
      { type: 'attack', battery: 7 },
      { type: 'heal' },
      { type: 'take', die: 'Potion D6' },
      null,
      'take',
      [],
    ])
      expect(shields.action.safeParse(bad).success).toBe(false);
  });
});
