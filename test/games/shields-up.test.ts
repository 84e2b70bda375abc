// Shields Up: every ruling U1–U7 from compact fixtures and scripted dice (U8's secrets: shields-up-secrets.test.ts).
import { RecordingDice, scripted, type GameEvent, type Seat } from '@dicehall/shared';
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
  const withBattery = (actions = 2) =>
    fixture({ p0: { hand: ['dr1', 'dr2'], equipment: ['ba1'] }, p1: { shields: ['lc1', 'lc2', 'lc3'] }, actions });

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
  it("U3 never in the opponent's turn, and unused extra actions end with the turn", () => {
    const theirs = fixture({ p0: { equipment: ['ba1'] }, turn: 1 });
    expect(legal(theirs, 0)).toEqual([]);
    expect(refused(theirs, 0, { type: 'battery', card: C('ba1') })).toBe('not-your-turn');
    const s = act(withBattery(0), 0, { type: 'battery', card: C('ba1') }).state;
    const s2 = act(s, 0, { type: 'draw' }).state;
    expect(s2.actions).toBe(1);
    // The Battery's actions are spent like the others: ending early is refused while one can be taken.
    expect(refused(s2, 0, { type: 'end' })).toBe('actions-left');
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

describe('the turn limit (ruling proposal)', () => {
  it(`U3 the lone Hijinks passed back and forth loops for ever; at turn ${TURN_LIMIT} the game is drawn`, () => {
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
