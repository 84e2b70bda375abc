// Shields Up: every ruling U1–U7, U9 and U10 from compact fixtures and scripted dice (U8's secrets:
// shields-up-secrets.test.ts; archived logs of rules 1: shields-up-versions.test.ts).
import { RecordingDice, scripted, seededDice, type GameEvent, type Seat } from '@dicehall/shared';
import {
  CARD_IDS,
  DECK,
  kindOf,
  shieldsUp,
  shuffle,
  TURN_LIMIT,
  type ShieldsUpAction,
  type ShieldsUpState,
} from '@dicehall/shared/shields-up';
import { C, fixture, places } from './shields-up-fixture';

/** Applies a legal action with exactly `rolls` scripted; fails the test on a refusal or an unused roll. */
function act(state: ShieldsUpState, seat: Seat, a: ShieldsUpAction, rolls: number[] = []) {
  const dice = scripted(rolls);
  const step = shieldsUp.apply(state, seat, a, dice);
  if (!step.ok) throw new Error(`refused: ${step.code} ${step.message}`);
  expect(dice.remaining()).toBe(0);
  places(step.state);
  return step;
}
function refused(state: ShieldsUpState, seat: Seat, a: ShieldsUpAction) {
  const step = shieldsUp.apply(state, seat, a, scripted([]));
  if (step.ok) throw new Error('accepted');
  return step.code;
}
const types = (events: GameEvent[]) => events.map((e) => e.type);
const legal = (s: ShieldsUpState, seat: Seat) => shieldsUp.legalActions(s, seat);
/** G1: the most actions one turn holds under rules 2 (the module's own bound, derived in its `why`). */
const MAX_ENTRIES_PER_TURN = shieldsUp.bounds({}, 2).actionsPerTurn;

describe('U1 the deck', () => {
  it('U1 holds 18 cards in the listed copies, each id once', () => {
    const count = (kind: string) => CARD_IDS.filter((id) => kindOf(id).kind === kind).length;
    expect(CARD_IDS).toHaveLength(18);
    expect(new Set(CARD_IDS).size).toBe(18);
    expect([
      count('death-ray'),
      count('plasma-cannon'),
      count('laser-cannon'),
      count('space-mine'),
      count('battery'),
      count('smuggle'),
      count('hijinks'),
    ]).toEqual([3, 3, 3, 3, 2, 2, 2]);
  });
  it("U1 marks the invented fields: the two cannons are wholly ours, the Death Ray's set and damage are the source's", () => {
    const k = (kind: string) => DECK.find((d) => d.kind === kind)!;
    expect(k('plasma-cannon').reconstructed).toEqual(expect.arrayContaining(['name', 'set', 'damage']));
    expect(k('laser-cannon').reconstructed).toEqual(expect.arrayContaining(['name', 'set', 'damage']));
    expect(k('death-ray').reconstructed).not.toContain('damage');
    expect(k('death-ray')).toMatchObject({ set: 3, damage: 4 });
    for (const d of DECK) expect(d.reconstructed).toContain('copies');
  });
});

describe('U2 the fair shuffle and the deal', () => {
  it('U2 Fisher–Yates takes each position from one die of the right size, d(n) down to d2', () => {
    const rec = new RecordingDice(scripted([1, 1]));
    expect(shuffle(['a', 'b', 'c'], rec)).toEqual(['b', 'c', 'a']);
    expect(rec.drain().map((r) => r.sides)).toEqual([3, 2]);
  });
  it('U2 a pile of one card, or none, needs no roll', () => {
    expect(shuffle(['a'], scripted([]))).toEqual(['a']);
    expect(shuffle([], scripted([]))).toEqual([]);
  });
  it('U2 every order of four cards comes from exactly one roll sequence', () => {
    const orders = new Set<string>();
    for (let a = 1; a <= 4; a++)
      for (let b = 1; b <= 3; b++)
        for (let c = 1; c <= 2; c++) orders.add(shuffle(['w', 'x', 'y', 'z'], scripted([a, b, c])).join(''));
    expect(orders.size).toBe(24);
  });
  it('U2 deals two shields and two cards to each, a market of two, eight to draw; the roll-off picks the first player', () => {
    // Rolls d18..d2 each equal to their size keep the deck order; then a roll-off tie (3–3) and 2–5.
    const rolls = [...Array.from({ length: 17 }, (_, i) => 18 - i), 3, 3, 2, 5];
    const rec = new RecordingDice(scripted(rolls));
    const { state, events } = shieldsUp.setup({}, 2, rec);
    expect(rec.drain().map((r) => r.sides)).toEqual([...Array.from({ length: 17 }, (_, i) => 18 - i), 6, 6, 6, 6]);
    expect(state.players[0].shields).toEqual(CARD_IDS.slice(0, 2));
    expect(state.players[1].shields).toEqual(CARD_IDS.slice(2, 4));
    expect(state.players[0].hand).toEqual(CARD_IDS.slice(4, 6));
    expect(state.players[1].hand).toEqual(CARD_IDS.slice(6, 8));
    expect(state.market).toEqual(CARD_IDS.slice(8, 10));
    expect(state.draw).toEqual(CARD_IDS.slice(10));
    expect(state.turn).toBe(1);
    expect(state.actions).toBe(2);
    expect(events.filter((e) => e.type === 'roll-off').map((e) => e.first)).toEqual([null, 1]);
    places(state);
  });
});

