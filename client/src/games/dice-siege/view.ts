// The Dice Siege play sheet: the stronghold filling level by level, the attacker lines, the dice tray (tap to hold
// while rolling), abilities and reinforcements, the specials, and in a race the others' sheets as live thumbnails.
// Using the dice: tap a die, then an ability, a reinforcement or an attacker; the sheet previews the commit.
import { Container, Graphics } from 'pixi.js';
import { h, render, type ComponentChildren } from 'preact';
import { ATTACKER_NAMES, specialInfo, TRACK_IDS, TRACKS, type SpecialId, type Use } from '@dicehall/shared/dice-siege';
import type { SheetView, SiegeAction, SiegeView } from '@dicehall/shared/dice-siege';
import { allMoves } from '../all-moves';
import type { Snapshot } from '../../net/store';
import { makeText, type TextLook } from '../../engine/text';
import type { GameView, ViewContext, ViewFactory } from '../types';
import { INK, LIT, MUTED } from './draw';
import {
  bestUse,
  emptyDraft,
  faceFits,
  pairOf,
  stateOf,
  toPlan,
  unlockable,
  usable,
  type Draft,
  type Preview,
} from './plan';
import {
  abilities,
  attackers,
  specials,
  stronghold,
  thumbnails,
  TRACK_NAMES,
  tray,
  USE_SHORT,
  type Painter,
  type Selected,
  type Sheetwork,
} from './sections';

const GAP = 10;

class SiegeSheet implements GameView {
  readonly container = new Container();
  private scene = new Container();
  private snap: Snapshot | null = null;
  private view: SiegeView | null = null;
  private focus: number | null = null;
  private chosen = false;
  private key = '';
  private draft: Draft | null = null;
  private mode: 'roll' | 'use' = 'roll';
  private held = new Set<number>();
  private selected: Selected = null;
  private note = '';
  private targets: Record<string, number[]> = {};
  private destroyed = false;
  private offResize: () => void;
  constructor(private ctx: ViewContext) {
    this.container.addChild(this.scene);
    this.offResize = ctx.stage.onResize(() => this.draw());
    this.renderControls(null);
  }

  private get me() {
    return this.snap?.mySeat ?? null;
  }

  private get sheet() {
    // Every seat has a sheet, and the focus is always one of the seats.
    return this.view!.sheets[this.focus ?? 0]!;
  }

  /** The viewer builds a plan on their own sheet while the round awaits them. */
  private get active() {
    const s = this.snap;
    return (
      !!s &&
      !!this.view &&
      s.phase === 'playing' &&
      this.me !== null &&
      this.focus === this.me &&
      this.sheet.phase === 'roll' &&
      s.toAct.includes(this.me)
    );
  }

  update(snap: Snapshot) {
    this.snap = snap;
    const v = snap.view as SiegeView | null;
    if (!v?.sheets) return;
    const newRound = this.view?.round !== v.round;
    this.view = v;
    // The viewer's own sheet, until they tap another's thumbnail (a seat can be learnt after the first view).
    if (!this.chosen) this.focus = this.me ?? 0;
    if (this.focus === null || this.focus >= v.sheets.length) this.focus = 0;
    const mine = this.me !== null ? v.sheets[this.me] : null;
    const key = mine ? `${v.round}|${mine.attempt}|${mine.tray.join('')}` : '';
    if (key !== this.key) {
      this.key = key;
      if (newRound) this.held.clear();
      this.resetDraft();
      this.mode = mine && mine.attempt > 0 && mine.attempt >= mine.maxAttempts ? 'use' : 'roll';
    }
    this.draw();
  }

  private resetDraft() {
    const mine = this.me !== null ? this.view?.sheets[this.me] : null;
    this.draft = mine?.tray.length ? emptyDraft(mine.tray.length) : null;
    this.selected = null;
    this.note = '';
  }

  private preview(): Preview | null {
    return this.active && this.mode === 'use' && this.draft ? toPlan(this.view!, this.me!, this.draft) : null;
  }

  private say(s: string) {
    this.note = s;
    this.draw();
  }

  // ---- taps -------------------------------------------------------------------------------------

