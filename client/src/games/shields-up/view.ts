// The Shields Up card table: the opponent's row at the top (hand as backs, shields, equipment), the market and piles in
// the middle, the viewer's shields and equipment, then the hand along the bottom. Taps pick the server's legal actions:
// a hand card, then its action in a popover; the whole list of moves stays under the board ("All moves").
import { Container, Graphics, type Text } from 'pixi.js';
import { h, render } from 'preact';
import { kindOf } from '@dicehall/shared/shields-up';
import type { Snapshot } from '../../net/store';
import { prefersStill } from '../../engine/layout';
import { makeText, type TextLook } from '../../engine/text';
import type { GameView, ViewContext, ViewFactory } from '../types';
import { ACCENT, cardBack, cardFace, cardSlot, INK, MUTED, tappable, type Mark } from './card';
import { allMoves } from '../all-moves';
import {
  actionLabel,
  buttonLabel,
  cardName,
  popLabel,
  seatName,
  type ShieldsUpAction,
  type ShieldsUpView,
} from './label';

/** The cards revealed by the newest strike, when it happened in one of the last two log entries, with its entry's seq. */
function revealed(snap: Snapshot): { seq: number; cards: string[] } {
  for (const entry of snap.log.slice(-2).reverse()) {
    const cards = entry.events.filter((e) => e.type === 'destroyed').map((e) => String(e.card));
    if (cards.length) return { seq: entry.seq, cards };
  }
  return { seq: -1, cards: [] };
}

/** The pause between two shields turned face up, so a mine chain plays out card by card. */
const REVEAL_MS = 450;

