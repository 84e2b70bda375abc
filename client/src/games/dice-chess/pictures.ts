// Dice Chess rules pictures, drawn by the board's own die renderer and the shared move generator, then kept as
// images: the moves of a 1, a 3 and a 6, a capture and its reroll, and the progress marks of C7.
import { Container, Graphics } from 'pixi.js';
import { drawPictures as renderPictures } from '../../engine/pictures';
import { parseBoard, squareIndex } from '@dicehall/shared/dice-chess';
import { targetsFrom } from '@dicehall/shared/dice-chess';
import { isEffective, positionState, reachOf } from '@dicehall/shared/dice-chess';
import { DANGER, DARK, LIGHT, pipDie } from './look';
import { drawProgressMark } from './progress';

const SQ = 34;

interface Scene {
  /** Board notation rows 8→1 of the cropped area, as in the rules' examples (digits: first seat, letters: second). */
  rows: string[];
  /** The crop's lower-left square, for the move generator. */
  corner: string;
  /** Squares whose moves are drawn: dots, capture rings, or arrows where `progress` lists them. */
  show?: string[];
  /** Dice that have stood further forward than where they are, with the furthest rank they reached (C7). */
  reached?: Record<string, number>;
  selected?: string;
}

/** One small board: the cropped squares, the dice, and the marks for `show`. */
function drawScene(s: Scene): Container {
  const scene = new Container();
  const g = new Graphics();
  scene.addChild(g);
  const h = s.rows.length;
  const w = s.rows[0]?.length ?? 0;
  const f0 = s.corner.charCodeAt(0) - 97;
  const r0 = Number(s.corner[1]) - 1;
  // The crop on a full 8×8 board, so the real move generator (C4, C5) decides every mark.
  const full = Array.from({ length: 8 }, (_, r) => {
    const row = s.rows[h - 1 - (r - r0)];
    return Array.from({ length: 8 }, (_, f) => (row && f >= f0 && f < f0 + w ? row[f - f0] : '.')).join('');
  })
    .reverse()
    .join('/');
  const board = parseBoard(full);
  // The shared rules say which moves are progress, from each die's furthest rank.
  const reach = reachOf(board);
  for (const [sq, rank] of Object.entries(s.reached ?? {}))
    reach[squareIndex(sq)] = board[squareIndex(sq)]! > 0 ? rank - 1 : 8 - rank;
  const state = positionState(board, 0, { reach });
  const at = (sq: number): [number, number] => [((sq & 7) - f0 + 0.5) * SQ, (h - 1 - ((sq >> 3) - r0) + 0.5) * SQ];
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      g.rect(c * SQ, r * SQ, SQ, SQ).fill((c + f0 + (h - 1 - r + r0)) % 2 === 1 ? LIGHT : DARK);
    }
  if (s.selected) {
    const [x, y] = at(squareIndex(s.selected));
    g.rect(x - SQ / 2, y - SQ / 2, SQ, SQ).fill({ color: 0xffffff, alpha: 0.3 });
  }
  const marks = new Graphics();
  for (const from of s.show ?? []) {
    for (const to of targetsFrom(board, squareIndex(from))) {
      const inside = (to & 7) >= f0 && (to & 7) < f0 + w && to >> 3 >= r0 && to >> 3 < r0 + h;
      if (!inside) continue;
      const [x, y] = at(to);
      if (board[to] !== 0) marks.circle(x, y, SQ * 0.44).stroke({ width: 3, color: DANGER, alpha: 0.95 });
      else if (isEffective(state, squareIndex(from), to))
        drawProgressMark(marks, x, y, SQ, board[squareIndex(from)]! > 0);
      else marks.circle(x, y, SQ * 0.15).fill({ color: 0xffffff, alpha: 0.7 });
    }
  }
  board.forEach((cell, sq) => {
    if (cell === 0) return;
    const die = pipDie(SQ * 0.78, cell > 0 ? 0 : 1, Math.abs(cell));
    die.container.position.set(...at(sq));
    scene.addChild(die.container);
  });
  scene.addChild(marks);
  return scene;
}

const SCENES: Record<string, Scene[]> = {
  moves: [
    { rows: ['.....', '.....', '..1..', '.....', '.....'], corner: 'b2', show: ['d4'] },
    { rows: ['.....', '.....', '..3..', '.....', '.....'], corner: 'b2', show: ['d4'] },
    { rows: ['.....', '.....', '..6..', '.....', '.....'], corner: 'b2', show: ['d4'] },
  ],
  capture: [
    { rows: ['...', '.b.', '.3.'], corner: 'b4', show: ['c4'], selected: 'c4' },
    { rows: ['...', '.2.', '...'], corner: 'b4' },
  ],
  progress: [
    // The 4 has been to b3 and come back: b3 again is no progress (a dot); the 5 beside it has never left rank 2.
    { rows: ['....', '.45.', '....'], corner: 'a1', show: ['b2'], selected: 'b2', reached: { b2: 3 } },
    { rows: ['....', '.45.', '....'], corner: 'a1', show: ['c2'], selected: 'c2', reached: { b2: 3 } },
  ],
};

/** Replaces each `[data-picture]` placeholder's text diagram with pictures of its scenes. */
export const drawPictures = (root: HTMLElement) =>
  renderPictures(
    root,
    Object.fromEntries(Object.entries(SCENES).map(([name, list]) => [name, () => list.map(drawScene)])),
  );
