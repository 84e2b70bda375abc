// The play sheet's sections, each drawn at (x, y) in a width and returning its height: the stronghold, the attacker
// lines, the dice tray, abilities and reinforcements, the specials, and the other racers' thumbnails.
import type { Graphics, Text } from 'pixi.js';
import { ATTACKER_NAMES, SPECIAL_ATTACK_NAMES, TROLL_DAMAGE } from '@dicehall/shared/dice-siege';
import { useDamage } from '@dicehall/shared/dice-siege';
import {
  isAlive,
  SPECIALS,
  TRACK_IDS,
  TRACKS,
  type SpecialId,
  type Track,
  type Use,
} from '@dicehall/shared/dice-siege';
import type { SheetView, SiegeView } from '@dicehall/shared/dice-siege';
import type { TextLook } from '../../engine/text';
import { boxes, boxSize, cell, CHECK, die, INK, LIT, MUTED, PREVIEW } from './draw';
import { pairOf, stateOf, type Draft, type Preview } from './plan';

export interface Painter {
  g: Graphics;
  text(s: string, style: TextLook, x: number, y: number, ax?: number, ay?: number): Text;
  /** A tap target, also reported to the geometry hook under `key`. */
  hit(key: string, x: number, y: number, w: number, h: number, onTap: () => void): void;
  /** A named part of the sheet that is not tapped (the walls), reported to the geometry hook under `key`. */
  mark(key: string, x: number, y: number, w: number, h: number): void;
}

export type Selected = number | 'wizard' | 'summon' | 'heroic' | null;

export interface Sheetwork {
  view: SiegeView;
  sheet: SheetView;
  /** The viewer may build a plan on this sheet now. */
  active: boolean;
  mode: 'roll' | 'use';
  draft: Draft | null;
  preview: Preview | null;
  held: ReadonlySet<number>;
  selected: Selected;
  small: boolean;
  tapDie(i: number): void;
  tapUse(u: Use): void;
  tapAttacker(id: string): void;
  tapSpecial(id: SpecialId): void;
}

export const ABILITIES: { use: Use; name: string; face: number }[] = [
  { use: 'archers', name: 'Archers', face: 2 },
  { use: 'warriors', name: 'Warriors', face: 3 },
  { use: 'riders', name: 'Riders', face: 3 },
  { use: 'trebuchets', name: 'Trebuchet', face: 4 },
  { use: 'elves', name: 'Elves', face: 5 },
];
export const TRACK_NAMES: Record<Track, string> = {
  extra1: 'Extra die',
  extra2: 'Extra die',
  elves: 'Elves',
  riders: 'Riders',
};
const LEVEL_NAMES = ['Outer Walls', 'Inner Walls', 'Courtyard'];

export function stronghold(p: Painter, S: Sheetwork, x: number, y: number, w: number): number {
  const { view: v, sheet: sh } = S;
  const incoming = S.preview && !S.preview.error ? S.preview.threat : 0;
  const lw = S.small ? 84 : 104;
  let at = y;
  let before = 0;
  v.levels.forEach((count, level) => {
    const checked = Math.max(0, Math.min(count, sh.damage - before));
    const pre = Math.max(0, Math.min(count - checked, sh.damage + incoming - before - checked));
    before += count;
    const fallen = checked === count;
    const name = LEVEL_NAMES[level] ?? `Level ${level + 1}`;
    const left = fallen ? 'fallen' : `${count - checked} of ${count}`;
    if (S.small) {
      // A phone: one row per level, its name beside two rows of boxes (a fallen level: all red, its name dim).
      p.text(name, { size: 12, color: fallen ? MUTED : INK, weight: 700 }, x, at + 3);
      const h = boxes(p.g, x + lw, at + 1, w - lw, count, checked, pre, boxSize(w - lw, count, 2, 5, 9));
      const rowH = Math.max(21, h + 3);
      p.mark(`wall:${level}`, x, at, w, rowH - 1);
      at += rowH;
      return;
    }
    p.text(name, { size: 12, color: fallen ? MUTED : INK, weight: 700 }, x, at);
    p.text(left, { size: 12, color: fallen ? CHECK : MUTED }, x, at + 15);
    const h = boxes(p.g, x + lw, at + 2, w - lw, count, checked, pre, boxSize(w - lw, count, 1, 7, 12));
    const rowH = Math.max(32, h + 6);
    p.mark(`wall:${level}`, x, at, w, rowH - 2);
    at += rowH;
  });
  const notes = [
    sh.breached ? 'Walls breached: Warriors fight, no trebuchets' : '',
    sh.courtyard ? 'Courtyard: four rolls' : '',
  ]
    .filter(Boolean)
    .join(' · ');
  if (notes) {
    p.text(notes, { size: 12, color: LIT }, x, at);
    at += 16;
  }
  return at - y;
}