class ShieldsUpTable implements GameView {
  readonly container = new Container();
  private scene = new Container();
  private snap: Snapshot | null = null;
  /** The hand card picked up, whose choices the controls offer. */
  private sel: string | null = null;
  private places = new Map<string, [number, number]>();
  private boxes = new Map<string, [number, number, number, number]>();
  /** The row being drawn (its layer is centred once drawn), and whether the board is a phone's. */
  private row: Container | null = null;
  private narrow = false;
  private destroyed = false;
  private offResize: () => void;
  /** The strike being revealed card by card: its entry, how many cards show so far, and the timer of the next. */
  private reveal = { seq: -1, shown: Infinity };
  private revealTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private ctx: ViewContext) {
    this.container.addChild(this.scene);
    this.offResize = ctx.stage.onResize(() => this.draw());
  }

  update(snap: Snapshot) {
    const first = this.snap === null;
    this.snap = snap;
    const { seq, cards } = revealed(snap);
    const still = prefersStill();
    if (seq !== this.reveal.seq) {
      // A table opened after a strike shows it whole; a strike seen live turns its cards over one at a time.
      this.reveal = { seq, shown: first || still ? Infinity : 1 };
      if (this.revealTimer) clearTimeout(this.revealTimer);
      this.revealTimer = null;
      if (this.reveal.shown < cards.length) this.revealNext(cards.length);
    }
    this.draw();
  }

  private revealNext(total: number) {
    this.revealTimer = setTimeout(() => {
      this.revealTimer = null;
      if (this.destroyed) return;
      this.reveal.shown++;
      if (this.reveal.shown < total) this.revealNext(total);
      this.draw();
    }, REVEAL_MS);
  }

  destroy() {
    this.destroyed = true;
    if (this.revealTimer) clearTimeout(this.revealTimer);
    this.offResize();
    render(null, this.ctx.controls);
    this.ctx.stage.hook('shieldsUp', undefined);
    this.container.destroy({ children: true });
  }

  private legal(): ShieldsUpAction[] {
    return this.snap?.phase === 'playing' ? (this.snap.legal as ShieldsUpAction[]) : [];
  }

  private send(a: ShieldsUpAction) {
    this.sel = null;
    this.ctx.act(a);
    this.draw();
  }

  private find(test: (a: ShieldsUpAction) => boolean): ShieldsUpAction | undefined {
    return this.legal().find(test);
  }

  private forCard(id: string): ShieldsUpAction[] {
    return this.legal().filter((a) => 'card' in a && a.card === id && a.type !== 'battery');
  }

  private t(s: string, style: TextLook, ax = 0, ay = 0): Text {
    return makeText(s, style, ax, ay);
  }

  private put(c: Container, x: number, y: number, key?: string, w = 0, hgt = 0) {
    c.position.set(x, y);
    (this.row ?? this.scene).addChild(c);
    if (key) {
      this.places.set(key, [Math.round(x + w / 2), Math.round(y + hgt / 2)]);
      this.boxes.set(key, [x, y, w, hgt]);
    }
  }

  /**
   * Draws a row into its own layer at x = 0, then moves it to `x0` and the middle of the `W` wide part of the board
   * when narrower than it (not on a phone: its rows start at the left edge); with `H`, to the board's middle up and
   * down as well.
   */
  private centred(x0: number, W: number, draw: () => number, H?: number): number {
    const row = new Container();
    this.scene.addChild(row);
    this.row = row;
    const before = new Set(this.places.keys());
    const bottom = draw();
    this.row = null;
    const b = row.getLocalBounds();
    const dx = x0 + (this.narrow ? 0 : Math.max(0, Math.round((W - (b.x + b.width) - b.x) / 2)));
    const dy = H === undefined ? 0 : Math.max(0, Math.round((H - (b.y + b.height) - b.y) / 2));
    if (dx !== 0 || dy !== 0) {
      row.position.set(dx, dy);
      for (const [k, [x, y]] of this.places) if (!before.has(k)) this.places.set(k, [x + dx, y + dy]);
      for (const [k, box] of this.boxes)
        if (!before.has(k)) this.boxes.set(k, [box[0] + dx, box[1] + dy, box[2], box[3]]);
    }
    return bottom + dy;
  }

  private draw() {
    if (this.destroyed) return;
    this.ctx.stage.retire(this.scene.removeChildren());
    this.places.clear();
    this.boxes.clear();
    const snap = this.snap;
    const view = snap?.view as ShieldsUpView | null;
    if (!snap || !view?.players) {
      this.ctx.stage.invalidate();
      return;
    }
    const bottom = snap.mySeat ?? 0;
    // A picked-up card is put back once it has no choice left (played, or the turn has passed).
    if (this.sel && this.forCard(this.sel).length === 0) this.sel = null;
    const { width: W, height: H } = this.ctx.stage;
    const pad = 8;
    const narrow = W < 600;
    const font = narrow ? 13 : 15;
    const label = font + 8;
    const gap = 6;
    this.narrow = narrow;
    // A board much wider than tall (a desktop) puts the market and piles in a column on the right, so the three rows
    // of cards (opponent, the viewer's shields, the hand) take the board's height and most of its width.
    const wide = !narrow && W > H * 1.25;
    const bg = new Graphics().rect(0, 0, W, H).fill({ color: 0x000000, alpha: 0.001 });
    bg.eventMode = 'static';
    bg.on('pointertap', () => {
      if (!this.sel) return;
      this.sel = null;
      this.draw();
    });
    this.scene.addChild(bg);

    // Each row is centred in its part of the board when narrower than it, its heading with it.
    if (wide) {
      const colW = Math.round(W * 0.34);
      const left = W - colW;
      const rs = 0.8;
      // A row holds the opponent's hand, three shields and a set or two of equipment (more sets stack).
      const byWidth = (left - 2 * pad) / 5.8 / 0.7 / rs;
      const ch = Math.max(40, Math.min(byWidth, (H - 2 * pad - 3 * label - 2 * gap) / (2 * rs + 1)));
      const cw = ch * 0.7;
      let y = pad;
      y =
        this.centred(0, left, () => this.drawRow(view, snap, 1 - bottom, y, ch * rs, cw * rs, label, font, left)) + gap;
      y = this.centred(0, left, () => this.drawRow(view, snap, bottom, y, ch * rs, cw * rs, label, font, left)) + gap;
      this.centred(0, left, () => this.drawHand(view, snap, bottom, y, ch, cw, label, font, left));
      // The middle: the market over the piles (two cards across the column), the revealed shields under them;
      // centred up and down.
      const shown = revealed(snap).cards.length > 0;
      const room = H - 2 * pad - 2 * label - 12 - (shown ? 24 : 0);
      const mch = Math.max(40, Math.min(ch * 1.1, room / (shown ? 2.7 : 2), (colW - 16 - 24) / 2 / 0.7 + 24));
      this.centred(left, colW, () => this.drawMiddle(view, snap, pad, mch, mch * 0.7, label, font, colW, true), H);
    } else {
      // Four rows: opponent, middle, the viewer's shields, the hand. On a phone every row is as large as the hand
      // (the opponent's hand is a count in its heading), so names stay readable.
      const rs = narrow ? 1 : 0.8;
      const ms = narrow ? 1 : 0.85;
      const byWidth = narrow ? (W - 2 * pad) / 4.5 / 0.7 : (W - 2 * pad) / 5.2 / 0.7 / rs;
      const ch = Math.max(40, Math.min(byWidth, (H - 2 * pad - 4 * label - 3 * gap) / (2 * rs + ms + 1)));
      const cw = ch * 0.7;
      let y = pad;
      y = this.centred(0, W, () => this.drawRow(view, snap, 1 - bottom, y, ch * rs, cw * rs, label, font, W)) + gap;
      y = this.centred(0, W, () => this.drawMiddle(view, snap, y, ch * ms, cw * ms, label, font, W, false)) + gap;
      y = this.centred(0, W, () => this.drawRow(view, snap, bottom, y, ch * rs, cw * rs, label, font, W)) + gap;
      this.centred(0, W, () => this.drawHand(view, snap, bottom, y, ch, cw, label, font, W));
    }
    const pop = this.drawPopover(snap, W, H, font);

    // Where each card is drawn (its centre, and its box), for the browser tests that tap the canvas and measure texts.
    this.ctx.stage.hook('shieldsUp', Object.fromEntries(this.places));
    this.ctx.stage.hook('shieldsUpCards', Object.fromEntries(this.boxes));
    this.ctx.stage.hook('shieldsUpPopover', pop);
    this.renderControls(snap);
    this.ctx.stage.invalidate();
  }

  /** A player's shields and equipment (and, for the opponent, the hand as backs). Returns the row's bottom. */
  private drawRow(
    view: ShieldsUpView,
    snap: Snapshot,
    seat: number,
    y: number,
    ch: number,
    cw: number,
    label: number,
    font: number,
    W: number,
  ): number {
    const p = view.players[seat]!;
    const mine = snap.mySeat === seat;
    const top = seat !== (snap.mySeat ?? 0);
    const turn = view.turn === seat && !view.result;
    const who = `${seatName(snap, seat)}${mine ? ' (you)' : ''}`;
    const head = top ? `${who} · ${p.handCount} in hand` : `${mine ? 'Your' : `${who}'s`} shields and equipment`;
    const name = this.t(
      head + (p.destroyed ? ' · destroyed' : ''),
      { size: font, color: turn && top ? ACCENT : INK, weight: 700 },
      0,
      0.5,
    );
    this.put(name, 8, y + label / 2);
    const cy = y + label;
    let x = 8;
    if (top && p.hand) {
      // A replay shows the top player's hand face up, in a tight fan.
      p.hand.forEach((id, i) => {
        this.put(
          cardFace(id, cw * 0.8, ch * 0.8),
          x + i * Math.min(14, cw * 0.3),
          cy + ch * 0.1,
          `hand:${id}`,
          cw * 0.8,
          ch * 0.8,
        );
      });
      x += cw * 0.8 + Math.max(0, p.hand.length - 1) * Math.min(14, cw * 0.3) + 16;
    } else if (top && !this.narrow) {
      // The hand as a small stack of backs.
      const n = Math.min(3, p.handCount);
      for (let i = 0; i < n; i++) this.put(cardBack(cw * 0.8, ch * 0.8), x + i * 4, cy + ch * 0.1);
      if (p.handCount === 0) this.put(cardSlot(cw * 0.8, ch * 0.8), x, cy + ch * 0.1);
      x += cw * 0.8 + 8 + 8;
    }
    // Three shield places.
    const strike = view.strike;
    const aimed = strike && strike.against === seat;
    for (let i = 0; i < 3; i++) {
      const id = p.shields[i];
      const key = `shield:${seat}:${i}`;
      if (i >= p.shields.length) this.put(cardSlot(cw, ch), x, cy);
      else {
        const act = aimed ? this.find((a) => a.type === 'strike' && a.shield === i) : undefined;
        const mark: Mark = act ? 'target' : aimed ? 'glow' : 'none';
        const back = cardBack(cw, ch, id ?? null, mark);
        if (act) tappable(back, cw, ch, () => this.send(act));
        this.put(back, x, cy, key, cw, ch);
      }
      x += cw + 5;
    }
    x += 10;
    // Equipment, a fan per kind with its set indicator filled as far as it goes.
    const kinds = [...new Set(p.equipment.map((id) => kindOf(id).kind))];
    const groups = kinds.map((kind) => p.equipment.filter((id) => kindOf(id).kind === kind));
    // Fanned while there is room; on a narrow table each set stacks (its filled circles still count it), then shrinks.
    const room = W - 4 - x;
    let step = Math.min(cw * 0.35, 18);
    const need = (st: number, w: number) => groups.reduce((n, g) => n + w + st * (g.length - 1) + 6, 0);
    if (need(step, cw) > room) step = 0;
    const ew = Math.min(cw, Math.max(cw * 0.5, (room - 6 * groups.length) / Math.max(1, groups.length)));
    const eh = ch * (ew / cw);
    for (const cards of groups) {
      if (x + ew > W - 2) break;
      cards.forEach((id, i) => {
        const use = this.find((a) => a.type === 'battery' && a.card === id);
        const face = cardFace(id, ew, eh, { have: cards.length, mark: use ? 'glow' : 'none' });
        if (use) tappable(face, ew, eh, () => this.send(use));
        this.put(face, x + i * step, cy + ch - eh, `equip:${id}`, ew, eh);
      });
      x += ew + step * (cards.length - 1) + 6;
    }
    return cy + ch;
  }

  /** The market with its prices, the draw and discard piles with counts, the turn's status and the revealed cards. */
  private drawMiddle(
    view: ShieldsUpView,
    snap: Snapshot,
    y: number,
    ch: number,
    cw: number,
    label: number,
    font: number,
    W: number,
    below: boolean,
  ): number {
    // The status line wraps on a narrow board rather than shrinking below the smallest type.
    const status = this.t(this.status(view, snap), { size: font, color: ACCENT, weight: 700, wrap: W - 16 }, 0, 0.5);
    const head = Math.max(label, status.height + 4);
    this.put(status, 8, y + head / 2);
    let cy = y + head;
    let x = 8;
    const small = Math.max(12, font - 2);
    // Market cards are a little shorter, to leave room for their price tags underneath.
    const tagH = Math.ceil(small * 1.25) + 4;
    const mh = ch - tagH - 2;
    const mw = mh * 0.7;
    (['oldest', 'newest'] as const).forEach((which, i) => {
      const id = view.market[i];
      if (!id) this.put(cardSlot(mw, mh), x, cy);
      else {
        const act = this.find((a) => a.type === 'buy' && a.which === which);
        const face = cardFace(id, mw, mh, { mark: act ? 'glow' : 'none' });
        if (act) tappable(face, mw, mh, () => this.send(act));
        this.put(face, x, cy, `market:${which}`, mw, mh);
      }
      // The price tag: 1 action for the oldest, 2 for the newest, even after the oldest is bought.
      const price = this.t(i === 0 ? '1 action' : '2 actions', { size: small, color: 0x111111, weight: 700 }, 0.5, 0.5);
      const tw = Math.max(mw, price.width + 8);
      this.put(
        new Graphics().roundRect(0, 0, tw, tagH, 4).fill(i === 0 ? 0x9be39b : ACCENT),
        x + mw / 2 - tw / 2,
        cy + ch - tagH,
      );
      this.put(price, x + mw / 2, cy + ch - tagH / 2);
      x += Math.max(mw, price.width + 8) + 6;
    });
    x += 8;
    // In a column (a desktop), the piles go under the market.
    if (below) {
      x = 8;
      cy += ch + 6;
    }
    // The draw pile: a back with its count, tappable to draw.
    const draw = this.find((a) => a.type === 'draw');
    const pile = view.drawCount > 0 ? cardBack(mw, mh, null, draw ? 'glow' : 'none') : cardSlot(mw, mh);
    if (draw) tappable(pile, mw, mh, () => this.send(draw));
    this.put(pile, x, cy, 'draw', mw, mh);
    // A pile's count on a dark tag along its bottom edge.
    const count = (n: number, what: string, at: number) => {
      let s = this.t(`${what} ${n}`, { size: small, color: INK, weight: 700 }, 0.5, 0.5);
      if (s.width > mw + 4) {
        s.destroy();
        s = this.t(String(n), { size: small, color: INK, weight: 700 }, 0.5, 0.5);
      }
      const bgc = new Graphics()
        .roundRect(-s.width / 2 - 4, -tagH / 2, s.width + 8, tagH, 4)
        .fill({ color: 0x000000, alpha: 0.75 });
      this.put(bgc, at + mw / 2, cy + ch - tagH / 2);
      this.put(s, at + mw / 2, cy + ch - tagH / 2);
    };
    count(view.drawCount, 'draw', x);
    x += mw + 10;
    const top = view.discard.at(-1);
    this.put(top ? cardFace(top, mw, mh) : cardSlot(mw, mh), x, cy, 'discard', mw, mh);
    count(view.discard.length, 'discard', x);
    x += mw + 14;
    // The shields the newest strike turned face up, Space Mines among them: after the piles, or under them.
    const shown = revealed(snap).cards.slice(0, this.reveal.shown);
    let end = cy + ch;
    const sw = cw * 0.7;
    const sh = ch * 0.7;
    // Beside the piles, the cards stand on the row's bottom under their word; under the piles, a row of their own.
    let cardTop = cy + ch - sh;
    if (below && shown.length) {
      x = 8;
      cy += ch + 4;
      cardTop = cy + Math.ceil(small * 1.25) + 2;
      end = cardTop + sh;
    }
    if (shown.length && x + sw < W) {
      const rl = this.t('revealed', { size: small, color: MUTED }, 0, 0);
      this.put(rl, x, cy);
      shown.forEach((id, i) => {
        const cx = x + i * Math.min(sw + 4, Math.max(10, (W - 8 - x - sw) / Math.max(1, shown.length - 1)));
        if (cx + sw <= W)
          this.put(
            cardFace(id, sw, sh, { mark: kindOf(id).kind === 'space-mine' ? 'target' : 'none' }),
            cx,
            cardTop,
            `revealed:${i}`,
            sw,
            sh,
          );
      });
    }
    return end;
  }

  private status(view: ShieldsUpView, snap: Snapshot): string {
    if (view.result)
      return view.result.draw
        ? `Draw: ${view.result.summary}`
        : `${seatName(snap, view.result.winners[0] ?? 0)} wins: ${view.result.summary}`;
    const me = snap.mySeat;
    const st = view.strike;
    if (st) {
      const striker = st.by === me ? 'You pick' : `${seatName(snap, st.by)} picks`;
      const target = st.against === me ? 'your' : `${seatName(snap, st.against)}'s`;
      return `${st.mines ? 'Space Mine! ' : ''}${striker} ${st.left} of ${target} shields to destroy`;
    }
    const whose = view.turn === me ? 'Your turn' : `${seatName(snap, view.turn)}'s turn`;
    // U3 amended: once only the Battery's actions remain, the turn may be ended.
    const extra = view.extra > 0 && view.actions === view.extra ? ' (Battery: optional)' : '';
    return `${whose} · ${view.actions} action${view.actions === 1 ? '' : 's'} left${extra} · turn ${view.turns}`;
  }

  /** The hand along the bottom: the viewer's cards face up (tap to pick one up), or backs for a spectator. */
  private drawHand(
    view: ShieldsUpView,
    snap: Snapshot,
    seat: number,
    y: number,
    ch: number,
    cw: number,
    label: number,
    font: number,
    W: number,
  ): number {
    const p = view.players[seat]!;
    const mine = snap.mySeat === seat;
    const head = mine
      ? `Your hand · ${p.handCount} card${p.handCount === 1 ? '' : 's'}`
      : `${seatName(snap, seat)} · ${p.handCount} in hand`;
    this.put(
      this.t(head, { size: font, color: view.turn === seat ? ACCENT : INK, weight: 700 }, 0, 0.5),
      8,
      y + label / 2,
    );
    const cy = y + label;
    const n = p.handCount;
    if (n === 0) return cy;
    const room = W - 16;
    const step = n === 1 ? 0 : Math.min(cw + 6, (room - cw) / (n - 1));
    for (let i = 0; i < n; i++) {
      const x = 8 + i * step;
      const id = p.hand?.[i];
      if (!id) {
        this.put(cardBack(cw, ch), x, cy);
        continue;
      }
      const can = this.forCard(id).length > 0;
      const picked = this.sel === id;
      const face = cardFace(id, cw, ch, { mark: picked ? 'selected' : can ? 'glow' : 'none' });
      if (can) {
        tappable(face, cw, ch, () => {
          this.sel = picked ? null : id;
          this.draw();
        });
      }
      this.put(face, x, cy, `hand:${id}`, cw, ch);
    }
    return cy + ch;
  }

  /**
   * The picked-up card's choices in a small popover over the board, above the card: its name and rules, then one
   * button per action with what it costs. A tap on the felt puts the card back.
   */
  private drawPopover(snap: Snapshot, W: number, H: number, font: number): number[] | undefined {
    const sel = this.sel;
    const card = sel ? this.boxes.get(`hand:${sel}`) : undefined;
    const acts = sel ? this.forCard(sel) : [];
    if (!sel || !card || acts.length === 0) return undefined;
    const pw = Math.min(280, W - 16);
    const pad = 10;
    const size = Math.max(13, font);
    const pop = new Container();
    pop.eventMode = 'static';
    const title = this.t(cardName(sel), { size: size + 1, color: INK, weight: 700, wrap: pw - 2 * pad }, 0, 0);
    title.position.set(pad, pad);
    const rules = this.t(kindOf(sel).text, { size, color: MUTED, wrap: pw - 2 * pad }, 0, 0);
    rules.position.set(pad, pad + title.height + 2);
    let y = rules.y + rules.height + 8;
    const bh = Math.max(40, Math.ceil(size * 1.25) + 20);
    const buttons: [Container, number][] = [];
    acts.forEach((a, i) => {
      const b = new Container();
      const words = this.t(
        popLabel(a, snap),
        { size, color: 0x111111, weight: 700, wrap: pw - 2 * pad - 16 },
        0.5,
        0.5,
      );
      const hb = Math.max(bh, words.height + 14);
      b.addChild(new Graphics().roundRect(0, 0, pw - 2 * pad, hb, 8).fill(ACCENT));
      words.position.set((pw - 2 * pad) / 2, hb / 2);
      b.addChild(words);
      tappable(b, pw - 2 * pad, hb, () => this.send(a));
      b.position.set(pad, y);
      buttons.push([b, i]);
      y += hb + 6;
    });
    const ph = y + pad - 6;
    const panel = new Graphics()
      .roundRect(0, 0, pw, ph, 10)
      .fill({ color: 0x14201b, alpha: 0.97 })
      .stroke({ width: 2, color: ACCENT });
    // A tap on the panel between its buttons keeps the card picked up.
    panel.eventMode = 'static';
    pop.addChild(panel);
    pop.addChild(title, rules);
    for (const [b] of buttons) pop.addChild(b);
    const px = Math.round(Math.max(8, Math.min(W - 8 - pw, card[0] + card[2] / 2 - pw / 2)));
    const py = Math.round(Math.max(4, Math.min(H - ph - 4, card[1] - ph - 8)));
    pop.position.set(px, py);
    this.scene.addChild(pop);
    for (const [b, i] of buttons)
      this.places.set(`pop:${i}`, [Math.round(px + b.x + (pw - 2 * pad) / 2), Math.round(py + b.y + bh / 2)]);
    return [px, py, pw, ph];
  }

  /**
   * The picked-up card's choices as named buttons, each with the actions it costs, then every legal move in the
   * "All moves" list (preact keeps what did not change).
   */
  private renderControls(snap: Snapshot) {
    const sel = this.sel;
    const acts = sel ? this.forCard(sel) : [];
    const every = this.legal().flatMap((a) => {
      const label = buttonLabel(a, snap);
      return label === null ? [] : [{ label, send: () => this.send(a) }];
    });
    render(
      [
        !sel || acts.length === 0
          ? null
          : [
              h('p', {}, `${cardName(sel)}: ${kindOf(sel).text}`),
              ...acts.map((a) =>
                h('button', { type: 'button', class: 'primary', onClick: () => this.send(a) }, actionLabel(a, snap)),
              ),
              h(
                'button',
                {
                  type: 'button',
                  onClick: () => {
                    this.sel = null;
                    this.draw();
                  },
                },
                'Cancel',
              ),
            ],
        allMoves(every),
      ],
      this.ctx.controls,
    );
  }
}

export const createView: ViewFactory = (ctx) => new ShieldsUpTable(ctx);
