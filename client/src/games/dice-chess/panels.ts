// Beside the Dice Chess board: each side's panel (name and state, dice on the board with their total, captured dice
// with theirs) and the no-effective-play counter of C7.
import { Container, Graphics } from 'pixi.js';
import type { DiceChessView } from '@dicehall/shared/dice-chess';
import type { Die } from '../../engine/die';
import { clamp } from '../../engine/layout';
import { Label } from '../../engine/text';
import type { Layout, Seat } from './layout';
import { DANGER, INK, MUTED, pipDie, SEAT_COLORS, setPipDie, WARN } from './look';
import { quietNote, quietWords } from './progress';

/** One side's panel. */
class SidePanel {
  readonly container = new Container();
  readonly frame = new Graphics();
  readonly name = new Label({ size: 18, color: INK, weight: 700 });
  readonly stats = new Label({ size: 14, color: MUTED });
  readonly taken = new Label({ size: 14, color: MUTED });
  readonly dice: Die[] = [];

  constructor() {
    this.container.addChild(this.frame, this.name.text, this.stats.text, this.taken.text);
  }

  /** The `i`th small die, shown at (x, y). */
  mini(i: number, size: number, owner: Seat, value: number, x: number, y: number) {
    while (this.dice.length <= i) {
      const d = pipDie(size, owner, value);
      this.dice.push(d);
      this.container.addChild(d.container);
    }
    const d = this.dice[i]!;
    d.container.visible = true;
    setPipDie(d, size, owner, value);
    d.container.position.set(x, y);
  }
}

export interface Names {
  /** A seat's name as the panels show it ("Ana (you)"). */
  of(seat: Seat): string;
}

export class Panels {
  private panels = [new SidePanel(), new SidePanel()];
  private quietBar = new Graphics();
  private quietLabel = new Label({ size: 14, color: MUTED });
  private quietNote = new Label({ size: 13, color: MUTED });

  parts() {
    return [...this.panels.map((p) => p.container), this.quietBar, this.quietLabel.text, this.quietNote.text];
  }

  draw(L: Layout, v: DiceChessView, bottom: Seat, me: Seat | null, names: Names) {
    for (const pos of [0, 1] as const) {
      const seat: Seat = pos === 1 ? bottom : bottom === 0 ? 1 : 0;
      this.drawPanel(this.panels[pos]!, L.panels[pos], L, v, seat, me, names);
    }
    this.drawQuiet(L, v);
  }

  private drawPanel(
    p: SidePanel,
    box: Layout['quiet'],
    L: Layout,
    v: DiceChessView,
    seat: Seat,
    me: Seat | null,
    names: Names,
  ) {
    const enemy: Seat = seat === 0 ? 1 : 0;
    const result = v.result;
    const arranging = v.phase === 'arrange';
    const toMove = arranging ? !v.confirmed[seat] : v.phase === 'play' && v.turn === seat;
    const won = !!result && result.winners.includes(seat);
    let state = '';
    if (arranging) state = v.confirmed[seat] ? 'ready' : 'arranging…';
    else if (result) state = result.draw ? 'draw' : won ? 'wins' : '';
    else if (toMove) state = 'to move';

    const f = p.frame.clear();
    if (!L.portrait) {
      f.roundRect(box.x, box.y, box.w, box.h, 10).fill({ color: 0x0f1a14, alpha: 0.55 });
      if (toMove || won) f.roundRect(box.x, box.y, box.w, box.h, 10).stroke({ width: 3, color: SEAT_COLORS[seat] });
    } else if (toMove || won) {
      // A bar in the side's colour beside its strip marks whose move it is.
      f.roundRect(box.x, box.y + 3, 5, box.h - 8, 2).fill(SEAT_COLORS[seat]);
    }
    const name = state ? `${names.of(seat)} · ${state}` : names.of(seat);
    const onBoard = v.diceOnBoard[seat];
    const rolledTotal = v.rolled[seat].reduce((a, b) => a + b, 0);
    // During the arrangement a side's rolled dice are public but their places are not: show them here,
    // except the viewer's own, which stand on the board. Sorted high to low, they read as what that side has to work with.
    const rolledSorted = [...v.rolled[seat]].sort((x, y) => y - x);
    const hidden = arranging && seat !== me;
    const minis = arranging ? (hidden && !L.portrait ? rolledSorted : []) : v.captured[seat];
    const miniOwner = arranging ? seat : enemy;
    const taken = arranging
      ? hidden && L.portrait
        ? `rolled ${rolledSorted.join(' ')}`
        : ''
      : v.captured[seat].length === 0
        ? L.portrait
          ? 'no captures'
          : 'No captures yet'
        : L.portrait
          ? `took ${v.capturedTotals[seat]} pips`
          : `Captured ${v.captured[seat].length} · ${v.capturedTotals[seat]} pips`;

    if (L.portrait) {
      const x = box.x + 12;
      const right = box.x + box.w - 2;
      const stats = arranging
        ? `rolled ${rolledTotal} pips`
        : `${onBoard} ${onBoard === 1 ? 'die' : 'dice'} · ${v.boardTotals[seat]} pips`;
      p.stats.set(stats, { size: 13, color: INK });
      p.stats.at(right - p.stats.width, box.y + 4);
      p.name.fit(name, { size: 15, color: SEAT_COLORS[seat]!, weight: 700 }, right - p.stats.width - 10 - x);
      p.name.at(x, box.y + 2);
      p.taken.set(taken, { size: 13, color: minis.length || hidden ? INK : MUTED });
      const mini = clamp(Math.floor((box.w - 24 - p.taken.width - 8) / Math.max(8, minis.length)) - 2, 10, 20);
      // The second line starts under the name as drawn, whatever the dice beside it.
      const dy = p.name.y + p.name.height + 1 + Math.max(mini, p.taken.height) / 2;
      minis.forEach((value, i) => {
        p.mini(i, mini, miniOwner, value, x + mini / 2 + i * (mini + 2), dy);
      });
      p.taken.at(x + minis.length * (mini + 2) + (minis.length ? 4 : 0), dy - p.taken.height / 2);
    } else {
      const fs = clamp(Math.round(box.w / 14), 15, 20);
      const x = box.x + 14;
      const stats = arranging
        ? `16 dice rolled, ${rolledTotal} pips`
        : `${onBoard} ${onBoard === 1 ? 'die' : 'dice'} on the board · ${v.boardTotals[seat]} pips`;
      p.name.fit(name, { size: fs + 1, color: SEAT_COLORS[seat]!, weight: 700 }, box.w - 28);
      p.name.at(x, box.y + 8);
      // Each line starts under the one above as drawn (a label's box includes its line height).
      p.stats.fit(stats, { size: fs - 3, color: INK }, box.w - 28);
      p.stats.at(x, p.name.y + p.name.height + 1);
      p.taken.set(taken, { size: fs - 3, color: minis.length ? INK : MUTED }).at(x, p.stats.y + p.stats.height + 1);
      const perRow = 8;
      const mini = clamp(Math.floor((box.w - 28) / perRow) - 5, 12, 28);
      const top = (taken ? p.taken.y + p.taken.height : p.stats.y + p.stats.height) + 4;
      minis.forEach((value, i) => {
        const col = i % perRow;
        const row = Math.floor(i / perRow);
        p.mini(i, mini, miniOwner, value, x + mini / 2 + col * (mini + 5), top + mini / 2 + row * (mini + 6));
      });
    }
    for (let i = minis.length; i < p.dice.length; i++) p.dice[i]!.container.visible = false;
  }