describe('U3 a turn of two actions', () => {
  const base = () =>
    fixture({
      p0: { hand: ['dr1', 'sm1', 'ba1', 'th1'], shields: ['lc1'] },
      p1: { hand: ['pc1'], shields: ['lc2', 'lc3'] },
      market: ['sg1', 'sg2'],
    });

  it('U3 draw takes the top card into the hand', () => {
    const s = base();
    const top = s.draw[0];
    const { state, events } = act(s, 0, { type: 'draw' });
    expect(state.players[0].hand.at(-1)).toBe(top);
    expect(state.actions).toBe(1);
    expect(events).toEqual([{ type: 'draw-card', seat: 0 }]);
  });
  it('U3 a shield goes face down, three at most', () => {
    let s = act(base(), 0, { type: 'shield', card: C('dr1') }).state;
    expect(s.players[0].shields).toEqual([C('lc1'), C('dr1')]);
    s = act(s, 0, { type: 'shield', card: C('sm1') }).state;
    expect(s.turn).toBe(1);
    const full = fixture({ p0: { hand: ['dr1'], shields: ['lc1', 'lc2', 'lc3'] } });
    expect(refused(full, 0, { type: 'shield', card: C('dr1') })).toBe('shields-full');
    expect(legal(full, 0)).not.toContainEqual({ type: 'shield', card: C('dr1') });
  });
  it('U3 build puts a set card face up in front of its owner', () => {
    const { state } = act(base(), 0, { type: 'build', card: C('dr1') });
    expect(state.players[0].equipment).toEqual([C('dr1')]);
    expect(refused(base(), 0, { type: 'build', card: C('sm1') })).toBe('not-equipment');
  });
  it('U3 play resolves a card at once and discards it (a Space Mine face up: 1 damage)', () => {
    const { state, events } = act(base(), 0, { type: 'play', card: C('sm1') }, []);
    // 1 damage against two shields: the striker must pick one.
    expect(state.strike).toEqual({ by: 0, against: 1, left: 1, mines: 0 });
    expect(shieldsUp.toAct(state)).toEqual([0]);
    expect(state.discard).toEqual([C('sm1')]);
    expect(types(events)).toEqual(['play', 'strike']);
    expect(refused(base(), 0, { type: 'play', card: C('dr1') })).toBe('not-instant');
  });
  it('U3 buying the oldest card costs 1 action, the newest 2', () => {
    const s1 = act(base(), 0, { type: 'buy', which: 'oldest' }).state;
    expect(s1.actions).toBe(1);
    expect(s1.players[0].hand.at(-1)).toBe(C('sg1'));
    expect(s1.market).toEqual([null, C('sg2')]);
    // The newest still costs 2, which one action cannot pay.
    expect(refused(s1, 0, { type: 'buy', which: 'newest' })).toBe('no-actions');
    expect(legal(s1, 0)).not.toContainEqual({ type: 'buy', which: 'newest' });
    const s2 = act(base(), 0, { type: 'buy', which: 'newest' });
    expect(s2.events[0]).toMatchObject({ type: 'buy', card: C('sg2'), cost: 2 });
    expect(s2.state.turn).toBe(1);
  });
  it('U3 the turn passes after two actions, in any combination', () => {
    let s = act(base(), 0, { type: 'build', card: C('dr1') }).state;
    expect(s.turn).toBe(0);
    s = act(s, 0, { type: 'draw' }).state;
    expect([s.turn, s.actions, s.turns]).toEqual([1, 2, 2]);
    expect(refused(s, 0, { type: 'draw' })).toBe('not-your-turn');
  });
  it('U3 cards not in the hand, and ending a turn with actions left, are refused', () => {
    expect(refused(base(), 0, { type: 'shield', card: C('pc1') })).toBe('not-in-hand');
    expect(refused(base(), 0, { type: 'end' })).toBe('actions-left');
  });
});

describe("U3 Battery at any moment of its owner's turn", () => {
  const withBattery = (actions = 2, rules: 1 | 2 = 2) =>
    fixture({
      p0: { hand: ['dr1', 'dr2'], equipment: ['ba1'] },
      p1: { shields: ['lc1', 'lc2', 'lc3'] },
      actions,
      rules,
    });

  it('U3 building a Battery costs one action and keeps it in play', () => {
    const s = fixture({ p0: { hand: ['ba1'] } });
    const { state } = act(s, 0, { type: 'build', card: C('ba1') });
    expect(state.players[0].equipment).toEqual([C('ba1')]);
    expect(state.actions).toBe(1);
    // Used the same turn it was built: two more actions.
    expect(act(state, 0, { type: 'battery', card: C('ba1') }).state.actions).toBe(3);
  });
  it('U3 before the first action: four actions this turn, for no action', () => {
    const { state, events } = act(withBattery(), 0, { type: 'battery', card: C('ba1') });
    expect(state.actions).toBe(4);
    expect(state.discard).toEqual([C('ba1')]);
    expect(events).toEqual([{ type: 'battery', seat: 0, card: C('ba1'), actions: 4 }]);
  });
  it('U3 after both actions are spent the turn waits: use the Battery, or end and keep it', () => {
    let s = act(withBattery(), 0, { type: 'draw' }).state;
    s = act(s, 0, { type: 'draw' }).state;
    expect([s.turn, s.actions]).toEqual([0, 0]);
    expect(legal(s, 0)).toEqual([{ type: 'end' }, { type: 'battery', card: C('ba1') }]);
    const ended = act(s, 0, { type: 'end' }).state;
    expect(ended.turn).toBe(1);
    expect(ended.players[0].equipment).toEqual([C('ba1')]);
    const used = act(s, 0, { type: 'battery', card: C('ba1') }).state;
    expect([used.turn, used.actions]).toEqual([0, 2]);
  });
  it('U3 in the middle of a strike the striker may still discard the Battery', () => {
    const s = fixture({ p0: { hand: ['sm1'], equipment: ['ba1'] }, p1: { shields: ['lc1', 'lc2'] } });
    const mid = act(s, 0, { type: 'play', card: C('sm1') }).state;
    expect(mid.strike).not.toBeNull();
    expect(legal(mid, 0)).toContainEqual({ type: 'battery', card: C('ba1') });
    const after = act(mid, 0, { type: 'battery', card: C('ba1') }).state;
    expect(after.strike).toEqual(mid.strike);
    expect(after.actions).toBe(3);
  });
  it("U3 never in the opponent's turn", () => {
    const theirs = fixture({ p0: { equipment: ['ba1'] }, turn: 1 });
    expect(legal(theirs, 0)).toEqual([]);
    expect(refused(theirs, 0, { type: 'battery', card: C('ba1') })).toBe('not-your-turn');
  });
  it("U3 (rules 1, archived games) the Battery's actions had to be taken like the others", () => {
    const s = act(withBattery(0, 1), 0, { type: 'battery', card: C('ba1') }).state;
    expect(s.actions).toBe(2);
    const s2 = act(s, 0, { type: 'draw' }).state;
    expect(s2.actions).toBe(1);
    expect(refused(s2, 0, { type: 'end' })).toBe('actions-left');
    expect(legal(s2, 0)).not.toContainEqual({ type: 'end' });
  });
});