  private faceOf(i: number) {
    // i is a die of the tray (taps and plans name only those).
    const face = this.sheet.tray[i]!;
    return this.draft ? (pairOf(this.draft, i)?.as ?? face) : face;
  }

  private tapDie(i: number) {
    if (!this.active) return;
    const sh = this.sheet;
    if (this.mode === 'roll') {
      if (this.held.has(i)) this.held.delete(i);
      else this.held.add(i);
      return this.say('');
    }
    const d = this.draft!;
    const j = this.selected;
    if (typeof j === 'number' && j !== i && sh.tray[i] === 1 && sh.tray[j] === 1 && !pairOf(d, i) && !pairOf(d, j)) {
      d.pairs.push({ dice: [j, i], as: 2, use: null, target: null });
      d.uses[i] = d.uses[j] = null;
      return this.say("Halflings: these two 1's count as one die. Choose its number below, then tap where it goes.");
    }
    if (j === i || (typeof j === 'number' && pairOf(d, i) && pairOf(d, i) === pairOf(d, j))) {
      const pair = pairOf(d, i);
      if (pair) d.pairs.splice(d.pairs.indexOf(pair), 1);
      d.uses[i] = null;
      d.targets[i] = null;
      this.selected = null;
      return this.say('That die is free again.');
    }
    this.selected = i;
    const face = this.faceOf(i);
    this.say(
      face === 6
        ? 'A 6: tap a reinforcement box to check.'
        : face === 1 && !pairOf(d, i)
          ? 'A 1: tap another 1 to pair them as Halflings.'
          : `A ${face}: tap an attacker to hit it, or an ability.`,
    );
  }

  private tapUse(u: Use) {
    if (!this.active || this.mode !== 'use') return;
    const i = this.selected;
    if (typeof i !== 'number') return this.say('Tap one of your dice first.');
    const why = faceFits(this.faceOf(i), u);
    if (why) return this.say(why);
    const pair = pairOf(this.draft!, i);
    if (pair) pair.use = u;
    else this.draft!.uses[i] = u;
    if (u.startsWith('box-')) this.selected = null;
    this.say(
      u.startsWith('box-')
        ? `${TRACK_NAMES[u.slice(4) as keyof typeof TRACK_NAMES]} box marked in orange: it is checked when you end the round.`
        : 'Now tap an attacker to place its damage.',
    );
  }

  private tapAttacker(id: string) {
    if (!this.active || this.mode !== 'use') return;
    const d = this.draft!;
    const sh = this.sheet;
    const a = sh.attackers.find((x) => x.id === id)!;
    const sel = this.selected;
    if (typeof sel === 'number') {
      const pair = pairOf(d, sel);
      const used = new Set(d.specials);
      const use = (pair ? pair.use : d.uses[sel]) ?? bestUse(stateOf(this.view!), sh, this.faceOf(sel), used);
      if (!use || use.startsWith('box-'))
        return this.say(
          this.faceOf(sel) === 6
            ? "6's check reinforcement boxes, they do no damage."
            : `No ability can use a ${this.faceOf(sel)} now.`,
        );
      if (pair) Object.assign(pair, { use, target: id });
      else {
        d.uses[sel] = use;
        d.targets[sel] = id;
      }
      this.selected = null;
      return this.say('');
    }
    if (sel === 'wizard') d.wizard = [{ target: id, n: 6 }];
    else if (sel === 'summon') {
      const placed = d.summon.reduce((t, s) => t + s.n, 0);
      const room = a.boxes - a.hits - (this.preview()?.hits[id] ?? 0);
      if (room > 0 && placed < 15) d.summon.push({ target: id, n: Math.min(room, 15 - placed) });
    } else if (sel === 'heroic') d.heroicLine = a.line;
    else {
      // Nothing selected: tapping an attacker takes back what was placed on it.
      d.targets = d.targets.map((t) => (t === id ? null : t));
      for (const p of d.pairs) if (p.target === id) p.target = null;
      d.wizard = d.wizard.filter((w) => w.target !== id);
      d.summon = d.summon.filter((s) => s.target !== id);
      return this.say('Tap a die, then an attacker.');
    }
    this.say('');
  }

