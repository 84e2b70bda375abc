// The Shields table: both players' batteries with their shield stacks (the viewer at the bottom), the pool by
// kind, reserves and trash, whose turn and step, and the last roll. Taps pick legal actions from the server's list.
import { Container, Graphics, Rectangle, type Sprite } from 'pixi.js';
import { BEATS, COLOURS, die as dieInfo, type Colour } from '../../../../shared/src/games/shields/catalogue';
import type { AttackSummary, ShieldsAction } from '../../../../shared/src/games/shields/state';
import type { BatteryView, DieView, PlayerView, ShieldsView, ShieldView } from '../../../../shared/src/games/shields/view';
import type { Snapshot } from '../../net/store';
import { h } from '../../ui/dom';
import type { GameView, ViewContext, ViewFactory } from '../types';
import { ACCENT, HOT, INK, LOOK, makeDie, MUTED, type Mark } from './die';
import { computeLayout, flowPool, isPortrait, type Layout, type SideShape } from './layout';
import { pauseLine, stallText } from './banner';
import { actionLabel, faceText, seatName, shortName } from './names';
import { TextCache, type TextStyle } from './text';

const SEAT_COLORS = [0xe8b04b, 0x5b9bd5];
const COLOUR_HEX: Record<Colour, number> = { red: LOOK.red.fill, yellow: LOOK.yellow.fill, blue: LOOK.blue.fill };
const POOL_KINDS = [
  ['attack', 'Attack dice', 'replace your d4'],
  ['shield', 'Shields', 'colored: one battery · black: all'],
  ['potion', 'Potions', 'heal a battery'],
  ['polish', 'Polish', 'repair a shield'],
] as const;

type Selection = { kind: 'pool'; die: string } | { kind: 'battery'; id: string } | { kind: 'reserve'; die: string } | null;
interface Place { x: number; y: number; size: number }
interface AttackEvent extends AttackSummary { type: 'attack' }

/** The newest attack in the log with its entry's sequence number. */
function newestAttack(snap: Snapshot): { seq: number; ev: AttackEvent } | null {
  for (let i = snap.log.length - 1; i >= 0; i--) {
    const ev = snap.log[i].events.find((e) => e.type === 'attack');
    if (ev) return { seq: snap.log[i].seq, ev: ev as unknown as AttackEvent };
  }
  return null;
}

/** The legal actions, indexed the ways taps look them up. */
class Legal {
  takes = new Map<string, ShieldsAction[]>();
  attacks = new Map<string, ShieldsAction>();
  uses = new Map<string, ShieldsAction[]>();
  constructor(actions: ShieldsAction[]) {
    for (const a of actions) {
      if (a.type === 'take') this.takes.set(a.die, [...(this.takes.get(a.die) ?? []), a]);
      else if (a.type === 'attack') this.attacks.set(a.battery, a);
      else if (a.type === 'potion' || a.type === 'polish') this.uses.set(a.die, [...(this.uses.get(a.die) ?? []), a]);
    }
  }
  use(die: string, target: string): ShieldsAction | undefined {
    return this.uses.get(die)?.find((a) => (a.type === 'potion' ? a.battery : a.type === 'polish' ? a.shield : '') === target);
  }
}

