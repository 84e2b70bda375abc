// Shields Up U8: a hand, a face-down shield or the deck order never reaches the opponent or a spectator, in views,
// events or the public log lines; swapping hidden cards around leaves the others' views unchanged.
import {
  advance,
  pick,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type GameEvent,
  type Seat,
} from '@dicehall/shared';
import { CARD_IDS, shieldsUp, type ShieldsUpState, type ShieldsUpView } from '@dicehall/shared/shields-up';
import { C, fixture, hiddenFrom, randomGame } from './shields-up-fixture';

const SEATS: Array<Seat | null> = [0, 1, null];
const ID_RE = new RegExp(CARD_IDS.map((id) => id.replace(/-/g, '\\-')).join('|'), 'g');
/** Every card id written anywhere in `x`, once serialized. */
const idsIn = (x: unknown): string[] => JSON.stringify(x).match(ID_RE) ?? [];
const publicCards = (s: ShieldsUpState) =>
  new Set([...s.discard, ...s.market.filter((c): c is string => c !== null), ...s.players.flatMap((p) => p.equipment)]);
/**
 * Cards public at some moment of a step: public before or after it; after a reshuffle, also the new draw pile
 * (it was the face-up discard pile a moment ago, where a card just resolved may have gone).
 */
const publicDuring = (before: ShieldsUpState, after: ShieldsUpState, events: GameEvent[]) =>
  new Set([
    ...publicCards(before),
    ...publicCards(after),
    ...(events.some((e) => e.type === 'reshuffle') ? after.draw : []),
  ]);

/** Shuffles the cards hidden from `seat` among their places, keeping every zone's size. */
function reshuffleHidden(s: ShieldsUpState, seat: Seat | null, seed: number): ShieldsUpState {
  const t: ShieldsUpState = structuredClone(s);
  const cards = hiddenFrom(s, seat);
  const dice = seededDice(seed);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1) - 1;
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  let k = 0;
  const refill = (xs: string[]) => xs.map(() => cards[k++]);
  t.draw = refill(t.draw);
  t.players.forEach((p, i) => {
    if (i === seat) return;
    p.hand = refill(p.hand);
    p.shields = refill(p.shields);
  });
  return t;
}