  private tapSpecial(id: SpecialId) {
    if (!this.active || this.mode !== 'use') return;
    const d = this.draft!;
    const sh = this.sheet;
    const name = specialInfo(id).name;
    if (d.specials.includes(id)) {
      d.specials = d.specials.filter((s) => s !== id);
      if (id === 'wizards-light') d.wizard = [];
      if (id === 'summon-the-dead') d.summon = [];
      if (id === 'heroic-deeds') d.heroicLine = null;
      this.selected = null;
      return this.say(`${name} not used.`);
    }
    if (d.unlock === id) {
      d.unlock = null;
      return this.say(`${name} not circled.`);
    }
    if (usable(sh, this.view!.round).includes(id)) {
      d.specials.push(id);
      const aims: Partial<Record<SpecialId, Selected>> = {
        'wizards-light': 'wizard',
        'summon-the-dead': 'summon',
        'heroic-deeds': 'heroic',
      };
      this.selected = aims[id] ?? null;
      return this.say(
        aims[id]
          ? `${name}: tap the attacker${id === 'heroic-deeds' ? ' whose line it destroys' : ' it hits'}.`
          : `${name} used this round.`,
      );
    }
    const n = this.preview()?.ofAKind ?? 0;
    if (unlockable(sh, n).includes(id)) {
      if (d.unlock) return this.say('One special a round: tap the circled one first to change it.');
      d.unlock = id;
      return this.say(`${name} circled: usable from the next round.`);
    }
    const st = sh.specials[id];
    this.say(
      st.used !== null
        ? `${name} is used.`
        : st.unlocked !== null
          ? `${name} was circled this round: usable from the next.`
          : `${name} needs ${specialInfo(id).tier} of a kind; your dice give ${n}.`,
    );
  }

  // ---- controls ---------------------------------------------------------------------------------

  private onPrimary() {
    if (!this.active) return;
    const sh = this.sheet;
    if (this.mode === 'roll') {
      const hold = sh.attempt === 0 ? [] : [...this.held].filter((i) => i < sh.tray.length).sort((a, b) => a - b);
      this.ctx.act({ type: 'roll', hold });
      return;
    }
    const p = this.preview();
    if (p && !p.error) this.ctx.act(p.plan);
  }

  private onSecondary() {
    if (!this.active || this.sheet.attempt === 0) return;
    this.mode = this.mode === 'roll' ? 'use' : 'roll';
    this.selected = null;
    this.say(
      this.mode === 'use'
        ? 'Tap a die, then an attacker, an ability or a reinforcement box.'
        : 'Tap dice to hold them, then reroll the rest.',
    );
  }