  /** The no-effective-play counter (C7): quiet while far from the limit, loud when the game is about to end. */
  private drawQuiet(L: Layout, v: DiceChessView) {
    const bar = this.quietBar.clear();
    const show = v.phase === 'play' || (v.phase === 'over' && v.result?.reason === 'no-effective-play');
    this.quietLabel.visible = this.quietNote.visible = show;
    if (!show) return;
    const { quiet, quietLimit } = v;
    const left = quietLimit - quiet;
    const near = left <= 2;
    const color = left <= 1 ? DANGER : near ? WARN : quiet > 0 ? INK : MUTED;
    const seg = L.portrait ? 9 : 16;
    const gap = 3;
    const barW = quietLimit * (seg + gap) - gap;
    const fillOf = (i: number) => ({ color: i < quiet ? color : 0xffffff, alpha: i < quiet ? 1 : 0.16 });
    if (L.portrait) {
      // Its own row under the viewer's strip: the bar, then the count in words.
      const x0 = L.quiet.x + 12;
      const y = L.quiet.y + 2;
      for (let i = 0; i < quietLimit; i++) bar.rect(x0 + i * (seg + gap), y + 3, seg, 12).fill(fillOf(i));
      const words = quietWords(quiet, quietLimit, v.phase === 'over', true);
      this.quietLabel.fit(words, { size: 13, color, weight: near ? 700 : 400 }, L.quiet.w - barW - 30);
      this.quietLabel.at(x0 + barW + 8, y);
      this.quietNote.visible = false;
      return;
    }
    const x = L.quiet.x + 14;
    // Fitted to its column (a replay's narrow board cut "Turns without progress: 6 of 6" off), else the short words.
    const look = { size: near ? 17 : 15, color, weight: near ? (700 as const) : (400 as const) };
    const room = L.quiet.w - 28;
    this.quietLabel.fit(quietWords(quiet, quietLimit, v.phase === 'over', false), look, room);
    if (this.quietLabel.width > room)
      this.quietLabel.fit(quietWords(quiet, quietLimit, v.phase === 'over', true), look, room);
    this.quietNote.set(quietNote(left, v.phase === 'over'), {
      size: 13,
      color: near ? color : MUTED,
      wrap: L.quiet.w - 28,
    });
    // Title, bar and note stacked as drawn and centred in the space between the panels; the note goes when it would not fit.
    const barH = 16;
    let total = this.quietLabel.height + 4 + barH + 6 + this.quietNote.height;
    if (total > L.quiet.h) {
      this.quietNote.visible = false;
      total -= 6 + this.quietNote.height;
    }
    const y0 = L.quiet.y + Math.max(0, (L.quiet.h - total) / 2);
    this.quietLabel.at(x, y0);
    const barY = y0 + this.quietLabel.height + 4;
    for (let i = 0; i < quietLimit; i++) bar.roundRect(x + i * (seg + gap), barY, seg, barH, 3).fill(fillOf(i));
    this.quietNote.at(x, barY + barH + 6);
  }
}