describe('U8 secrets', () => {
  it('U8 the owner sees their hand and shields; the opponent and spectators see counts and card backs', () => {
    const s = fixture({
      p0: { hand: ['dr1', 'sm1'], shields: ['sm2', 'lc1'], equipment: ['pc1'] },
      p1: { hand: ['th1'], shields: ['ba1'] },
      market: ['sg1', 'sg2'],
    });
    const own = shieldsUp.view(s, 0) as ShieldsUpView;
    expect(own.players[0]).toEqual({
      hand: [C('dr1'), C('sm1')],
      handCount: 2,
      shields: [C('sm2'), C('lc1')],
      equipment: [C('pc1')],
      destroyed: false,
    });
    expect(own.players[1]).toEqual({ hand: null, handCount: 1, shields: [null], equipment: [], destroyed: false });
    const spectator = shieldsUp.view(s, null) as ShieldsUpView;
    expect(spectator.players.map((p) => [p.hand, p.shields])).toEqual([
      [null, [null, null]],
      [null, [null]],
    ]);
    expect(spectator.market).toEqual([C('sg1'), C('sg2')]);
    expect(spectator.drawCount).toBe(s.draw.length);
    expect(idsIn(spectator).sort()).toEqual([C('pc1'), C('sg1'), C('sg2')].sort());
  });

  it("U8 in every position of random games, a view names only public cards and its own seat's", () => {
    let checked = 0;
    for (let g = 0; g < 100; g++) {
      randomGame(40000 + g, (_before, _seat, _a, after) => {
        const open = publicCards(after);
        for (const seat of SEATS) {
          const own = seat === null ? [] : [...after.players[seat].hand, ...after.players[seat].shields];
          const allowed = new Set([...open, ...own]);
          const seen = idsIn(shieldsUp.view(after, seat));
          const leaked = seen.filter((id) => !allowed.has(id));
          expect(leaked).toEqual([]);
          const hidden = new Set(hiddenFrom(after, seat));
          expect(seen.filter((id) => hidden.has(id))).toEqual([]);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(10000);
  });

  it('U8 events name a card only when it is public before or after (a card becomes public when revealed)', () => {
    let named = 0;
    for (let g = 0; g < 200; g++) {
      const { setup } = randomGame(50000 + g, (before, _seat, _a, after, events) => {
        const open = publicDuring(before, after, events);
        for (const id of idsIn(events)) {
          expect(open.has(id)).toBe(true);
          named++;
        }
      });
      const open = publicCards(setup.state);
      for (const id of idsIn(setup.events)) expect(open.has(id)).toBe(true);
    }
    expect(named).toBeGreaterThan(5000);
  });

  it('U8 moving the hidden cards around changes nothing the opponent or a spectator is shown', () => {
    let compared = 0;
    for (let g = 0; g < 60; g++) {
      randomGame(60000 + g, (_b, _s, _a, after) => {
        for (const seat of SEATS) {
          const other = reshuffleHidden(after, seat, compared);
          expect(shieldsUp.view(other, seat)).toEqual(shieldsUp.view(after, seat));
          compared++;
        }
      });
    }
    // And the owner does see the difference: the check is not vacuous.
    const s = fixture({ p0: { hand: ['dr1'] }, p1: { hand: ['dr2'] } });
    const swapped = fixture({ p0: { hand: ['dr2'] }, p1: { hand: ['dr1'] } });
    expect(shieldsUp.view(swapped, null)).toEqual(shieldsUp.view(s, null));
    expect(shieldsUp.view(swapped, 0)).not.toEqual(shieldsUp.view(s, 0));
    expect(compared).toBeGreaterThan(5000);
  });

  it('U8 only the replay of a finished game (openView) shows every hand and shield, face up', () => {
    const s = fixture({
      p0: { hand: ['dr1'], shields: ['sm1'] },
      p1: { hand: ['th1', 'sg1'], shields: ['ba1', 'lc1'] },
    });
    const open = shieldsUp.openView!(s) as ShieldsUpView;
    expect(open.players.map((p) => [p.hand, p.shields])).toEqual([
      [[C('dr1')], [C('sm1')]],
      [
        [C('th1'), C('sg1')],
        [C('ba1'), C('lc1')],
      ],
    ]);
    // The draw pile's order stays out of it: only its count.
    expect(idsIn(open).filter((id) => s.draw.includes(id))).toEqual([]);
    expect(open.drawCount).toBe(s.draw.length);
  });

  it('U8 the public log lines (events, no action, no rolls for a secret-roll module) carry no hidden card', () => {
    expect(shieldsUp.secretRolls).toBe(true);
    for (let g = 0; g < 40; g++) {
      const bot = seededDice(g);
      const dice = new RecordingDice(seededDice(70000 + g));
      const start = startTable(shieldsUp, {}, 2, dice);
      if (!start.ok) throw new Error(start.message);
      let table = start.table;
      // A card hidden from spectators both before and after an entry, and never public in between, is never named.
      const check = (before: ShieldsUpState | null, events: GameEvent[]) => {
        const after = table.state as ShieldsUpState;
        const open = publicDuring(before ?? after, after, events);
        const line = JSON.stringify({ events });
        for (const id of hiddenFrom(after, null)) if (!open.has(id)) expect(line).not.toContain(`"${id}"`);
      };
      check(null, start.entry.events);
      while (!resultOf(shieldsUp, table)) {
        const state = table.state as ShieldsUpState;
        const seat = shieldsUp.toAct(state)[0];
        const step = advance(shieldsUp, table, seat, 'action', pick(bot, shieldsUp.legalActions(state, seat)), dice);
        if (!step.ok) throw new Error(step.message);
        table = step.table;
        check(state, step.entry.events);
      }
    }
  });
});