class ShieldsTable implements GameView {
  readonly container = new Container();
  private scene = new Container();
  private fx = new Container();
  private text = new TextCache();
  private layout: Layout | null = null;
  /** The newest snapshot, and the one on the board (it lags while a roll is in the air). */
  private snap: Snapshot | null = null;
  private shown: Snapshot | null = null;
  private sel: Selection = null;
  private places = new Map<string, Place>();
  private lastAttackSeq: number | null = null;
  /** Bumped by each roll; an older roll's frames stop touching the table. */
  private rollId = 0;
  private rolling = false;
  private controlsKey = '';
  /** The newest roll's result, marked on the table until the next action. */
  private hit: { seq: number; ev: AttackEvent } | null = null;
  private destroyed = false;
  private offResize: () => void;
  private onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.sel) this.select(null);
  };

  get lagging() {
    return this.rolling;
  }

  constructor(private ctx: ViewContext) {
    this.container.addChild(this.scene, this.fx);
    this.fx.eventMode = 'none';
    // The table changes only on a snapshot or a tap; while a roll animates, each frame draws this one cached texture
    // and the few moving pieces instead of the whole table (which takes most of a second per frame in software GL).
    const cache = () => this.scene.cacheAsTexture({ resolution: ctx.stage.app.renderer.resolution, antialias: true });
    cache();
    // A move to a screen of another density re-renders the cached table at the new resolution.
    this.offResize = ctx.stage.onResize(() => {
      cache();
      this.draw();
    });
    window.addEventListener('keydown', this.onKey);
  }

  update(snap: Snapshot) {
    this.snap = snap;
    const atk = newestAttack(snap);
    const seq = atk?.seq ?? -1;
    const fresh = atk !== null && this.lastAttackSeq !== null && seq > this.lastAttackSeq && this.shown !== null;
    this.lastAttackSeq = seq;
    if (fresh) return this.roll(atk.ev, seq);
    if (this.rolling) return; // the roll draws the newest snapshot when it lands
    // A table opened (or a replay stepped) right after an attack still shows what it did.
    if (atk && this.hit?.seq !== seq) this.hit = { seq, ev: atk.ev };
    this.shown = snap;
    this.draw();
  }

  destroy() {
    this.destroyed = true;
    this.rollId++;
    this.offResize();
    window.removeEventListener('keydown', this.onKey);
    this.ctx.controls.replaceChildren();
    delete this.ctx.stage.app.canvas.dataset.shields;
    delete this.ctx.stage.app.canvas.dataset.rolling;
    this.container.destroy({ children: true });
    this.text.destroy();
  }

  // ---- input ----------------------------------------------------------------------------------------------

  private legal(): Legal {
    const snap = this.shown;
    if (!snap || this.rolling || snap.phase !== 'playing' || snap !== this.snap) return new Legal([]);
    return new Legal(snap.legal as ShieldsAction[]);
  }

  private select(sel: Selection) {
    this.sel = sel;
    this.draw();
  }

  private send(a: ShieldsAction) {
    this.sel = null;
    this.ctx.act(a);
    this.draw();
  }

  private tapPool(id: string) {
    const acts = this.legal().takes.get(id);
    if (!acts) return;
    if (acts.length === 1) this.send(acts[0]);
    else this.select(this.sel?.kind === 'pool' && this.sel.die === id ? null : { kind: 'pool', die: id });
  }

  private tapBattery(id: string) {
    const legal = this.legal();
    const sel = this.sel;
    if (sel?.kind === 'reserve') {
      const a = legal.use(sel.die, id);
      if (a) return this.send(a);
    }
    if (sel?.kind === 'battery') {
      const a = legal.attacks.get(sel.id);
      if (a && (sel.id === id || this.targetOf(sel.id) === id)) return this.send(a);
    }
    if (legal.attacks.has(id)) return this.select(sel?.kind === 'battery' && sel.id === id ? null : { kind: 'battery', id });
    this.select(null);
  }

  /** A shield: polish it, or treat the tap as one on its battery (a black shield: on the attacked one of its side). */
  private tapShield(id: string, battery: string | null, seat: number) {
    const sel = this.sel;
    if (sel?.kind === 'reserve') {
      const a = this.legal().use(sel.die, id);
      if (a) return this.send(a);
    }
    if (battery) return this.tapBattery(battery);
    const target = sel?.kind === 'battery' ? this.targetOf(sel.id) : '';
    if (target.startsWith(`p${seat}.`)) return this.tapBattery(target);
    this.select(null);
  }

  private tapReserve(id: string) {
    if (!this.legal().uses.has(id)) return;
    this.select(this.sel?.kind === 'reserve' && this.sel.die === id ? null : { kind: 'reserve', die: id });
  }

  private tapZone(placement: 'front' | 'behind') {
    const sel = this.sel;
    if (sel?.kind !== 'pool') return;
    const a = this.legal().takes.get(sel.die)?.find((x) => x.type === 'take' && x.placement === placement);
    if (a) this.send(a);
  }

  /** The opponent battery the wheel points a battery at (S4): the same rule the labels state. */
  private targetOf(batteryId: string): string {
    const d = dieInfo(batteryId);
    if (!d || d.owner === null) return '';
    return `p${1 - d.owner}.battery.${BEATS[d.colour as Colour]}`;
  }

  /** Drops a selection the newest legal actions no longer allow. */
  private checkSelection() {
    const sel = this.sel;
    if (!sel) return;
    const legal = this.legal();
    const ok = sel.kind === 'pool' ? legal.takes.has(sel.die) : sel.kind === 'battery' ? legal.attacks.has(sel.id) : legal.uses.has(sel.die);
    if (!ok) this.sel = null;
  }

  // ---- drawing --------------------------------------------------------------------------------------------

  private t(text: string, style: TextStyle, ax = 0, ay = 0): Sprite {
    return this.text.sprite(text, style, ax, ay);
  }

  private draw() {
    if (this.destroyed) return;
    const snap = this.shown;
    const view = snap?.view as ShieldsView | null;
    for (const c of this.scene.removeChildren()) c.destroy({ children: true });
    this.places.clear();
    if (!snap || !view?.players) {
      this.text.sweep();
      this.ctx.stage.invalidate();
      return;
    }
    this.checkSelection();
    const { width: W, height: H } = this.ctx.stage;
    const bottomSeat = snap.mySeat ?? 0;
    const topSeat = 1 - bottomSeat;
    const legal = this.legal();
    const placing = this.sel?.kind === 'pool' && (legal.takes.get(this.sel.die)?.length ?? 0) > 1;
    const shapeOf = (p: PlayerView, zones: boolean): SideShape => {
      const stack = p.batteries.find((b) => b.alive)?.shields ?? [];
      return {
        bands: stack.filter((s) => s.layer !== 'colored').length + (zones ? 2 : 0),
        colored: Math.max(0, ...p.batteries.map((b) => b.shields.filter((s) => s.layer === 'colored').length)),
      };
    };
    // On a phone, placing a black shield sets the pool aside for the two drop zones: only the picked die stays.
    const sel = this.sel;
    const pool = placing && sel?.kind === 'pool' && isPortrait(W, H)
      ? { attack: [], potion: [], polish: [], shield: view.pool.shield.filter((d) => d.id === sel.die) }
      : view.pool;
    const groups = [pool.attack.length, pool.shield.length, pool.potion.length, pool.polish.length];
    const L = computeLayout(W, H, shapeOf(view.players[topSeat], false), shapeOf(view.players[bottomSeat], placing), groups, POOL_KINDS.map(([, label]) => label));
    this.layout = L;

    // The felt; a tap on it puts a picked-up die back.
    const bg = new Graphics().rect(0, 0, W, H).fill({ color: 0x000000, alpha: 0.001 });
    bg.eventMode = 'static';
    bg.on('pointertap', () => this.sel && this.select(null));
    this.scene.addChild(bg);

    const order: Colour[] = ['red', 'yellow', 'blue'];
    // Each of the bottom player's batteries faces the opponent battery it attacks.
    this.drawSide(view, snap, legal, L, bottomSeat, 'bottom', order, placing);
    this.drawSide(view, snap, legal, L, topSeat, 'top', order.map((c) => BEATS[c]), false);
    this.drawMiddle(view, snap, legal, L, bottomSeat);
    this.drawPool(pool, legal, L);
    this.drawHit(snap);
    this.scene.updateCacheTexture();
    this.text.sweep();
    // Where each die and drop zone sits, for the browser tests that tap the canvas (as the Dice Chess board does).
    const spots = Object.fromEntries([...this.places].map(([id, p]) => [id, [Math.round(p.x), Math.round(p.y)]]));
    this.ctx.stage.app.canvas.dataset.shields = JSON.stringify(spots);
    this.ctx.stage.report({ game: 'shields', battery: L.m.u, portrait: L.portrait });
    this.renderControls(view, snap, legal);
    this.ctx.stage.invalidate();
  }

  private drawSide(view: ShieldsView, snap: Snapshot, legal: Legal, L: Layout, seat: number, side: 'top' | 'bottom', order: Colour[], placing: boolean) {
    const { m, pad } = L;
    const p = view.players[seat];
    const mine = snap.mySeat === seat;
    const dir = side === 'top' ? 1 : -1;
    // y of a point `off` pixels from this side's table edge, toward the middle.
    const at = (off: number) => (side === 'top' ? pad + off : L.H - pad - off);
    const g = new Graphics();
    this.scene.addChild(g);
    // A game ended off the board (resignation, a claim) has nobody to move, whatever the rules state says.
    const active = view.turn === seat && snap.phase !== 'over';

    // Strip: name, reserve, trash.
    const stripY = at(m.strip / 2);
    const stripTop = side === 'top' ? pad : L.H - pad - m.strip;
    g.roundRect(L.bx, stripTop, L.bw, m.strip, 8).fill({ color: 0x0f1a14, alpha: 0.75 });
    if (active) g.roundRect(L.bx, stripTop, L.bw, m.strip, 8).stroke({ width: 2, color: ACCENT });
    let x = L.bx + 10;
    const nameText = `${seatName(snap, seat)}${mine ? ' (you)' : ''}`;
    const name = this.t(nameText, { size: m.font + 2, color: SEAT_COLORS[seat], weight: 800 }, 0, 0.5);
    name.position.set(x, stripY);
    this.scene.addChild(name);
    x += name.width + 8;
    if (active) {
      const turn = this.t(view.step === 'take' ? '▶ taking' : '▶ acting', { size: m.font - 1, color: ACCENT, weight: 700 }, 0, 0.5);
      turn.position.set(x, stripY);
      this.scene.addChild(turn);
      x += turn.width + 8;
    }
    if (view.options.bestOf > 1) {
      const score = this.t(`${view.score[seat]} won`, { size: m.font - 1, color: MUTED }, 0, 0.5);
      score.position.set(x, stripY);
      this.scene.addChild(score);
      x += score.width + 8;
    }
    // Reserve (potions and polish waiting), tappable when a use is legal.
    const rd = Math.min(m.strip - 6, Math.max(28, m.pd));
    if (p.reserve.length > 0) {
      const lab = this.t('reserve', { size: m.font - 2, color: MUTED }, 0, 0.5);
      lab.position.set(x, stripY);
      this.scene.addChild(lab);
      x += lab.width + 4;
      for (const d of p.reserve) {
        const can = mine && legal.uses.has(d.id);
        const mark: Mark = this.sel?.kind === 'reserve' && this.sel.die === d.id ? 'selected' : can ? 'glow' : 'none';
        const c = makeDie(this.text, { sides: d.sides, look: d.colour, size: rd, text: faceText(d.id, d.sides), mark }, can ? () => this.tapReserve(d.id) : undefined);
        c.position.set(x + rd / 2, stripY);
        this.scene.addChild(c);
        this.places.set(d.id, { x: x + rd / 2, y: stripY, size: rd });
        x += rd + 5;
      }
    }
    // Trash: small swatches, newest last, after a count.
    const right = L.bx + L.bw - 8;
    const tz = L.portrait ? 9 : 11;
    const room = Math.max(0, right - x - 60);
    const perRow = Math.max(1, Math.floor(room / (tz + 2)));
    const trashRows = p.trash.length > perRow ? 2 : 1;
    const shown = p.trash.slice(-perRow * trashRows);
    const trashW = Math.min(shown.length, perRow) * (tz + 2);
    const tl = this.t(`trash ${p.trash.length}`, { size: m.font - 2, color: MUTED }, 1, 0.5);
    tl.position.set(right - trashW - 4, stripY);
    this.scene.addChild(tl);
    shown.forEach((d, i) => {
      const r = Math.floor(i / perRow);
      const col = i % perRow;
      const sx = right - trashW + col * (tz + 2);
      const sy = stripY - (trashRows * (tz + 2)) / 2 + r * (tz + 2);
      const look = d.kind === 'battery' ? LOOK.battery : LOOK[d.colour];
      g.roundRect(sx, sy, tz, tz, 2).fill({ color: look.fill, alpha: d.kind === 'shield' || d.kind === 'battery' ? 0.6 : 1 })
        .stroke({ width: 1, color: look.edge, alpha: 0.8 });
    });

    // Batteries, from the edge toward the middle: battery row, behind blacks, colored shields, front blacks.
    let off = m.strip + m.gap;
    const batteryY = at(off + 4 + m.u / 2);
    const stack = p.batteries.find((b) => b.alive)?.shields ?? [];
    const front = stack.filter((s) => s.layer === 'front');
    const behind = stack.filter((s) => s.layer === 'behind');
    const attacker = this.sel?.kind === 'battery' ? this.sel.id : null;
    const targetId = attacker ? this.targetOf(attacker) : null;
    order.forEach((colour, i) => {
      const b = p.batteries.find((x) => x.colour === colour)!;
      this.drawBattery(b, L, L.cols[i], batteryY, dir, mine, legal, targetId);
    });
    off += 4 + m.u + m.cap;

    // A black shield band spans the whole side: it guards every live battery.
    const band = (s: ShieldView | null, label: string, zone?: 'front' | 'behind') => {
      const y = at(off + m.band / 2);
      const bh = m.band - 4;
      const hitFirst = targetId !== null && s !== null && view.players[seat].batteries.some((bb) => bb.id === targetId && bb.shields[0]?.id === s.id);
      const polishable = this.sel?.kind === 'reserve' && s !== null && legal.use(this.sel.die, s.id) !== undefined;
      const bg2 = new Graphics();
      bg2.roundRect(L.bx + 4, y - bh / 2, L.bw - 8, bh, bh / 2);
      if (zone) bg2.fill({ color: ACCENT, alpha: 0.16 }).stroke({ width: 2, color: ACCENT, alpha: 0.9 });
      else bg2.fill({ color: 0x000000, alpha: 0.45 }).stroke({ width: 1.5, color: hitFirst ? HOT : polishable ? HOT : 0x8a949c, alpha: 0.9 });
      this.scene.addChild(bg2);
      if (zone) {
        this.places.set(`zone.${zone}`, { x: L.bx + L.bw / 2, y, size: bh });
        bg2.eventMode = 'static';
        bg2.cursor = 'pointer';
        bg2.hitArea = new Rectangle(L.bx, y - bh / 2, L.bw, bh);
        bg2.on('pointertap', () => this.tapZone(zone));
      }
      let tx = L.bx + 14;
      if (s) {
        const mark: Mark = hitFirst || polishable ? 'target' : 'none';
        const onTap = () => this.tapShield(s.id, null, seat);
        const c = makeDie(this.text, { sides: s.faces, look: 'black', clear: true, size: Math.max(28, bh - 4), text: String(s.points), mark }, onTap);
        c.position.set(tx + bh / 2, y);
        this.scene.addChild(c);
        this.places.set(s.id, { x: tx + bh / 2, y, size: bh });
        if (polishable) {
          bg2.eventMode = 'static';
          bg2.cursor = 'pointer';
          bg2.on('pointertap', onTap);
        }
        tx += bh + 8;
      }
      const lt = this.t(label, { size: m.font - 1, color: zone ? ACCENT : INK, weight: zone ? 700 : 400 }, 0, 0.5);
      lt.position.set(tx, y);
      this.scene.addChild(lt);
      off += m.band;
    };
    // Each battery's colored shields stand on a rail running from its plate toward the middle.
    const rails = new Graphics();
    this.scene.addChild(rails);
    const coloredFrom = off + (behind.length + (placing ? 1 : 0)) * m.band;
    const coloredRows = Math.max(0, ...p.batteries.map((b) => b.shields.filter((s) => s.layer === 'colored').length));
    order.forEach((colour, i) => {
      const b = p.batteries.find((x) => x.colour === colour)!;
      const n = Math.min(L.compact ? 1 : 3, b.shields.filter((s) => s.layer === 'colored').length);
      if (n === 0) return;
      const y0 = at(off - 2);
      const y1 = at(coloredFrom + n * m.row);
      const w = L.colW - 28;
      rails.roundRect(L.cols[i] - w / 2, Math.min(y0, y1), w, Math.abs(y1 - y0), 8)
        .fill({ color: COLOUR_HEX[colour], alpha: 0.07 }).stroke({ width: 1, color: COLOUR_HEX[colour], alpha: 0.35 });
    });
    const selName = this.sel?.kind === 'pool' ? shortName(this.sel.die) : '';
    const wide = !L.portrait;
    if (placing) band(null, wide ? `Tap here: ${selName} behind the colored shields (hit last)` : `Tap: behind (hit last)`, 'behind');
    for (const s of [...behind].reverse()) band(s, `black d${s.faces} · ${s.points}/${s.faces} · ${wide ? 'behind the colored shields, guards all batteries' : 'behind, guards all'}`);
    // Colored shields: row 0 nearest the battery holds each battery's innermost shield. On a crowded phone they
    // stand side by side in one row, the outermost (hit first) on the left.
    const rows = L.compact ? Math.min(1, coloredRows) : coloredRows;
    for (let r = 0; r < rows; r++) {
      const y = at(off + m.row / 2);
      order.forEach((colour, i) => {
        const b = p.batteries.find((x) => x.colour === colour)!;
        const colored = b.shields.filter((s) => s.layer === 'colored');
        const inRow = L.compact ? colored : [colored[colored.length - 1 - r]].filter(Boolean);
        inRow.forEach((s, k) => {
          const hitFirst = targetId === b.id && b.shields[0]?.id === s.id;
          const polishable = this.sel?.kind === 'reserve' && legal.use(this.sel.die, s.id) !== undefined;
          const mark: Mark = hitFirst || polishable ? 'target' : 'none';
          const cx = L.compact ? L.cols[i] + (k - (inRow.length - 1) / 2) * (m.s + 10) : L.cols[i] - L.colW * 0.18;
          const c = makeDie(this.text, { sides: s.faces, look: s.colour, clear: true, size: m.s, text: String(s.points), mark }, () => this.tapShield(s.id, b.id, seat));
          c.position.set(cx, y);
          this.scene.addChild(c);
          this.places.set(s.id, { x: cx, y, size: m.s });
          if (L.compact) return;
          const lt = this.t(`${s.points}/${s.faces}`, { size: m.font - 1, color: INK, weight: 600 }, 0, 0.5);
          lt.position.set(cx + m.s / 2 + 6, y);
          this.scene.addChild(lt);
        });
      });
      off += m.row;
    }
    for (const s of [...front].reverse()) band(s, `black d${s.faces} · ${s.points}/${s.faces} · ${wide ? 'in front of the colored shields, guards all batteries' : 'in front, guards all'}`);
    if (placing) band(null, wide ? `Tap here: ${selName} in front of the colored shields (hit first)` : `Tap: in front (hit first)`, 'front');
  }

  private drawBattery(b: BatteryView, L: Layout, cx: number, y: number, dir: number, mine: boolean, legal: Legal, targetId: string | null) {
    const { m } = L;
    const g = new Graphics();
    this.scene.addChild(g);
    // The plate runs from the dice toward the middle, where the health bar and the caption sit.
    const plateW = L.colW - 8;
    const plateH = m.u + m.cap + 4;
    const plateTop = dir > 0 ? y - m.u / 2 - 4 : y - m.u / 2 - m.cap;
    const hue = COLOUR_HEX[b.colour];
    g.roundRect(cx - plateW / 2, plateTop, plateW, plateH, 10).fill({ color: hue, alpha: b.alive ? 0.16 : 0.05 })
      .stroke({ width: 1.5, color: hue, alpha: b.alive ? 0.6 : 0.2 });
    const sel = this.sel;
    const canAttack = mine && legal.attacks.has(b.id);
    const potionable = sel?.kind === 'reserve' && legal.use(sel.die, b.id) !== undefined;
    const isTarget = targetId === b.id;
    const mark: Mark = sel?.kind === 'battery' && sel.id === b.id ? 'selected' : potionable ? 'target' : isTarget && b.shields.length === 0 ? 'target' : canAttack ? 'glow' : 'none';
    const tap = () => this.tapBattery(b.id);
    const interactive = canAttack || potionable || isTarget;
    const bx = cx - m.u * 0.55;
    const batt = makeDie(this.text, {
      sides: 12, look: b.alive ? 'battery' : 'dead', clear: true, size: m.u, text: b.alive ? String(b.health) : '✕', badge: b.alive ? '/12' : undefined, mark,
    }, interactive ? tap : undefined);
    batt.position.set(bx, y);
    this.scene.addChild(batt);
    this.places.set(b.id, { x: bx, y, size: m.u });
    if (b.attack) {
      const ax = cx + m.u * 0.5;
      const ad = makeDie(this.text, { sides: b.attack.sides, look: b.attack.colour, size: m.a, text: `d${b.attack.sides}`,
        mark: canAttack && sel?.kind === 'battery' && sel.id === b.id ? 'selected' : 'none' }, interactive ? tap : undefined);
      ad.position.set(ax, y);
      this.scene.addChild(ad);
      this.places.set(b.attack.id, { x: ax, y, size: m.a });
    } else if (!b.alive) {
      const dt = this.t('destroyed', { size: m.font, color: 0xff8a7a, weight: 800 }, 0.5, 0.5);
      dt.position.set(cx + m.u * 0.5, y);
      this.scene.addChild(dt);
    }
    if (interactive) {
      // The whole plate is the button, not only the dice.
      g.eventMode = 'static';
      g.cursor = 'pointer';
      g.hitArea = new Rectangle(cx - plateW / 2, plateTop, plateW, plateH);
      g.on('pointertap', tap);
    }
    // Health bar (12 cells) and what this battery attacks.
    const barW = Math.min(plateW - 16, m.u * 2.1);
    const barY = dir > 0 ? y + m.u / 2 + 4 : y - m.u / 2 - 9;
    const capSize = Math.max(11, m.font - 3);
    const cell = barW / 12;
    for (let i = 0; i < 12; i++) {
      const filled = i < b.health;
      const col = b.health > 6 ? 0x4cd27e : b.health > 3 ? 0xf2c230 : 0xff6b5a;
      g.rect(cx - barW / 2 + i * cell + 0.5, barY, cell - 1, 5).fill({ color: filled ? col : 0x000000, alpha: filled ? 0.95 : 0.35 });
    }
    const arrow = dir > 0 ? '▼' : '▲';
    // A phone's plate is too narrow for the colour's name as well: the plate's own colour says it.
    const cap = b.alive ? (L.portrait ? `${arrow} hits ${b.attacks}` : `${b.colour} ${arrow} hits ${b.attacks}`) : L.portrait ? 'destroyed' : `${b.colour} · destroyed`;
    const ct = this.t(cap, { size: capSize, color: b.alive ? INK : 0xff8a7a, weight: 600 }, 0.5, 0.5);
    ct.alpha = 0.8;
    ct.position.set(cx, dir > 0 ? barY + 7 + capSize * 0.65 : barY - 2 - capSize * 0.65);
    this.scene.addChild(ct);
  }

  private drawMiddle(view: ShieldsView, snap: Snapshot, legal: Legal, L: Layout, bottomSeat: number) {
    const { m } = L;
    // The attack picked up: an arrow from the attacker's plate to its target's, before anything is rolled.
    // It goes under the banner (drawn next), so the banner's words stay readable where the arrow crosses.
    const sel = this.sel;
    if (sel?.kind === 'battery') {
      const from = this.places.get(sel.id);
      const to = this.places.get(this.targetOf(sel.id));
      if (from && to) {
        const ax = (p: Place) => p.x + p.size * 0.55 + L.colW * 0.3;
        const arrows = new Graphics();
        this.arrow(arrows, ax(from), from.y - from.size / 2 - 6, ax(to), to.y + to.size / 2 + 6, HOT, 0.9, 4);
        this.scene.addChild(arrows);
      }
    }
    const g = new Graphics();
    this.scene.addChild(g);
    // The banner: whose turn, which step, the match score, then the last roll.
    const names = [seatName(snap, 0), seatName(snap, 1)];
    const who = (s: number) => (s === snap.mySeat ? 'You' : names[s]);
    let line: string;
    const offBoard = view.winner === null && snap.phase === 'over' ? snap.result : null;
    if (offBoard) line = offBoard.draw ? `Draw · ${offBoard.summary.replace(/\.+$/, '')}` : `${offBoard.winners.map(who).join(' and ')} ${offBoard.winners.includes(snap.mySeat ?? -1) ? 'win' : 'wins'} · ${offBoard.summary.replace(/\.+$/, '')}`;
    else if (view.winner !== null) line = `${who(view.winner)} ${view.winner === snap.mySeat ? 'win' : 'wins'}${view.options.bestOf > 1 ? ` the match ${view.score[view.winner]}–${view.score[1 - view.winner]}` : ''}`;
    else if (view.turn === snap.mySeat) line = view.step === 'take' ? 'Your turn · step 1 of 2: take a die from the pool' : 'Your turn · step 2 of 2: attack, or use a potion or polish';
    else line = `${names[view.turn ?? 0]}'s turn · ${view.step === 'take' ? 'taking a die from the pool' : 'attacking or healing'}`;
    if (view.options.bestOf > 1 && view.winner === null) {
      line += ` · game ${view.game}, ${names[0]} ${view.score[0]}–${view.score[1]} ${names[1]}`;
      const won = snap.log[snap.log.length - 1]?.events.find((e) => e.type === 'game-won');
      if (won) line = `${who(Number(won.seat))} won game ${won.game}! ${line}`;
    }
    line = (pauseLine(view, snap.mySeat, names, who) ?? line) + stallText(view);
    if (snap.mySeat !== null && view.turn === snap.mySeat && view.step === 'take' && sel?.kind === 'pool' && legal.takes.get(sel.die)!.length > 1) {
      line = `Place the ${shortName(sel.die)}: tap a gold band on your side`;
    } else if (sel?.kind === 'battery') {
      const b = view.players[bottomSeat].batteries.find((x) => x.id === sel.id);
      const target = this.targetOf(sel.id);
      const tb = view.players[1 - bottomSeat].batteries.find((x) => x.id === target);
      const first = tb?.shields[0];
      line = `Your ${b?.colour} d${b?.attack?.sides} → ${names[1 - bottomSeat]}'s ${tb?.colour} battery, hitting ${first ? `the ${first.colour} d${first.faces} shield (${first.points})` : `its health (${tb?.health})`} · tap again to roll`;
    } else if (sel?.kind === 'reserve') {
      const d = dieInfo(sel.die);
      line = d?.kind === 'potion' ? `Potion d${d.sides}: tap one of your batteries to heal it` : `Polish d${d?.sides}: tap one of your shields to repair it`;
    }
    const mine = view.turn === snap.mySeat && view.winner === null && !offBoard;
    const over = view.winner !== null || view.draw || view.between !== null || !!offBoard;
    const bannerSize = m.font + (L.portrait ? 0 : 2) + (over ? 4 : 0);
    let last = view.lastAttack ? this.attackLine(view.lastAttack, snap) : '';
    const lastSize = Math.max(11, m.font - 2);
    const wrap = L.portrait ? L.bw - 76 : L.bw - 16;
    const bannerH = L.portrait ? bannerSize * 2 + 14 : bannerSize + 14;
    const poolH = L.portrait ? L.pool.h : 0;
    let lastH = last ? lastSize * 1.3 * 2 + 6 : 0;
    // A crowded phone table drops the last-roll sentence (the log has it, the badge marks the hit) before overlapping.
    if (bannerH + poolH + lastH > L.midBottom - L.midTop) [last, lastH] = ['', 0];
    const need = bannerH + poolH + lastH;
    const top = L.midTop + Math.max(4, (L.midBottom - L.midTop - need) / 2);
    if (over) line = `${line}!`;
    const bt = this.t(line, { size: bannerSize, color: mine || over ? ACCENT : INK, weight: 800, wrap }, 0.5, 0);
    bt.position.set(L.bx + (L.portrait ? (L.bw - 60) / 2 : L.bw / 2), top + 4);
    // On a phone there is no pool panel for the colour wheel: a small one sits beside the banner.
    if (L.portrait) this.drawWheel(L.bx + L.bw - 30, top + 4 + Math.max(bt.height, 2 * bannerSize) / 2 + 2, 17, m.font, false);
    if (mine || sel) {
      g.roundRect(bt.x - bt.width / 2 - 10, top, bt.width + 20, bt.height + 8, 8).fill({ color: 0x0f1a14, alpha: 0.85 }).stroke({ width: 1.5, color: ACCENT, alpha: 0.8 });
    }
    this.scene.addChild(bt);
    let y = top + Math.max(bannerH, bt.height + 12);
    if (L.portrait) {
      L.pool.y = y;
      y += poolH;
    }
    if (last) {
      const lt = this.t(last, { size: lastSize, color: MUTED, wrap }, 0.5, 0);
      lt.position.set(L.bx + L.bw / 2, y + 2);
      this.scene.addChild(lt);
    }
  }

  private attackLine(a: AttackSummary, snap: Snapshot): string {
    const who = (s: number) => (s === snap.mySeat ? 'your' : `${seatName(snap, s)}'s`);
    const by = a.seat === snap.mySeat ? 'You' : seatName(snap, a.seat);
    const tgt = dieInfo(a.target);
    const layer = dieInfo(a.layer);
    const layerName = layer?.kind === 'battery' ? 'health' : `${layer?.colour} d${layer?.sides} shield`;
    const lost = a.lost > 0 ? `, ${a.lost} lost` : '';
    const gone = a.destroyed.length > 0 ? (layer?.kind === 'battery' && a.after === 0 ? ' — battery destroyed!' : ' — shield destroyed') : '';
    return `Last roll: ${by} rolled ${a.value} on the ${shortName(a.die).replace(' attack die', '')} at ${who(tgt?.owner ?? 0)} ${tgt?.colour} battery: ${layerName} ${a.before} → ${a.after}${lost}${gone}`;
  }

  private drawPool(pool: ShieldsView['pool'], legal: Legal, L: Layout) {
    const { m } = L;
    const P = L.pool;
    const g = new Graphics();
    this.scene.addChild(g);
    const total = pool.attack.length + pool.shield.length + pool.potion.length + pool.polish.length;
    const step = m.pd + 6;
    const dieOf = (d: DieView, x: number, y: number) => {
      const acts = legal.takes.get(d.id);
      const mark: Mark = this.sel?.kind === 'pool' && this.sel.die === d.id ? 'selected' : acts ? 'glow' : 'none';
      const clear = d.kind === 'shield';
      const c = makeDie(this.text, { sides: d.sides, look: d.colour, clear, size: m.pd, text: faceText(d.id, d.sides), mark }, acts ? () => this.tapPool(d.id) : undefined);
      c.position.set(x, y);
      this.scene.addChild(c);
      this.places.set(d.id, { x, y, size: m.pd });
    };
    if (!L.portrait) {
      g.roundRect(P.x, P.y, P.w, P.h, 12).fill({ color: 0x0f1a14, alpha: 0.55 });
      let y = P.y + 12;
      const title = this.t(total > 0 ? `The pool · ${total} ${total === 1 ? 'die' : 'dice'}` : 'The pool is empty', { size: m.font + 2, color: INK, weight: 800 });
      title.position.set(P.x + 12, y);
      this.scene.addChild(title);
      y += title.height + 6;
      if (total === 0) {
        const t = this.t('From now on every turn is an attack, a potion or a polish.', { size: m.font - 1, color: MUTED, wrap: P.w - 24 });
        t.position.set(P.x + 12, y);
        this.scene.addChild(t);
        y += t.height + 6;
      }
      const perRow = Math.max(1, Math.floor((P.w - 20) / step));
      for (const [kind, label, hint] of POOL_KINDS) {
        const dice = pool[kind];
        if (dice.length === 0) continue;
        const lt = this.t(`${label}`, { size: m.font - 1, color: INK, weight: 700 });
        lt.position.set(P.x + 12, y);
        const ht = this.t(hint, { size: m.font - 3, color: MUTED });
        ht.position.set(P.x + 18 + lt.width, y + 2);
        this.scene.addChild(lt, ht);
        y += lt.height + 4;
        dice.forEach((d, i) => dieOf(d, P.x + 12 + m.pd / 2 + (i % perRow) * step, y + m.pd / 2 + Math.floor(i / perRow) * step));
        y += Math.ceil(dice.length / perRow) * step + 4;
      }
      const r = Math.min(44, P.w / 5);
      const wy = Math.max(y + r + 30, P.y + P.h - r - 14);
      const wt = this.t('Who attacks whom', { size: m.font - 1, color: INK, weight: 700 }, 0.5, 1);
      wt.position.set(P.x + P.w / 2, wy - r - 10);
      this.scene.addChild(wt);
      this.drawWheel(P.x + P.w / 2, wy, r, m.font, true);
      return;
    }
    // Phone: groups flow left to right under the banner, each with a small caption.
    const capH = Math.max(11, m.font - 1);
    const kinds = POOL_KINDS.map(([kind]) => pool[kind]);
    const flow = flowPool(kinds.map((d) => d.length), P.w, m.pd, capH, POOL_KINDS.map(([, label]) => label));
    POOL_KINDS.forEach(([, label], k) => {
      const spots = flow.at[k];
      if (spots.length === 0) return;
      const lt = this.t(label, { size: capH - 1, color: MUTED, weight: 700 });
      lt.position.set(P.x + spots[0].x - m.pd / 2, P.y + spots[0].y - m.pd / 2 - capH - 3);
      this.scene.addChild(lt);
      kinds[k].forEach((d, i) => dieOf(d, P.x + spots[i].x, P.y + spots[i].y));
    });
  }

  /** The colour wheel: red → yellow → blue → red. */
  private drawWheel(cx: number, cy: number, r: number, font: number, label: boolean) {
    const g = new Graphics();
    this.scene.addChild(g);
    const pts = COLOURS.map((_, i) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
      return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
    });
    COLOURS.forEach((c, i) => {
      const a = pts[i];
      const b = pts[(i + 1) % 3];
      const k = 0.3;
      this.arrow(g, a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k, b.x - (b.x - a.x) * k, b.y - (b.y - a.y) * k, COLOUR_HEX[c], 0.9, 2.5);
    });
    COLOURS.forEach((c, i) => {
      g.circle(pts[i].x, pts[i].y, r * 0.28).fill(COLOUR_HEX[c]).stroke({ width: 1.5, color: 0x000000, alpha: 0.4 });
    });
    if (!label) return;
    const t = this.t('attacks', { size: font - 3, color: MUTED, weight: 600 }, 0.5, 0.5);
    t.position.set(cx, cy + 2);
    this.scene.addChild(t);
  }

  private arrow(g: Graphics, x1: number, y1: number, x2: number, y2: number, color: number, alpha: number, width: number) {
    const ang = Math.atan2(y2 - y1, x2 - x1);
    const head = 6 + width * 1.5;
    g.moveTo(x1, y1).lineTo(x2 - Math.cos(ang) * head * 0.6, y2 - Math.sin(ang) * head * 0.6).stroke({ width, color, alpha, cap: 'round' });
    g.poly([
      x2, y2,
      x2 - Math.cos(ang - 0.45) * head, y2 - Math.sin(ang - 0.45) * head,
      x2 - Math.cos(ang + 0.45) * head, y2 - Math.sin(ang + 0.45) * head,
    ], true).fill({ color, alpha });
  }

  // ---- the accessible helpers for a tap in progress -------------------------------------------------------

  private renderControls(view: ShieldsView, snap: Snapshot, legal: Legal) {
    const sel = this.sel;
    const key = JSON.stringify(sel) + (snap === this.snap ? snap.legal.length : '');
    if (key === this.controlsKey) return;
    this.controlsKey = key;
    const el = this.ctx.controls;
    el.replaceChildren();
    if (!sel) return;
    const cancel = h('button', { type: 'button', onclick: () => this.select(null) }, 'Cancel');
    if (sel.kind === 'pool') {
      const acts = legal.takes.get(sel.die) ?? [];
      el.append(h('p', {}, `Where does the ${shortName(sel.die)} go?`),
        ...acts.map((a) => h('button', { type: 'button', class: 'primary', onclick: () => this.send(a) },
          a.type === 'take' && a.placement === 'front' ? 'In front of the colored shields' : 'Behind the colored shields')),
        cancel);
    } else if (sel.kind === 'battery') {
      const a = legal.attacks.get(sel.id);
      if (a) el.append(h('button', { type: 'button', class: 'primary', onclick: () => this.send(a) }, `Roll: ${actionLabel(a, snap).replace(/^Attack/, 'attack')}`), cancel);
    } else {
      el.append(h('p', {}, `Pick where the ${shortName(sel.die)} goes (or use the buttons below).`), cancel);
    }
    void view;
  }

  // ---- the roll -------------------------------------------------------------------------------------------

  /**
   * Tumbles the attacker's die from its battery toward the target and lands on the server's number; the table keeps
   * the position before the attack until then. Short, because every animated frame costs a render; skipped for
   * people who ask for reduced motion (the result is marked on the table either way).
   */
  private roll(ev: AttackEvent, seq: number) {
    const id = ++this.rollId;
    this.rolling = true;
    this.ctx.stage.app.canvas.dataset.rolling = 'true'; // taps wait for the landing (the browser tests read this)
    this.clearFx();
    const from = this.places.get(ev.die) ?? this.places.get(ev.battery);
    const to = this.places.get(ev.layer) ?? this.places.get(ev.target);
    const L = this.layout;
    const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!from || !to || !L || still) {
      this.land(id, ev, seq);
      return;
    }
    this.draw(); // the picked-up selection and glows go while the die is in the air
    const size = Math.round(L.m.u * 1.15);
    const look = (dieInfo(ev.die)?.colour ?? 'red') as Colour;
    const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    const trail = new Graphics();
    this.arrow(trail, from.x, from.y, to.x, to.y, HOT, 0.55, 3);
    this.fx.addChild(trail);
    let shown = '';
    let face: Container | null = null;
    const setFace = (v: string) => {
      if (v === shown) return;
      shown = v;
      const old = face;
      face = makeDie(this.text, { sides: ev.sides, look, size, text: v, mark: 'target', pin: true });
      face.position.copyFrom(old?.position ?? from);
      face.rotation = old?.rotation ?? 0;
      old?.destroy({ children: true });
      this.fx.addChild(face);
    };
    setFace(String(1 + Math.floor(Math.random() * ev.sides)));
    const flight = 500;
    const hold = 350;
    let t = 0;
    this.ctx.stage.animate((dt) => {
      if (id !== this.rollId || this.destroyed) return false;
      t += dt;
      const k = Math.min(1, t / flight);
      if (k < 1 && Math.floor(t / 80) !== Math.floor((t - dt) / 80)) setFace(String(1 + Math.floor(Math.random() * ev.sides)));
      if (k >= 1) setFace(String(ev.value));
      const e = 1 - (1 - k) ** 3;
      face!.position.set(from.x + (mid.x - from.x) * e, from.y + (mid.y - from.y) * e - Math.sin(k * Math.PI) * 40);
      face!.rotation = Math.sin(t / 35) * 0.6 * (1 - k);
      if (t < flight + hold) return true;
      this.land(id, ev, seq);
      return false;
    });
  }

  private clearFx() {
    for (const c of this.fx.removeChildren()) c.destroy({ children: true });
  }

  /** Draws the newest snapshot with what the roll did marked where it hit, until the next action. */
  private land(id: number, ev: AttackEvent, seq: number) {
    if (id !== this.rollId || this.destroyed) return;
    this.rolling = false;
    delete this.ctx.stage.app.canvas.dataset.rolling;
    this.clearFx();
    this.hit = { seq, ev };
    this.shown = this.snap;
    this.draw();
    this.ctx.caughtUp?.();
  }

  /** The damage of the newest roll as a badge on the layer it hit (on the battery when a shield broke). */
  private drawHit(snap: Snapshot) {
    const hit = this.hit;
    const entry = snap.log[snap.log.length - 1];
    // An attack that won a game of a match is followed at once by a fresh table: nothing of it to mark there.
    if (!hit || entry?.seq !== hit.seq || entry.events.some((e) => e.type === 'game-start')) return;
    const { ev } = hit;
    const where = this.places.get(ev.layer) ?? this.places.get(ev.target);
    if (!where) return;
    const ring = new Graphics().circle(where.x, where.y, where.size * 0.62).stroke({ width: 3, color: HOT, alpha: 0.9 });
    this.scene.addChild(ring);
    const badge = (text: string, size: number, x: number, y: number, fill: number, ink: number) => {
      const t = this.text.sprite(text, { size, color: ink, weight: 800 }, 0.5, 0.5, false, true);
      const w = Math.max(t.width + 10, t.height + 4);
      const L = this.layout!;
      x = Math.max(L.bx + w / 2 + 2, Math.min(L.bx + L.bw - w / 2 - 2, x)); // whole, even at the board's edge
      const pill = new Graphics().roundRect(x - w / 2, y - t.height / 2 - 1, w, t.height + 2, (t.height + 2) / 2)
        .fill({ color: fill, alpha: 0.95 }).stroke({ width: 1.5, color: 0x000000, alpha: 0.5 });
      t.position.set(x, y);
      this.scene.addChild(pill, t);
    };
    badge(`−${ev.before - ev.after}`, 15, where.x + where.size * 0.5, where.y - where.size * 0.45, HOT, 0xffffff);
    const broke = ev.destroyed.length > 0 ? (dieInfo(ev.layer)?.kind === 'battery' ? 'destroyed!' : 'shield broken') : '';
    const notes = [ev.lost > 0 ? `${ev.lost} lost` : '', broke].filter(Boolean).join(' · ');
    if (notes) badge(notes, 11, where.x + where.size * 0.3, where.y + where.size * 0.52, 0x0b120e, 0xffd0c8);
  }
}

export const createView: ViewFactory = (ctx) => new ShieldsTable(ctx);