/**
 * Every attacker line as cards: in battle (bright), still to come (dim), destroyed (struck through). Within `room`
 * pixels of height: where they do not all fit (a race on a phone), destroyed cards go first, then the furthest
 * still to come, and one line says what is not drawn.
 */
export function attackers(
  p: Painter,
  S: Sheetwork,
  x: number,
  y: number,
  w: number,
  cols: number,
  room = Number.POSITIVE_INFINITY,
): number {
  const { view: v, sheet: sh } = S;
  const gap = 4;
  const cw = (w - gap * (cols - 1)) / cols;
  const ch = S.small ? 40 : 42;
  type Card = { line: (typeof v.lines)[number]; a: (typeof sh.attackers)[number] | null; gone: boolean };
  let cards: Card[] = v.lines.flatMap((line): Card[] =>
    'special' in line
      ? [{ line, a: null, gone: line.line <= v.round }]
      : sh.attackers.filter((a) => a.line === line.line).map((a) => ({ line, a, gone: !isAlive(a) })),
  );
  const rowsFor = (n: number) => Math.ceil(n / cols) * (ch + gap) - gap;
  let note = '';
  if (rowsFor(cards.length) > room) {
    const fit = Math.max(cols, Math.floor((room - 18 + gap) / (ch + gap)) * cols);
    const gone = cards.filter((c) => c.gone);
    const drop = new Set(gone.slice(0, Math.max(0, cards.length - fit)));
    let kept = cards.filter((c) => !drop.has(c));
    const later = kept.slice(fit);
    kept = kept.slice(0, fit);
    const rounds = later.map((c) => c.line.line);
    note = [
      drop.size ? `${drop.size} destroyed not shown` : '',
      later.length
        ? `${later.length} more to come (round${rounds[0] === rounds[rounds.length - 1] ? ` ${rounds[0]}` : `s ${rounds[0]}–${rounds[rounds.length - 1]}`})`
        : '',
    ]
      .filter(Boolean)
      .join(' · ');
    cards = kept;
  }
  let i = 0;
  for (const { line, a } of cards) {
    const cx = x + (i % cols) * (cw + gap);
    const cy = y + Math.floor(i / cols) * (ch + gap);
    i++;
    if (a === null && 'special' in line) {
      const past = line.line <= v.round;
      cell(p.g, cx, cy, cw, ch, { dim: past });
      p.text(
        `${line.line} ${SPECIAL_ATTACK_NAMES[line.special.kind]}`,
        { size: 12, color: past ? MUTED : INK, weight: 700 },
        cx + 6,
        cy + 3,
      );
      p.text(`hits the walls for ${line.special.damage}`, { size: 12, color: MUTED }, cx + 6, cy + ch - 18);
      continue;
    }
    if (!a) continue;
    const entered = a.line <= v.round;
    const alive = isAlive(a);
    const pre = S.preview?.hits[a.id] ?? 0;
    const target = S.active && S.mode === 'use' && alive && (entered || S.selected === 'summon');
    cell(p.g, cx, cy, cw, ch, {
      on: entered && alive,
      dim: !entered || !alive,
      lit: target && S.selected !== null,
      ring: entered && alive ? CHECK : undefined,
    });
    const left = a.boxes - a.hits - pre;
    const tag = !alive
      ? 'destroyed'
      : !entered
        ? `round ${a.line}`
        : left <= 0
          ? 'destroyed now'
          : `${left} left · deals ${a.kind === 'trolls' ? TROLL_DAMAGE : left}`;
    p.text(
      `${a.line} ${ATTACKER_NAMES[a.kind]}`,
      { size: 12, color: alive ? INK : MUTED, weight: 700 },
      cx + 6,
      cy + 3,
    );
    const label = p.text(
      pre ? `−${pre} · ${tag}` : tag,
      { size: 12, color: pre ? PREVIEW : alive && entered ? INK : MUTED },
      cx + cw - 6,
      cy + ch - 19,
      1,
      0,
    );
    const bw = cw - 18 - label.width;
    const size = S.small ? boxSize(bw, a.boxes, 1, 4, 8) : boxSize(bw, a.boxes, 2, 5, 8);
    const rows = Math.ceil(a.boxes / Math.max(1, Math.floor((bw + 2) / (size + 2))));
    boxes(p.g, cx + 6, cy + ch - (rows > 1 ? 20 : 16), bw, a.boxes, a.hits, pre, size);
    if (!alive)
      p.g
        .moveTo(cx + 6, cy + ch / 2)
        .lineTo(cx + cw - 6, cy + ch / 2)
        .stroke({ width: 1.5, color: MUTED });
    p.hit(`atk:${a.id}`, cx, cy, cw, ch, () => S.tapAttacker(a.id));
  }
  // (The summary line gives way last, where not even it fits under the one row kept: never drawn half cut.)
  if (!note || rowsFor(i) + 18 > room) return rowsFor(i);
  p.text(note, { size: 12, color: MUTED }, x, y + rowsFor(i) + 3);
  return rowsFor(i) + 18;
}