describe('U4 sets', () => {
  it('U4 a Death Ray set completed across three turns fires once for 4 and is discarded', () => {
    let s = fixture({ p0: { hand: ['dr1', 'dr2', 'dr3'] }, p1: { shields: ['lc1', 'lc2', 'lc3'] } });
    s = act(s, 0, { type: 'build', card: C('dr1') }).state;
    s = act(s, 0, { type: 'draw' }).state;
    s = act(s, 1, { type: 'draw' }).state;
    s = act(s, 1, { type: 'draw' }).state;
    s = act(s, 0, { type: 'build', card: C('dr2') }).state;
    s = act(s, 0, { type: 'draw' }).state;
    s = act(s, 1, { type: 'draw' }).state;
    s = act(s, 1, { type: 'draw' }).state;
    expect(s.players[0].equipment).toEqual([C('dr1'), C('dr2')]);
    const step = act(s, 0, { type: 'build', card: C('dr3') });
    expect(step.events.find((e) => e.type === 'set')).toEqual({
      type: 'set',
      seat: 0,
      kind: 'death-ray',
      cards: [C('dr1'), C('dr2'), C('dr3')],
      damage: 4,
    });
    // 4 damage against 3 shields: all go without a choice, and the ship with them.
    expect(step.state.players[0].equipment).toEqual([]);
    expect(step.state.players[1].destroyed).toBe(true);
    expect(shieldsUp.result(step.state)).toMatchObject({ winners: [0], reason: 'ship-destroyed' });
  });
  it('U4 several sets may be in progress; each fires only when complete', () => {
    let s = fixture({ p0: { hand: ['pc1', 'lc1', 'lc2'] }, p1: { shields: ['dr1', 'dr2', 'dr3'] } });
    s = act(s, 0, { type: 'build', card: C('pc1') }).state;
    s = act(s, 0, { type: 'build', card: C('lc1') }).state;
    expect(s.players[0].equipment).toEqual([C('pc1'), C('lc1')]);
    s = act(s, 1, { type: 'draw' }).state;
    s = act(s, 1, { type: 'draw' }).state;
    const step = act(s, 0, { type: 'build', card: C('lc2') });
    expect(step.state.players[0].equipment).toEqual([C('pc1')]);
    expect(step.state.strike).toEqual({ by: 0, against: 1, left: 2, mines: 0 });
  });
});