  /** The round's buttons and message line, rendered with preact: the DOM nodes that did not change stay (and keep focus). */
  private renderControls(p: Preview | null) {
    const v = this.view;
    const active = this.active;
    let primary = { text: '', disabled: false, hidden: true };
    let secondary = { text: '', hidden: true };
    let clearHidden = true;
    let halflings: ComponentChildren = null;
    let text = '';
    if (v) {
      const sh = this.sheet;
      if (active && this.mode === 'roll') {
        const n =
          sh.attempt === 0 ? sh.diceCount : sh.tray.length - [...this.held].filter((i) => i < sh.tray.length).length;
        primary = {
          text:
            sh.attempt === 0
              ? `Roll ${n} dice`
              : `Reroll ${n} ${n === 1 ? 'die' : 'dice'} (roll ${sh.attempt + 1} of ${sh.maxAttempts})`,
          disabled: n === 0 || sh.attempt >= sh.maxAttempts,
          hidden: false,
        };
        secondary = { text: 'Use these dice', hidden: sh.attempt === 0 };
      } else if (active && p) {
        primary = {
          text: p.error ? 'Cannot end the round yet' : `End round ${v.round}: deal ${p.placed}, take ${p.threat}`,
          disabled: p.error !== null,
          hidden: false,
        };
        secondary = {
          text: `Back to rolling (${sh.maxAttempts - sh.attempt} left)`,
          hidden: sh.attempt >= sh.maxAttempts,
        };
        clearHidden = false;
        halflings = this.draft!.pairs.map((pair, k) =>
          h(
            'select',
            {
              key: k,
              'aria-label': 'Halflings count as',
              style: 'min-height:44px',
              onChange: (e: Event) => {
                pair.as = Number((e.currentTarget as HTMLSelectElement).value);
                pair.use = null;
                this.draw();
              },
            },
            ...[2, 3, 4, 5, 6].map((n) =>
              h('option', { value: String(n), selected: n === pair.as }, `Halflings as ${n}`),
            ),
          ),
        );
      }
      text = active
        ? p?.error
          ? `${p.error}`
          : this.note ||
            (this.mode === 'roll'
              ? sh.attempt === 0
                ? 'Roll your dice.'
                : 'Tap dice to hold them, then reroll the rest, or use them.'
              : this.usageLine(p))
        : this.waitingLine();
    }
    render(
      h(
        'div',
        { class: 'siege-controls', style: 'display:flex;flex-wrap:wrap;gap:0.4rem;align-items:center' },
        h(
          'button',
          {
            type: 'button',
            class: 'primary siege-primary',
            style: 'min-height:44px',
            hidden: primary.hidden,
            disabled: primary.disabled,
            onClick: () => this.onPrimary(),
          },
          primary.text,
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'siege-secondary',
            style: 'min-height:44px',
            hidden: secondary.hidden,
            onClick: () => this.onSecondary(),
          },
          secondary.text,
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'siege-clear',
            style: 'min-height:44px',
            hidden: clearHidden,
            onClick: () => {
              this.resetDraft();
              this.draw();
            },
          },
          'Clear',
        ),
        h('span', { class: 'siege-halflings' }, halflings),
        h('p', { class: 'siege-message', 'aria-live': 'polite', style: 'margin:0.2rem 0;min-height:1.3em' }, text),
        this.snap?.phase === 'playing' ? LEGEND : null,
        active && this.snap && this.view
          ? allMoves(
              (this.snap.legal as SiegeAction[]).map((a) => ({
                label: moveWords(a, this.sheet, this.view!),
                send: () => this.ctx.act(a),
              })),
            )
          : null,
      ),
      this.ctx.controls,
    );
  }

  private usageLine(p: Preview | null): string {
    if (!p) return '';
    const lost = p.damage - p.placed;
    return `Dice deal ${p.damage}${lost > 0 ? `, ${lost} not placed yet` : ''}. The attackers would deal ${p.threat}.`;
  }

  private waitingLine(): string {
    const s = this.snap!;
    const v = this.view!;
    if (s.phase !== 'playing') return '';
    const names = (seats: number[]) => seats.map((x) => s.seats[x]?.name ?? `Seat ${x + 1}`).join(', ');
    const mine = this.me !== null ? v.sheets[this.me] : null;
    if (mine && this.focus !== this.me) return 'Tap your own sheet below to play.';
    if (mine && mine.phase === 'done') return `Round ${v.round} done. Waiting for ${names(s.toAct)}.`;
    return s.toAct.length ? `Round ${v.round}: ${names(s.toAct)} to play.` : '';
  }

  // ---- drawing ----------------------------------------------------------------------------------

  private draw() {
    if (this.destroyed) return;
    for (const c of this.scene.removeChildren()) c.destroy({ children: true });
    const v = this.view;
    const snap = this.snap;
    if (!v || !snap) return this.ctx.stage.invalidate();
    this.targets = {};
    const g = new Graphics();
    const hits = new Container();
    this.scene.addChild(g, hits);
    const p: Painter = {
      g,
      text: (s: string, style: TextLook, x: number, y: number, ax = 0, ay = 0) => {
        const sp = makeText(s, style, ax, ay);
        sp.position.set(Math.round(x), Math.round(y));
        this.scene.addChild(sp);
        return sp;
      },
      hit: (key, x, y, w, hh, onTap) => {
        const c = new Container();
        c.eventMode = 'static';
        c.cursor = 'pointer';
        c.hitArea = {
          contains: (px: number, py: number) => px >= x - 2 && px <= x + w + 2 && py >= y - 2 && py <= y + hh + 2,
        };
        c.on('pointertap', onTap);
        hits.addChild(c);
        this.targets[key] = [Math.round(x), Math.round(y), Math.round(w), Math.round(hh)];
      },
      mark: (key, x, y, w, hh) => {
        this.targets[key] = [Math.round(x), Math.round(y), Math.round(w), Math.round(hh)];
      },
    };
    const { width: W, height: H } = this.ctx.stage;
    const preview = this.preview();
    const sh = this.sheet;
    const n = preview?.ofAKind ?? 0;
    const S: Sheetwork = {
      view: v,
      sheet: sh,
      active: this.active,
      mode: this.mode,
      draft: this.active ? this.draft : null,
      preview,
      held: this.held,
      selected: this.selected,
      small: W < 560,
      tapDie: (i) => this.tapDie(i),
      tapUse: (u) => this.tapUse(u),
      tapAttacker: (id) => this.tapAttacker(id),
      tapSpecial: (id) => this.tapSpecial(id),
    };
    const canUnlock = new Set(this.active ? unlockable(sh, n) : []);
    const canUse = new Set(this.active ? usable(sh, v.round) : []);
    const names = snap.seats.map((s) => s.name);
    const PAD = W < 560 ? 6 : 8;
    const wide = W >= 700 && W > H * 1.15;
    const colW = wide ? Math.floor((W - 2 * PAD - 16) * 0.5) : W - 2 * PAD;
    const tight = !wide && S.small && H < 470;
    const thumbs = (x: number, y: number) =>
      thumbnails(
        p,
        v,
        names,
        this.focus ?? 0,
        this.me,
        x,
        y,
        colW,
        (s) => {
          this.focus = s;
          this.chosen = s !== this.me;
          this.selected = null;
          this.draw();
        },
        S.small,
        tight,
      );
    // A short phone's board (360x640): one-line thumbnails and tighter gaps, so the sheet fits its first screen.
    let y = PAD;
    y += this.header(p, v, preview, PAD, y, colW) + (tight ? 2 : 6);
    let ry = y;
    if (wide) {
      // Two columns: the sheet's state on the left, what the dice do on the right.
      y += stronghold(p, S, PAD, y, colW) + GAP;
      y += attackers(p, S, PAD, y, colW, colW >= 460 ? 3 : 2);
      const rx = PAD + colW + 16;
      ry = PAD;
      ry += tray(p, S, rx, ry, colW) + GAP;
      ry += abilities(p, S, rx, ry, colW) + GAP;
      ry += specials(p, S, rx, ry, colW, 4, canUnlock, canUse) + GAP;
      ry += thumbs(rx, ry);
    } else {
      // One column that fits a phone's first screen: the walls (the player's life) first, the race, the dice, what
      // they can do, then the attackers (under the round's buttons' reach).
      const gap = tight ? 2 : S.small ? 4 : GAP - 4;
      y += stronghold(p, S, PAD, y, colW) + gap;
      if (v.sheets.length > 1) y += thumbs(PAD, y) + gap;
      y += tray(p, S, PAD, y, colW) + gap;
      y += abilities(p, S, PAD, y, colW) + gap;
      y += specials(p, S, PAD, y, colW, 4, canUnlock, canUse) + gap;
      // What does not fit the board's height (a race on a phone) is summed up in a line.
      y += attackers(p, S, PAD, y, colW, 2, S.small ? H - y - PAD : undefined);
    }
    this.renderControls(preview);
    this.ctx.stage.report({
      game: 'dice-siege',
      targets: this.targets,
      mode: this.mode,
      tray: sh.tray,
      held: [...this.held].sort((a, b) => a - b),
      attempt: sh.attempt,
      round: v.round,
      inBattle: sh.entered,
      openTracks: TRACK_IDS.filter((t) => sh.tracks[t] < TRACKS[t]),
      focus: this.focus,
      wide,
      contentHeight: Math.ceil(Math.max(y, ry)),
      preview: preview
        ? {
            error: preview.error,
            damage: preview.damage,
            placed: preview.placed,
            threat: preview.threat,
            hits: preview.hits,
          }
        : null,
    });
    this.ctx.stage.invalidate();
  }

  private header(p: Painter, v: SiegeView, pr: Preview | null, x: number, y: number, w: number): number {
    const sh = this.sheet;
    const owner = this.focus === this.me ? '' : `${this.snap!.seats[this.focus ?? 0]?.name ?? 'Player'} · `;
    const roll =
      sh.phase === 'roll' && !sh.hidden
        ? ` · roll ${sh.attempt} of ${sh.maxAttempts}`
        : sh.phase === 'won'
          ? ' · held out!'
          : sh.phase === 'lost'
            ? sh.left
              ? ' · left'
              : ' · overrun'
            : '';
    p.text(
      `${owner}Round ${v.round}${roll}${v.mode === 'epic' ? ' · Epic' : ''}`,
      { size: 14, color: INK, weight: 700 },
      x,
      y,
    );
    const threat = pr && !pr.error ? `Attackers deal ${sh.threat} → ${pr.threat}` : `Attackers deal ${sh.threat}`;
    p.text(
      sh.phase === 'roll' || sh.phase === 'done' ? threat : '',
      { size: 12, color: pr ? LIT : MUTED },
      x + w,
      y + 2,
      1,
      0,
    );
    return 20;
  }

  destroy() {
    this.destroyed = true;
    this.offResize();
    render(null, this.ctx.controls);
    this.container.destroy({ children: true });
  }
}