export const USE_SHORT: Record<string, string> = {
  archers: 'Archers',
  warriors: 'Warriors',
  riders: 'Riders',
  trebuchets: 'Trebuchet',
  elves: 'Elves',
  'box-extra1': '+Extra',
  'box-extra2': '+Extra',
  'box-elves': '+Elves',
  'box-riders': '+Riders',
};

/** The dice tray: hold marks while rolling, each die's use while using them. */
export function tray(p: Painter, S: Sheetwork, x: number, y: number, w: number): number {
  const sh = S.sheet;
  const n = sh.tray.length || sh.diceCount;
  const gap = 6;
  const s = Math.max(40, Math.min(S.small ? 40 : 52, Math.floor((w - gap * (n - 1)) / n)));
  const left = x + (w - (n * s + (n - 1) * gap)) / 2;
  for (let i = 0; i < n; i++) {
    const dx = left + i * (s + gap);
    const face = sh.tray[i] ?? 0;
    const pair = S.draft ? pairOf(S.draft, i) : undefined;
    const use = pair ? pair.use : (S.draft?.uses[i] ?? null);
    die(p.g, dx, y, s, face, {
      held: S.mode === 'roll' && S.held.has(i),
      selected:
        S.selected === i || (pair !== undefined && typeof S.selected === 'number' && pair.dice.includes(S.selected)),
      used: S.mode === 'use' && use !== null,
      dim: face === 0,
    });
    const word =
      S.mode === 'roll' ? (S.held.has(i) ? 'held' : '') : pair ? `½ as ${pair.as}` : use ? USE_SHORT[use] : '';
    if (word)
      p.text(word, { size: 12, color: S.mode === 'roll' ? PREVIEW : LIT, weight: 700 }, dx + s / 2, y + s + 2, 0.5, 0);
    if (face > 0) p.hit(`die:${i}`, dx, y, s, s, () => S.tapDie(i));
  }
  return s + 16;
}

