// The Dice Chess board's input state machine, without a browser: taps and drags on the real rules' views and legal
// moves select, move, swap and confirm exactly as the board promises (C2 arrangement, C4 moves).
import { seededDice } from '@dicehall/shared';
import { diceChess, type DiceChessState, type DiceChessView } from '@dicehall/shared/dice-chess';
import { BoardInput, type Facts, type Move } from '../../client/src/games/dice-chess/controller';
import { sqIndex } from '../../client/src/games/dice-chess/layout';

const identity = (n: number) => Array.from({ length: n }, (_, i) => i);

function facts(state: DiceChessState, seat: 0 | 1 | null, game = 'g1:1'): Facts {
  return {
    view: diceChess.view(state, seat) as DiceChessView,
    legal: seat === null ? [] : diceChess.legalActions(state, seat),
    mySeat: seat,
    playing: true,
    game,
  };
}

function playing(seed = 7): DiceChessState {
  return diceChess.setup({ placement: 'random' }, 2, seededDice(seed)).state;
}

function arranging(seed = 7): DiceChessState {
  return diceChess.setup({ placement: 'arrange' }, 2, seededDice(seed)).state;
}

describe('Dice Chess board input', () => {
  it('C4 a tap on a die with moves selects it, a tap on one of its targets sends that move', () => {
    const s = playing();
    const seat = diceChess.toAct(s)[0] as 0 | 1;
    const input = new BoardInput(identity);
    input.load(facts(s, seat));
    const move = (diceChess.legalActions(s, seat) as Move[])[0]!;
    expect(input.press(sqIndex(move.from), 0, 0)).toBe('changed');
    expect(input.selected).toBe(sqIndex(move.from));
    input.release(sqIndex(move.from));
    expect(input.press(sqIndex(move.to), 0, 0)).toEqual({ send: move });
    expect(input.selected).toBeNull();
  });

  it('C4 dragging a die onto a legal square sends the move; onto an illegal one only redraws', () => {
    const s = playing(11);
    const seat = diceChess.toAct(s)[0] as 0 | 1;
    const input = new BoardInput(identity);
    input.load(facts(s, seat));
    const move = (diceChess.legalActions(s, seat) as Move[])[0]!;
    const from = sqIndex(move.from);
    input.press(from, 100, 100);
    expect(input.moveTo(102, 101)).toBe(false); // inside the slop: still a tap
    expect(input.moveTo(140, 100)).toBe(true);
    expect(input.release(sqIndex(move.to))).toEqual({ send: move });
    const illegal = [...Array(64).keys()].find(
      (sq) => !input.targets(from).some((m) => sqIndex(m.to) === sq) && sq !== from,
    )!;
    input.press(from, 100, 100);
    input.moveTo(160, 100);
    expect(input.release(illegal)).toBe('redraw');
  });

  it('a second tap on the selected die puts it down', () => {
    const s = playing();
    const seat = diceChess.toAct(s)[0] as 0 | 1;
    const input = new BoardInput(identity);
    input.load(facts(s, seat));
    const from = sqIndex((diceChess.legalActions(s, seat) as Move[])[0]!.from);
    input.press(from, 0, 0);
    input.release(from);
    input.press(from, 0, 0);
    expect(input.release(from)).toBe('changed');
    expect(input.selected).toBeNull();
  });

  it('nothing moves for the seat not to move, nor for a spectator', () => {
    const s = playing();
    const other = (1 - diceChess.toAct(s)[0]!) as 0 | 1;
    for (const seat of [other, null]) {
      const input = new BoardInput(identity);
      input.load(facts(s, seat));
      expect(input.canMove()).toBe(false);
      const own = input.view!.board.find((d) => d.owner === other)!.square;
      expect(input.press(sqIndex(own), 0, 0)).toBe('none');
      expect(input.selected).toBeNull();
    }
  });

  it('C2 arranging: two taps on home squares swap their dice, and confirm sends the order once', () => {
    const s = arranging();
    const input = new BoardInput(identity);
    input.load(facts(s, 0));
    expect(input.canArrange()).toBe(true);
    const homes = input.view!.homeSquares[0].map(sqIndex);
    const before = input.arranged();
    input.press(homes[0]!, 0, 0);
    input.release(homes[0]!);
    expect(input.press(homes[5]!, 0, 0)).toBe('changed');
    const after = input.arranged();
    expect(after[0]).toBe(before[5]);
    expect(after[5]).toBe(before[0]);
    expect(input.order!.slice(0, 6)).toEqual([5, 1, 2, 3, 4, 0]);
    const sent = input.confirm();
    expect(sent).toEqual({ send: { type: 'arrange', order: input.order } });
    // While the confirmation is on its way the arrangement is closed; a lost one opens it again.
    expect(input.canArrange()).toBe(false);
    expect(input.confirm()).toBe('none');
    expect(input.confirmLost()).toBe('changed');
    expect(input.canArrange()).toBe(true);
  });

  it('C2 a press outside the home squares during the arrangement drops the selection', () => {
    const s = arranging();
    const input = new BoardInput(identity);
    input.load(facts(s, 1));
    const homes = input.view!.homeSquares[1].map(sqIndex);
    input.slot(0);
    expect(input.selected).toBe(homes[0]);
    const away = [...Array(64).keys()].find((sq) => !homes.includes(sq))!;
    expect(input.press(away, 0, 0)).toBe('changed');
    expect(input.selected).toBeNull();
  });

  it('C2 a new game starts a new private shuffle; the same game keeps the arrangement being built', () => {
    const s = arranging();
    const shuffles: number[][] = [];
    const input = new BoardInput((n) => {
      const o = identity(n).reverse();
      shuffles.push(o);
      return o;
    });
    input.load(facts(s, 0, 'g1:1'));
    input.slot(0);
    input.slot(1);
    const built = input.order!.slice();
    input.load(facts(s, 0, 'g1:1'));
    expect(input.order).toEqual(built);
    input.load(facts(s, 0, 'g2:1'));
    expect(shuffles).toHaveLength(2);
    expect(input.order).toEqual(identity(16).reverse());
  });

  it('a selection whose die lost its moves is dropped on the next snapshot', () => {
    const s = playing();
    const seat = diceChess.toAct(s)[0] as 0 | 1;
    const input = new BoardInput(identity);
    input.load(facts(s, seat));
    input.press(sqIndex((diceChess.legalActions(s, seat) as Move[])[0]!.from), 0, 0);
    expect(input.selected).not.toBeNull();
    input.load({ ...facts(s, seat), legal: [] });
    expect(input.selected).toBeNull();
    expect(input.drag).toBeNull();
  });
});