/** What each mark on the sheet means, in a player's words (the paper sheet's ticks, crosses and circles). */
const swatch = (style: string) =>
  h('span', {
    'aria-hidden': 'true',
    style: `display:inline-block;width:0.8em;height:0.8em;margin-right:0.25em;vertical-align:-0.05em;${style}`,
  });
const LEGEND = h(
  'p',
  { class: 'siege-legend' },
  h('span', {}, swatch('background:#efe8d6'), 'open box'),
  h('span', {}, swatch('background:#c44536'), 'checked (a wall lost, an attacker hit)'),
  h('span', {}, swatch('background:#f39c34'), 'checked when you end the round'),
  h('span', {}, swatch('border:2px solid #ffe08a;border-radius:3px'), 'where the chosen die goes'),
  h('span', {}, swatch('border:2px solid #e6e6e6;border-radius:3px'), 'special circled: usable next round'),
  h('span', {}, '✓ special used'),
);

const dieWords = (faces: number[]) => (faces.length === 1 ? `a ${faces[0]}` : faces.join(', '));

/** A legal action in words, for the "All moves" list: a roll names the dice kept, a plan what each die does. */
export function moveWords(a: SiegeAction, sh: SheetView, v: SiegeView): string {
  if (a.type === 'roll') {
    const n = sh.tray.length || sh.diceCount;
    if (sh.attempt === 0) return `Roll ${n} dice`;
    if (a.hold.length === 0) return `Reroll all ${n} dice`;
    const kept = a.hold.map((i) => sh.tray[i]!);
    return `Keep ${dieWords(kept)} (${a.hold.map((i) => `die ${i + 1}`).join(', ')}), reroll ${n - kept.length}`;
  }
  const useName = (u: Use) =>
    u.startsWith('box-') ? `${TRACK_NAMES[u.slice(4) as keyof typeof TRACK_NAMES]} box` : USE_SHORT[u];
  const uses = a.dice.flatMap((u, i) => (u ? [`${sh.tray[i]} to ${useName(u)}`] : []));
  const hits = a.hits.map((x) => {
    const at = sh.attackers.find((t) => t.id === x.target);
    return `${x.n} on ${at ? `${at.line} ${ATTACKER_NAMES[at.kind]}` : x.target}`;
  });
  const parts = [
    uses.length ? uses.join(', ') : 'no dice used',
    ...(hits.length ? [`damage ${hits.join(', ')}`] : []),
    ...(a.unlock ? [`circle ${specialInfo(a.unlock).name}`] : []),
  ];
  return `End round ${v.round}: ${parts.join('; ')}`;
}

export const createView: ViewFactory = (ctx) => new SiegeSheet(ctx);