/** Abilities (dice of one face each) and the reinforcement tracks (6's). */
export function abilities(p: Painter, S: Sheetwork, x: number, y: number, w: number): number {
  const { sheet: sh, view: v } = S;
  const state = stateOf(v);
  const used = new Set(S.draft?.specials ?? []);
  const gap = S.small ? 4 : 5;
  const h = S.small ? 40 : 42;
  const aw = (w - gap * 4) / 5;
  const face = typeof S.selected === 'number' && S.draft ? (pairOf(S.draft, S.selected)?.as ?? sh.tray[S.selected]) : 0;
  ABILITIES.forEach((a, k) => {
    const cx = x + k * (aw + gap);
    const each = useDamage(state, sh, a.use, used);
    const n = S.draft
      ? S.draft.uses.filter((u, i) => u === a.use && !pairOf(S.draft!, i)).length +
        S.draft.pairs.filter((q) => q.use === a.use).length
      : 0;
    cell(p.g, cx, y, aw, h, {
      dim: each === null,
      on: n > 0,
      lit: S.mode === 'use' && face === a.face && each !== null,
    });
    p.text(a.name, { size: 12, color: each === null ? MUTED : INK, weight: 700 }, cx + aw / 2, y + 4, 0.5, 0);
    p.text(
      each === null ? `${a.face}s · closed` : n ? `${n}× = ${n * each}` : `${a.face}s · ${each} each`,
      { size: 12, color: n ? LIT : MUTED },
      cx + aw / 2,
      y + h - 19,
      0.5,
      0,
    );
    p.hit(`use:${a.use}`, cx, y, aw, h, () => S.tapUse(a.use));
  });
  const ty = y + h + gap;
  const tw = (w - gap * 3) / 4;
  TRACK_IDS.forEach((t, k) => {
    const cx = x + k * (tw + gap);
    const use = `box-${t}` as Use;
    const pre = S.draft
      ? S.draft.uses.filter((u, i) => u === use && !pairOf(S.draft!, i)).length +
        S.draft.pairs.filter((q) => q.use === use).length
      : 0;
    const full = sh.tracks[t] >= TRACKS[t];
    cell(p.g, cx, ty, tw, h, { on: pre > 0, dim: full, lit: S.mode === 'use' && face === 6 && !full });
    p.text(`${TRACK_NAMES[t]}${full ? ' ✓' : ''}`, { size: 12, color: full ? LIT : INK, weight: 700 }, cx + 6, ty + 4);
    boxes(p.g, cx + 6, ty + h - 17, tw - 12, TRACKS[t], sh.tracks[t], Math.min(pre, TRACKS[t] - sh.tracks[t]), 12);
    p.hit(`use:${use}`, cx, ty, tw, h, () => S.tapUse(use));
  });
  return h * 2 + gap;
}