describe('U5 damage and Space Mines', () => {
  // A Laser Cannon set (2 damage) completed by seat 0 against `shields` of seat 1.
  const laser = (shields: string[], mine: string[] = []) =>
    fixture({ p0: { hand: ['lc2'], equipment: ['lc1'], shields: mine }, p1: { shields } });
  const fire = (s: ShieldsUpState) => act(s, 0, { type: 'build', card: C('lc2') });

  it('U5 a weapon against 0 shields destroys the ship', () => {
    const { state, events } = fire(laser([]));
    expect(state.players[1].destroyed).toBe(true);
    expect(types(events)).toEqual(['build', 'set', 'strike', 'ship-destroyed', 'game-over']);
  });
  it('U5 against 1 shield: the shield is revealed and destroyed, and one more damage destroys the ship', () => {
    const { state, events } = fire(laser(['dr1']));
    expect(events.find((e) => e.type === 'destroyed')).toEqual({
      type: 'destroyed',
      by: 0,
      seat: 1,
      slot: 0,
      card: C('dr1'),
      mine: false,
    });
    expect(state.players[1].destroyed).toBe(true);
  });
  it('U5 against 2 shields: both go, without a choice, and the ship stands', () => {
    const { state } = fire(laser(['dr1', 'dr2']));
    expect(state.players[1].shields).toEqual([]);
    expect(state.players[1].destroyed).toBe(false);
    expect(state.strike).toBeNull();
    expect(state.turn).toBe(0);
  });
  it('U5 against 3 shields: the attacker picks two, one at a time, each revealed', () => {
    let s = fire(laser(['dr1', 'dr2', 'dr3'])).state;
    expect(shieldsUp.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([
      { type: 'strike', shield: 0 },
      { type: 'strike', shield: 1 },
      { type: 'strike', shield: 2 },
    ]);
    expect(refused(s, 0, { type: 'draw' })).toBe('strike-pending');
    const first = act(s, 0, { type: 'strike', shield: 2 });
    expect(first.events).toEqual([{ type: 'destroyed', by: 0, seat: 1, slot: 2, card: C('dr3'), mine: false }]);
    s = first.state;
    // One damage left, two shields: still a choice.
    expect(s.strike).toMatchObject({ left: 1 });
    s = act(s, 0, { type: 'strike', shield: 0 }).state;
    expect(s.players[1].shields).toEqual([C('dr2')]);
    expect(s.strike).toBeNull();
    expect(refused(s, 0, { type: 'strike', shield: 0 })).toBe('no-strike');
  });
  it("U5 a revealed Space Mine lets the defender pick one of the attacker's shields, and that chains", () => {
    let s = fire(laser(['sm1', 'dr1', 'dr2'], ['sm2', 'pc1'])).state;
    s = act(s, 0, { type: 'strike', shield: 0 }).state; // a mine
    s = act(s, 0, { type: 'strike', shield: 0 }).state; // dr1
    // Counter-strike: seat 1 picks one of seat 0's two shields.
    expect(s.strike).toEqual({ by: 1, against: 0, left: 1, mines: 0 });
    expect(shieldsUp.toAct(s)).toEqual([1]);
    const back = act(s, 1, { type: 'strike', shield: 0 });
    // Seat 0's mine strikes back in turn: seat 1 has one shield left, destroyed without a choice.
    expect(types(back.events)).toEqual(['destroyed', 'strike', 'destroyed']);
    expect(back.events[1]).toMatchObject({ by: 0, against: 1, damage: 1, counter: true });
    expect(back.state.players[1].shields).toEqual([]);
    expect(back.state.strike).toBeNull();
    expect(back.state.turn).toBe(0);
  });
  it('U5 a mine chain can destroy the attacker', () => {
    const { state, events } = fire(laser(['sm1', 'sm2'], ['dr1']));
    expect(types(events)).toEqual([
      'build',
      'set',
      'strike',
      'destroyed',
      'destroyed',
      'strike',
      'destroyed',
      'ship-destroyed',
      'game-over',
    ]);
    expect(state.players[0].destroyed).toBe(true);
    expect(state.players[1].destroyed).toBe(false);
    expect(shieldsUp.result(state)).toMatchObject({ winners: [1], draw: false });
  });
  it('U5 both ships destroyed is a draw', () => {
    const s = fixture({ p0: { hand: ['pc2'], equipment: ['pc1'] }, p1: { shields: ['sm1', 'sm2'] } });
    const { state, events } = act(s, 0, { type: 'build', card: C('pc2') });
    expect(events.filter((e) => e.type === 'ship-destroyed').map((e) => e.seat)).toEqual([1, 0]);
    expect(shieldsUp.result(state)).toEqual({
      winners: [],
      draw: true,
      reason: 'both-destroyed',
      summary: 'Both ships were destroyed',
    });
    expect(shieldsUp.toAct(state)).toEqual([]);
    expect(refused(state, 0, { type: 'draw' })).toBe('game-over');
  });
});

describe('U6 the market and the draw pile', () => {
  it('U6 the market refills only at the end of the turn: the remaining card becomes the oldest', () => {
    const s = fixture({ p0: {}, market: ['sg1', 'sg2'], draw: ['th1', 'th2'] });
    const mid = act(s, 0, { type: 'buy', which: 'oldest' }).state;
    expect(mid.market).toEqual([null, C('sg2')]);
    const { state, events } = act(mid, 0, { type: 'draw' });
    expect(state.market).toEqual([C('sg2'), C('th2')]);
    expect(events).toContainEqual({ type: 'market', added: [C('th2')], market: [C('sg2'), C('th2')] });
  });
  it('U6 an empty draw pile is replaced by the shuffled discard pile, in the middle of an action', () => {
    // Buying both market cards leaves two gaps and one card to draw: the refill reshuffles the discard for the second.
    const s = fixture({
      p0: {},
      market: ['sg1', 'sg2'],
      draw: ['th1'],
      discard: ['dr1', 'dr2', 'dr3'],
      actions: 3,
      spare: 'p1.hand',
    });
    let mid = act(s, 0, { type: 'buy', which: 'oldest' }).state;
    const rec = new RecordingDice(scripted([1, 1]));
    const step = shieldsUp.apply(mid, 0, { type: 'buy', which: 'newest' }, rec);
    if (!step.ok) throw new Error(step.message);
    expect(rec.drain().map((r) => r.sides)).toEqual([3, 2]);
    // d3 → 1 swaps positions 2 and 0, d2 → 1 swaps 1 and 0: [dr2, dr3, dr1]; the top joins the market.
    expect(step.state.market).toEqual([C('th1'), C('dr2')]);
    expect(step.state.draw).toEqual([C('dr3'), C('dr1')]);
    expect(step.state.discard).toEqual([]);
    expect(types(step.events)).toEqual(['buy', 'turn-end', 'reshuffle', 'market', 'turn']);
    places(step.state);
    // A draw from an empty pile reshuffles the same way.
    mid = fixture({ p0: {}, draw: [], discard: ['dr1', 'dr2'], spare: 'p1.hand' });
    const drawn = act(mid, 0, { type: 'draw' }, [2]);
    expect(drawn.state.players[0].hand).toEqual([C('dr1')]);
    expect(drawn.events[0]).toEqual({ type: 'reshuffle', count: 2 });
  });
  it('U6 with both piles empty there is nothing to draw, and the refusal takes no roll', () => {
    const s = fixture({ p0: { hand: ['dr1'] }, draw: [], spare: 'p1.hand' });
    expect(legal(s, 0)).not.toContainEqual({ type: 'draw' });
    expect(refused(s, 0, { type: 'draw' })).toBe('no-cards');
  });
});

describe('U7 Smuggle and Transporter Hijinks', () => {
  const thief = (p1: { hand?: string[]; shields?: string[]; equipment?: string[] }, mine: string[] = []) =>
    fixture({ p0: { hand: ['sg1'], shields: mine }, p1 });

  it("U7 from the hand: a card at random by one die, into the thief's hand, unseen by others", () => {
    const { state, events } = act(
      thief({ hand: ['dr1', 'dr2', 'dr3'] }),
      0,
      { type: 'play', card: C('sg1'), zone: 'hand' },
      [2],
    );
    expect(state.players[0].hand).toEqual([C('dr2')]);
    expect(state.players[1].hand).toEqual([C('dr1'), C('dr3')]);
    expect(state.discard).toEqual([C('sg1')]);
    expect(events).toEqual([
      { type: 'play', seat: 0, card: C('sg1') },
      { type: 'smuggle', seat: 0, zone: 'hand' },
    ]);
  });
  it("U7 from the shields: blind, into the thief's shields; a fourth shield is discarded face up", () => {
    const s = act(thief({ shields: ['sm1', 'dr1'] }), 0, { type: 'play', card: C('sg1'), zone: 'shields' }, [1]);
    expect(s.state.players[0].shields).toEqual([C('sm1')]);
    expect(s.events[1]).toEqual({ type: 'smuggle', seat: 0, zone: 'shields', slot: 0 });
    const full = act(thief({ shields: ['sm1'] }, ['lc1', 'lc2', 'lc3']), 0, {
      type: 'play',
      card: C('sg1'),
      zone: 'shields',
    });
    expect(full.state.players[0].shields).toHaveLength(3);
    expect(full.state.discard).toEqual([C('sm1'), C('sg1')]);
    expect(full.events[1]).toEqual({ type: 'smuggle', seat: 0, zone: 'shields', slot: 0, discarded: C('sm1') });
  });
  it("U7 from the equipment: the chosen card, which completes the thief's set and fires it", () => {
    const s = fixture({
      p0: { hand: ['sg1'], equipment: ['lc1'] },
      p1: { equipment: ['lc2', 'pc1'], shields: ['dr1', 'dr2'] },
    });
    expect(legal(s, 0)).toEqual(
      expect.arrayContaining([
        { type: 'play', card: C('sg1'), zone: 'shields' },
        { type: 'play', card: C('sg1'), zone: 'equipment', target: C('lc2') },
        { type: 'play', card: C('sg1'), zone: 'equipment', target: C('pc1') },
      ]),
    );
    expect(legal(s, 0)).not.toContainEqual({ type: 'play', card: C('sg1'), zone: 'hand' });
    const { state, events } = act(s, 0, { type: 'play', card: C('sg1'), zone: 'equipment', target: C('lc2') });
    expect(types(events)).toEqual(['play', 'smuggle', 'set', 'strike', 'destroyed', 'destroyed']);
    expect(state.players[1].equipment).toEqual([C('pc1')]);
    expect(state.players[1].shields).toEqual([]);
  });
  it('U7 Smuggle refuses an empty zone, a named blind card, or equipment that is not there', () => {
    const s = thief({ hand: ['dr1'] });
    expect(refused(s, 0, { type: 'play', card: C('sg1'), zone: 'shields' })).toBe('empty-zone');
    expect(refused(s, 0, { type: 'play', card: C('sg1'), zone: 'hand', target: C('dr1') })).toBe('bad-target');
    expect(refused(s, 0, { type: 'play', card: C('sg1'), zone: 'equipment', target: C('dr2') })).toBe('bad-target');
    expect(refused(s, 0, { type: 'play', card: C('sg1') })).toBe('bad-zone');
    const nothing = thief({});
    expect(legal(nothing, 0)).toContainEqual({ type: 'play', card: C('sg1') });
    expect(act(nothing, 0, { type: 'play', card: C('sg1') }).events[1]).toEqual({
      type: 'smuggle',
      seat: 0,
      zone: null,
    });
  });
  it("U7 Transporter Hijinks swaps the hands, even when the player's own is then empty", () => {
    const s = fixture({ p0: { hand: ['th1'] }, p1: { hand: ['dr1', 'dr2'] } });
    const { state, events } = act(s, 0, { type: 'play', card: C('th1') });
    expect(state.players[0].hand).toEqual([C('dr1'), C('dr2')]);
    expect(state.players[1].hand).toEqual([]);
    expect(events[1]).toEqual({ type: 'hijinks', seat: 0, hands: [2, 0] });
    const none = fixture({ p0: { hand: ['th1', 'dr3'] }, p1: { hand: [] } });
    const after = act(none, 0, { type: 'play', card: C('th1') }).state;
    expect(after.players[0].hand).toEqual([]);
    expect(after.players[1].hand).toEqual([C('dr3')]);
  });
});

describe('U9 the turn limit', () => {
  it(`U9 the lone Hijinks passed back and forth loops for ever; at turn ${TURN_LIMIT} the game is drawn`, () => {
    // The looping position found by random play: both piles empty, one Hijinks in the market, full shield rows.
    let s = fixture({
      p0: { shields: ['sm3', 'sm2', 'lc2'], equipment: ['pc2', 'dr3'] },
      p1: {
        hand: ['dr2', 'lc1', 'sg1', 'ba1', 'sg2', 'ba2'],
        shields: ['th2', 'pc1', 'sm1'],
        equipment: ['lc3', 'pc3', 'dr1'],
      },
      market: ['th1', null],
      draw: [],
      turns: TURN_LIMIT - 6,
    });
    const seen: number[] = [];
    while (!s.result) {
      const seat = shieldsUp.toAct(s)[0];
      const options = legal(s, seat);
      expect(options).toHaveLength(1);
      s = act(s, seat, options[0]).state;
      seen.push(s.players[0].hand.length + s.players[1].hand.length);
    }
    expect(shieldsUp.result(s)).toMatchObject({ draw: true, reason: 'turn-limit' });
    expect(s.turns).toBe(TURN_LIMIT);
  });
});

describe('U3 amended: the turn may end once only Battery actions remain (rules 2)', () => {
  const charged = (rules: 1 | 2) =>
    act(fixture({ p0: { hand: ['dr1', 'dr2'], equipment: ['ba1'] }, p1: { shields: ['lc1', 'lc2'] }, rules }), 0, {
      type: 'battery',
      card: C('ba1'),
    }).state;

  it('U3 the two base actions must be taken; after them the Battery actions may be left unused', () => {
    let s = charged(2);
    expect([s.actions, s.extra]).toEqual([4, 2]);
    expect(refused(s, 0, { type: 'end' })).toBe('actions-left');
    s = act(s, 0, { type: 'draw' }).state;
    expect([s.actions, s.extra]).toEqual([3, 2]);
    expect(refused(s, 0, { type: 'end' })).toBe('actions-left');
    expect(legal(s, 0)).not.toContainEqual({ type: 'end' });
    s = act(s, 0, { type: 'draw' }).state;
    // Only the Battery's two actions remain: the player may spend them or end the turn.
    expect([s.turn, s.actions, s.extra]).toEqual([0, 2, 2]);
    expect(legal(s, 0)).toContainEqual({ type: 'draw' });
    expect(legal(s, 0)).toContainEqual({ type: 'end' });
    const { state, events } = act(s, 0, { type: 'end' });
    expect(types(events)).toEqual(['turn-end', 'market', 'turn']);
    expect([state.turn, state.actions, state.extra, state.charged]).toEqual([1, 2, 0, false]);
    expect(state.players[0].hand).toHaveLength(4);
  });
  it('U3 a Battery used after the base actions: its two actions may be left at once', () => {
    let s = fixture({ p0: { hand: ['dr1', 'dr2'], equipment: ['ba1'] } });
    s = act(s, 0, { type: 'draw' }).state;
    s = act(s, 0, { type: 'draw' }).state;
    s = act(s, 0, { type: 'battery', card: C('ba1') }).state;
    expect([s.turn, s.actions, s.extra]).toEqual([0, 2, 2]);
    expect(act(s, 0, { type: 'end' }).state.turn).toBe(1);
  });
  it('U3 the base actions are spent first: the newest card bought with one base and one Battery action', () => {
    let s = fixture({ p0: { hand: ['dr1'], equipment: ['ba1'] }, market: ['sg1', 'sg2'] });
    s = act(s, 0, { type: 'draw' }).state;
    s = act(s, 0, { type: 'battery', card: C('ba1') }).state;
    expect([s.actions, s.extra]).toEqual([3, 2]);
    expect(refused(s, 0, { type: 'end' })).toBe('actions-left');
    s = act(s, 0, { type: 'buy', which: 'newest' }).state;
    expect([s.actions, s.extra]).toEqual([1, 1]);
    expect(legal(s, 0)).toContainEqual({ type: 'end' });
  });
  it('U3 under rules 1 (archived games) every action had to be taken while one could be', () => {
    let s = charged(1);
    s = act(s, 0, { type: 'draw' }).state;
    s = act(s, 0, { type: 'draw' }).state;
    expect([s.actions, s.extra]).toEqual([2, 0]);
    expect(refused(s, 0, { type: 'end' })).toBe('actions-left');
    expect(legal(s, 0)).not.toContainEqual({ type: 'end' });
  });
});

describe('U9 Battery actions at most once per turn (rules 2)', () => {
  const two = (rules: 1 | 2) =>
    fixture({ p0: { hand: ['dr1'], equipment: ['ba1', 'ba2'] }, p1: { shields: ['lc1'] }, rules });

  it('U9 a second Battery may still be discarded, for nothing', () => {
    let s = act(two(2), 0, { type: 'battery', card: C('ba1') }).state;
    expect([s.actions, s.charged]).toEqual([4, true]);
    expect(legal(s, 0)).toContainEqual({ type: 'battery', card: C('ba2') });
    const { state, events } = act(s, 0, { type: 'battery', card: C('ba2') });
    expect(events).toEqual([{ type: 'battery', seat: 0, card: C('ba2'), actions: 4, gained: 0 }]);
    expect(shieldsUp.describe(events[0]!, ['Ana', 'Ben'])).toMatch(/for nothing/);
    expect(state.actions).toBe(4);
    expect(state.players[0].equipment).toEqual([]);
    expect(state.discard).toEqual([C('ba1'), C('ba2')]);
    // A new turn charges again.
    s = fixture({ p0: { equipment: ['ba1'] }, charged: true, extra: 2, turn: 1, p1: { hand: ['dr1'] } });
    s = act(s, 1, { type: 'draw' }).state;
    s = act(s, 1, { type: 'draw' }).state;
    expect([s.turn, s.charged, s.extra]).toEqual([0, false, 0]);
    expect(act(s, 0, { type: 'battery', card: C('ba1') }).state.actions).toBe(4);
  });
  it('U9 with its actions spent, a player whose only Battery would give nothing has nothing to do: the turn ends', () => {
    const spent = (rules: 1 | 2) =>
      fixture({ p0: { hand: ['dr1'], equipment: ['ba2'] }, actions: 1, extra: rules - 1, charged: rules === 2, rules });
    const s = act(spent(2), 0, { type: 'shield', card: C('dr1') });
    expect(types(s.events)).toEqual(['shield', 'turn-end', 'market', 'turn']);
    expect(s.state.players[0].equipment).toEqual([C('ba2')]);
    // Rules 1: the Battery would give two more actions, so the turn waits.
    const old = act(spent(1), 0, { type: 'shield', card: C('dr1') }).state;
    expect([old.turn, old.actions]).toEqual([0, 0]);
    expect(legal(old, 0)).toEqual([{ type: 'end' }, { type: 'battery', card: C('ba2') }]);
  });
  it('U9 under rules 1 (archived games) each Battery gave two actions', () => {
    let s = act(two(1), 0, { type: 'battery', card: C('ba1') }).state;
    const { state, events } = act(s, 0, { type: 'battery', card: C('ba2') });
    expect(events).toEqual([{ type: 'battery', seat: 0, card: C('ba2'), actions: 6 }]);
    s = state;
    expect(s.actions).toBe(6);
  });

  /**
   * The stall found by the audit (issue 30): both piles empty and the market too; the player holds a Battery.
   * Build it, discard it, draw it back (the one-card discard pile is reshuffled, which takes no roll), and again.
   */
  const loop = (rules: 1 | 2) =>
    fixture({
      p0: { hand: ['ba1'], shields: ['lc1', 'lc2', 'lc3'] },
      p1: { shields: ['sm1', 'sm2', 'sm3'] },
      draw: [],
      spare: 'p1.hand',
      rules,
    });
  /** The staller's choice: use the Battery, build it, draw it back; end the turn only when nothing else is left. */
  const stall = (s: ShieldsUpState): ShieldsUpAction => {
    const options = legal(s, s.turn);
    const first = (type: string) => options.find((a) => a.type === type && (!('card' in a) || a.card === C('ba1')));
    return first('battery') ?? first('build') ?? first('draw') ?? options[0]!;
  };

  it('U9 the Battery loop: under rules 1 it goes round for ever, the position coming back every three actions', () => {
    let s = loop(1);
    s = act(s, 0, stall(s)).state; // build
    s = act(s, 0, stall(s)).state; // battery: 3 actions
    const start = JSON.stringify(s);
    for (let cycle = 0; cycle < 1000; cycle++) {
      for (const expected of ['draw', 'build', 'battery']) {
        const a = stall(s);
        expect(a.type).toBe(expected);
        s = act(s, 0, a).state;
      }
      if (cycle % 100 === 0) expect(JSON.stringify(s)).toBe(start);
    }
    expect(JSON.stringify(s)).toBe(start);
    expect([s.turn, s.turns, s.result]).toEqual([0, 1, null]);
  });
  it(`U9 the Battery loop ends under rules 2, within the bound of ${MAX_ENTRIES_PER_TURN} entries a turn`, () => {
    let s = loop(2);
    const taken: string[] = [];
    while (s.turn === 0) {
      expect(taken.length).toBeLessThan(MAX_ENTRIES_PER_TURN);
      const a = stall(s);
      taken.push(a.type);
      s = act(s, 0, a).state;
    }
    // The Battery gives its two actions once; built again, it would give nothing, and with nothing left to do the
    // turn ends, the Battery staying in play for a later turn.
    expect(taken).toEqual(['build', 'battery', 'draw', 'build']);
    expect([s.turn, s.turns]).toEqual([1, 2]);
    expect(s.players[0].equipment).toEqual([C('ba1')]);
  });
  it(`U9 a stall-seeking player never repeats a position inside a turn, nor takes more than ${MAX_ENTRIES_PER_TURN} actions in one`, () => {
    // Over random games: prefer an action leading back to a position already seen this turn, then the Battery,
    // draws, builds and buys; end the turn only when nothing else is legal.
    const prefer = ['battery', 'draw', 'build', 'buy', 'shield', 'play', 'strike', 'end'];
    let longest = 0;
    for (let g = 0; g < 40; g++) {
      const dice = seededDice(90000 + g);
      let s = shieldsUp.setup({}, 2, dice).state;
      let turn = s.turns;
      let seen = new Set<string>([JSON.stringify(s)]);
      let entries = 0;
      while (!s.result) {
        const seat = shieldsUp.toAct(s)[0]!;
        const options = legal(s, seat);
        const steps = options.map((a) => {
          const step = shieldsUp.apply(s, seat, a, dice);
          if (!step.ok) throw new Error(`a legal action was refused: ${step.code}`);
          return { a, state: step.state };
        });
        const back = steps.find((x) => x.state.turns === turn && seen.has(JSON.stringify(x.state)));
        const rank = (a: ShieldsUpAction) => prefer.indexOf(a.type) * 100 + dice.roll(100);
        const chosen = back ?? steps.map((x) => ({ ...x, r: rank(x.a) })).sort((x, y) => x.r - y.r)[0]!;
        s = chosen.state;
        entries++;
        if (s.turns !== turn) {
          turn = s.turns;
          seen = new Set();
          entries = 0;
        }
        const key = JSON.stringify(s);
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        expect(entries).toBeLessThanOrEqual(MAX_ENTRIES_PER_TURN);
        longest = Math.max(longest, entries);
      }
      expect(s.turns).toBeLessThanOrEqual(TURN_LIMIT);
    }
    expect(longest).toBeGreaterThan(2);
    process.stdout.write(`shields-up: a stall-seeking player's longest turn held ${longest} entries\n`);
  });
});

describe('U10 table decisions made in play, now ruled', () => {
  it.each([1, 2] as const)('U10 Smuggle with nothing to steal may be played, and finds nothing (rules %i)', (rules) => {
    const s = fixture({ p0: { hand: ['sg1', 'dr1'] }, p1: {}, rules });
    expect(legal(s, 0)).toContainEqual({ type: 'play', card: C('sg1') });
    const { state, events } = act(s, 0, { type: 'play', card: C('sg1') });
    expect(events).toEqual([
      { type: 'play', seat: 0, card: C('sg1') },
      { type: 'smuggle', seat: 0, zone: null },
    ]);
    expect(state.players[0].hand).toEqual([C('dr1')]);
    expect(state.discard).toEqual([C('sg1')]);
    expect(state.actions).toBe(1);
  });
  it.each([1, 2] as const)(
    "U10 a card smuggled from equipment that completes the thief's set resolves at once, for the thief (rules %i)",
    (rules) => {
      const s = fixture({
        p0: { hand: ['sg1'], equipment: ['dr1', 'dr2'], shields: ['lc1'] },
        p1: { equipment: ['dr3'], shields: ['pc1', 'pc2', 'pc3'] },
        rules,
      });
      const { state, events } = act(s, 0, { type: 'play', card: C('sg1'), zone: 'equipment', target: C('dr3') });
      expect(types(events)).toEqual([
        'play',
        'smuggle',
        'set',
        'strike',
        'destroyed',
        'destroyed',
        'destroyed',
        'ship-destroyed',
        'game-over',
      ]);
      expect(events[2]).toEqual({
        type: 'set',
        seat: 0,
        kind: 'death-ray',
        cards: [C('dr1'), C('dr2'), C('dr3')],
        damage: 4,
      });
      expect(events[3]).toMatchObject({ by: 0, against: 1, damage: 4 });
      // Three shields for four damage: all go, and the fourth point destroys the ship.
      expect(state.players[0].equipment).toEqual([]);
      expect(state.players[1].destroyed).toBe(true);
      expect(shieldsUp.result(state)).toMatchObject({ winners: [0] });
    },
  );
  it.each([1, 2] as const)(
    'U10 Space Mine counter-strikes come after the whole wave, one point per mine, in the order revealed (rules %i)',
    (rules) => {
      let s = fixture({
        p0: { hand: ['lc2'], equipment: ['lc1'], shields: ['dr1', 'sm3', 'dr2'] },
        p1: { shields: ['sm1', 'pc1', 'sm2'] },
        rules,
      });
      s = act(s, 0, { type: 'build', card: C('lc2') }).state;
      expect(s.strike).toEqual({ by: 0, against: 1, left: 2, mines: 0 });
      const first = act(s, 0, { type: 'strike', shield: 0 });
      // The first mine is revealed, and the wave goes on before anything strikes back.
      expect(first.events).toEqual([{ type: 'destroyed', by: 0, seat: 1, slot: 0, card: C('sm1'), mine: true }]);
      expect(first.state.strike).toEqual({ by: 0, against: 1, left: 1, mines: 1 });
      expect(shieldsUp.toAct(first.state)).toEqual([0]);
      const second = act(first.state, 0, { type: 'strike', shield: 1 });
      expect(second.events).toEqual([
        { type: 'destroyed', by: 0, seat: 1, slot: 1, card: C('sm2'), mine: true },
        { type: 'strike', by: 1, against: 0, damage: 2, counter: true },
      ]);
      // The counter-strike: seat 1 picks two of seat 0's three shields; the mine among them strikes back after it.
      const back1 = act(second.state, 1, { type: 'strike', shield: 1 });
      expect(back1.events).toEqual([{ type: 'destroyed', by: 1, seat: 0, slot: 1, card: C('sm3'), mine: true }]);
      expect(back1.state.strike).toEqual({ by: 1, against: 0, left: 1, mines: 1 });
      const back2 = act(back1.state, 1, { type: 'strike', shield: 0 });
      expect(back2.events).toEqual([
        { type: 'destroyed', by: 1, seat: 0, slot: 0, card: C('dr1'), mine: false },
        { type: 'strike', by: 0, against: 1, damage: 1, counter: true },
        { type: 'destroyed', by: 0, seat: 1, slot: 0, card: C('pc1'), mine: false },
      ]);
      expect(back2.state.strike).toBeNull();
      expect(back2.state.players.map((p) => p.shields)).toEqual([[C('dr2')], []]);
      // The wave's striker goes on with the turn.
      expect([back2.state.turn, back2.state.actions]).toEqual([0, 1]);
    },
  );

  // Seat 1 has no card in hand, nothing to draw or buy, no Battery: all 18 cards placed.
  it.each([1, 2] as const)('U10 a player who can do nothing passes (rules %i)', (rules) => {
    let s = fixture({
      p0: { hand: ['pc2', 'dr3', 'pc3', 'ba1', 'ba2', 'sg1', 'sg2', 'th1', 'th2'], shields: ['sm1', 'sm2', 'sm3'] },
      p1: { shields: ['lc1', 'lc2', 'lc3'], equipment: ['dr1', 'dr2', 'pc1'] },
      draw: [],
      rules,
    });
    s = act(s, 0, { type: 'build', card: C('pc2') }).state;
    const { state, events } = act(s, 0, { type: 'build', card: C('dr3') });
    expect(types(events)).toEqual(['build', 'turn-end', 'turn', 'turn-end', 'turn']);
    expect(events.filter((e) => e.type === 'turn')).toEqual([
      { type: 'turn', seat: 1, turn: 2 },
      { type: 'turn', seat: 0, turn: 3 },
    ]);
    expect([state.turn, state.actions, state.turns]).toEqual([0, 2, 3]);
  });
});