/** The eight specials: circled when unlocked, ticked when used; this round's choices in the light colour. */
export function specials(
  p: Painter,
  S: Sheetwork,
  x: number,
  y: number,
  w: number,
  cols: number,
  canUnlock: ReadonlySet<SpecialId>,
  canUse: ReadonlySet<SpecialId>,
): number {
  const sh = S.sheet;
  const gap = S.small ? 4 : 5;
  const h = S.small ? 40 : 44;
  const cw = (w - gap * (cols - 1)) / cols;
  SPECIALS.forEach((sp, k) => {
    const cx = x + (k % cols) * (cw + gap);
    const cy = y + Math.floor(k / cols) * (h + gap);
    const st = sh.specials[sp.id];
    const circling = S.draft?.unlock === sp.id;
    const using = S.draft?.specials.includes(sp.id) ?? false;
    const offer = S.active && S.mode === 'use' && ((canUnlock.has(sp.id) && !S.draft?.unlock) || canUse.has(sp.id));
    cell(p.g, cx, cy, cw, h, { dim: st.used !== null, on: circling || using, lit: offer || circling || using });
    // The paper sheet's circle (unlocked) is a ring round the cell; its tick (used) sits in the corner.
    if (st.unlocked !== null || circling)
      p.g.roundRect(cx + 2, cy + 2, cw - 4, h - 4, 6).stroke({ width: 2, color: circling ? LIT : INK });
    if (st.used !== null || using) {
      const tx = cx + cw - 14;
      const ty = cy + 9;
      p.g
        .moveTo(tx - 5, ty)
        .lineTo(tx - 1, ty + 5)
        .lineTo(tx + 6, ty - 5)
        .stroke({ width: 2.5, color: using ? LIT : INK });
    }
    p.text(
      S.small ? `${sp.name} (${sp.tier}×)` : `${sp.tier}× ${sp.name}`,
      { size: 12, color: st.used !== null ? MUTED : INK, weight: S.small ? 400 : 700, wrap: cw - 6 },
      cx + cw / 2,
      cy + h / 2,
      0.5,
      0.5,
    );
    p.hit(`special:${sp.id}`, cx, cy, cw, h, () => S.tapSpecial(sp.id));
  });
  return Math.ceil(SPECIALS.length / cols) * (h + gap) - gap;
}

/** The other racers' sheets, small and live: boxes left, attackers standing, and where they are in the round. */
export function thumbnails(
  p: Painter,
  v: SiegeView,
  names: string[],
  focus: number,
  me: number | null,
  x: number,
  y: number,
  w: number,
  onTap: (s: number) => void,
  small = false,
  tight = false,
): number {
  if (v.sheets.length < 2) return 0;
  const n = v.sheets.length;
  const gap = 5;
  const cols = Math.min(n, Math.max(2, Math.floor((w + gap) / (92 + gap))));
  const tw = (w - gap * (cols - 1)) / cols;
  // On a phone a thumbnail is two lines of words over its bar; on a short phone one line (name, roll) over it.
  const h = tight ? 26 : small ? 40 : 48;
  const total = v.levels[0] + v.levels[1] + v.levels[2];
  v.sheets.forEach((sh, s) => {
    const cx = x + (s % cols) * (tw + gap);
    const cy = y + Math.floor(s / cols) * (h + gap);
    cell(p.g, cx, cy, tw, h, { on: s === focus, lit: s === focus });
    const place = v.ranking.indexOf(s) + 1;
    const label = `${place}. ${names[s] ?? `Seat ${s + 1}`}${s === me ? ' (you)' : ''}`;
    // One line: the name gives way (about 7.5 px a bold 12 px letter) to the state on its right ("choosing").
    const room = Math.floor((tw - 10 - 62) / 7.5);
    p.text(
      tight && label.length > room ? `${label.slice(0, Math.max(1, room - 1))}…` : label,
      { size: 12, color: INK, weight: 700 },
      cx + 5,
      cy + 3,
    );
    const state = sh.left
      ? 'left'
      : sh.phase === 'won'
        ? 'won'
        : sh.phase === 'lost'
          ? 'fell'
          : sh.phase === 'done'
            ? 'done'
            : sh.hidden
              ? 'choosing'
              : `roll ${sh.attempt}`;
    const standing = sh.attackers.filter((a) => isAlive(a)).length;
    if (tight) p.text(state, { size: 12, color: MUTED }, cx + tw - 5, cy + 3, 1, 0);
    else p.text(`${state} · ${standing} foes`, { size: 12, color: MUTED }, cx + 5, cy + 18);
    const bw = tw - 10;
    p.g.rect(cx + 5, cy + h - 9, bw, 5).fill(0x4a5a50);
    p.g.rect(cx + 5, cy + h - 9, (bw * sh.boxesLeft) / total, 5).fill(sh.left ? MUTED : 0x7bc47f);
    p.hit(`thumb:${s}`, cx, cy, tw, h, () => onTap(s));
  });
  return Math.ceil(n / cols) * (h + gap) - gap;
}
