// The middle of the Shields table and the pool: the banner (whose turn and step, the match, the last roll), the
// attack picked up drawn as an arrow, the pool's dice by kind, and the colour wheel (S4).
import { Graphics } from 'pixi.js';
import { COLOURS, die as dieInfo } from '@dicehall/shared/shields';
import type { AttackSummary } from '@dicehall/shared/shields';
import type { DieView, ShieldsView } from '@dicehall/shared/shields';
import type { Snapshot } from '../../net/store';
import { pauseLine, stallText } from './banner';
import { targetOf } from './controller';
import { flowPool, poolCaption } from './layout';
import { ACCENT, HOT, INK, MUTED, type Mark } from './look';
import { faceText, seatName, shortName } from './names';
import { arrow, COLOUR_HEX, POOL_KINDS, type Paint, type Place } from './paint';

export function drawMiddle(paint: Paint, bottomSeat: number) {
  const { view, snap, legal, L } = paint;
  const { m } = L;
  // The attack picked up: an arrow from the attacker's plate to its target's, before anything is rolled.
  // It goes under the banner (drawn next), so the banner's words stay readable where the arrow crosses.
  const sel = paint.input.sel;
  if (sel?.kind === 'battery') {
    const from = paint.places.get(sel.id);
    const to = paint.places.get(targetOf(sel.id));
    if (from && to) {
      const ax = (p: Place) => p.x + p.size * 0.55 + L.colW * 0.3;
      const arrows = new Graphics();
      arrow(arrows, ax(from), from.y - from.size / 2 - 6, ax(to), to.y + to.size / 2 + 6, HOT, 0.9, 4);
      paint.scene.addChild(arrows);
    }
  }
  const g = new Graphics();
  paint.scene.addChild(g);
  // The banner: whose turn, which step, the match score, then the last roll.
  const names = [seatName(snap, 0), seatName(snap, 1)];
  const who = (s: number) => (s === snap.mySeat ? 'You' : seatName(snap, s));
  let line: string;
  const offBoard = view.winner === null && snap.phase === 'over' ? snap.result : null;
  if (offBoard)
    line = offBoard.draw
      ? `Draw · ${offBoard.summary.replace(/\.+$/, '')}`
      : `${offBoard.winners.map(who).join(' and ')} ${offBoard.winners.includes(snap.mySeat ?? -1) ? 'win' : 'wins'} · ${offBoard.summary.replace(/\.+$/, '')}`;
  else if (view.winner !== null)
    line = `${who(view.winner)} ${view.winner === snap.mySeat ? 'win' : 'wins'}${view.options.bestOf > 1 ? ` the match ${view.score[view.winner]}–${view.score[1 - view.winner]}` : ''}`;
  else if (view.turn === snap.mySeat)
    line =
      view.step === 'take'
        ? 'Your turn · step 1 of 2: take a die from the pool'
        : 'Your turn · step 2 of 2: attack, or use a potion or polish';
  else
    line = `${names[view.turn ?? 0]}'s turn · ${view.step === 'take' ? 'taking a die from the pool' : 'attacking or healing'}`;
  if (view.options.bestOf > 1 && view.winner === null) {
    line += ` · game ${view.game}, ${names[0]} ${view.score[0]}–${view.score[1]} ${names[1]}`;
    const won = snap.log[snap.log.length - 1]?.events.find((e) => e.type === 'game-won');
    if (won) line = `${who(Number(won.seat))} won game ${won.game}! ${line}`;
  }
  line = (pauseLine(view, snap.mySeat, names, who) ?? line) + stallText(view);
  if (
    snap.mySeat !== null &&
    view.turn === snap.mySeat &&
    view.step === 'take' &&
    sel?.kind === 'pool' &&
    legal.takes.get(sel.die)!.length > 1
  ) {
    line = `Place the ${shortName(sel.die)}: tap a gold band on your side`;
  } else if (sel?.kind === 'battery') {
    const b = view.players[bottomSeat]!.batteries.find((x) => x.id === sel.id);
    const target = targetOf(sel.id);
    const tb = view.players[1 - bottomSeat]!.batteries.find((x) => x.id === target);
    const first = tb?.shields[0];
    line = `Your ${b?.colour} d${b?.attack?.sides} → ${names[1 - bottomSeat]}'s ${tb?.colour} battery, hitting ${first ? `the ${first.colour} d${first.faces} shield (${first.points})` : `its health (${tb?.health})`} · tap again to roll`;
  } else if (sel?.kind === 'reserve') {
    const d = dieInfo(sel.die);
    line =
      d?.kind === 'potion'
        ? `Potion d${d.sides}: tap one of your batteries to heal it`
        : `Polish d${d?.sides}: tap one of your shields to repair it`;
  }
  const mine = view.turn === snap.mySeat && view.winner === null && !offBoard;
  const over = view.winner !== null || view.draw || view.between !== null || !!offBoard;
  const bannerSize = m.font + (L.portrait ? 0 : 2) + (over ? 4 : 0);
  const last = view.lastAttack ? attackLine(view.lastAttack, snap) : '';
  const lastSize = Math.max(12, m.font - 2);
  const wrap = L.portrait ? L.bw - 76 : L.bw - 16;
  const bannerH = L.portrait ? bannerSize * 2 + 14 : bannerSize + 14;
  const poolH = L.portrait ? L.pool.h : 0;
  if (over) line = `${line}!`;
  const bt = paint.text(line, { size: bannerSize, color: mine || over ? ACCENT : INK, weight: 800, wrap }, 0.5, 0);
  const bannerUsed = Math.max(bannerH, bt.height + 12);
  // The last roll measured as drawn: a long sentence (a destroyed battery, long names) wraps to three lines on a
  // phone. A crowded table drops it (the log has it, the badge marks the hit) rather than overlap the boards.
  let lt = last ? paint.text(last, { size: lastSize, color: MUTED, wrap }, 0.5, 0) : null;
  if (lt && bannerUsed + poolH + lt.height + 6 > L.midBottom - L.midTop) {
    lt.destroy();
    lt = null;
  }
  const need = bannerUsed + poolH + (lt ? lt.height + 6 : 0);
  const top = L.midTop + Math.max(4, (L.midBottom - L.midTop - need) / 2);
  bt.position.set(L.bx + (L.portrait ? (L.bw - 60) / 2 : L.bw / 2), top + 4);
  // On a phone there is no pool panel for the colour wheel: a small one sits beside the banner.
  if (L.portrait)
    drawWheel(paint, L.bx + L.bw - 30, top + 4 + Math.max(bt.height, 2 * bannerSize) / 2 + 2, 17, m.font, false);
  if (mine || sel) {
    g.roundRect(bt.x - bt.width / 2 - 10, top, bt.width + 20, bt.height + 8, 8)
      .fill({ color: 0x0f1a14, alpha: 0.85 })
      .stroke({ width: 1.5, color: ACCENT, alpha: 0.8 });
  }
  paint.scene.addChild(bt);
  let y = top + bannerUsed;
  if (L.portrait) {
    L.pool.y = y;
    y += poolH;
  }
  if (lt) {
    lt.position.set(L.bx + L.bw / 2, y + 2);
    paint.scene.addChild(lt);
  }
}

function attackLine(a: AttackSummary, snap: Snapshot): string {
  const who = (s: number) => (s === snap.mySeat ? 'your' : `${seatName(snap, s)}'s`);
  const by = a.seat === snap.mySeat ? 'You' : seatName(snap, a.seat);
  const tgt = dieInfo(a.target);
  const layer = dieInfo(a.layer);
  const layerName = layer?.kind === 'battery' ? 'health' : `${layer?.colour} d${layer?.sides} shield`;
  const lost = a.lost > 0 ? `, ${a.lost} lost` : '';
  const gone =
    a.destroyed.length > 0
      ? layer?.kind === 'battery' && a.after === 0
        ? ' — battery destroyed!'
        : ' — shield destroyed'
      : '';
  return `Last roll: ${by} rolled ${a.value} on the ${shortName(a.die).replace(' attack die', '')} at ${who(tgt?.owner ?? 0)} ${tgt?.colour} battery: ${layerName} ${a.before} → ${a.after}${lost}${gone}`;
}

export function drawPool(paint: Paint, pool: ShieldsView['pool']) {
  const { legal, L } = paint;
  const { m } = L;
  const P = L.pool;
  const g = new Graphics();
  paint.scene.addChild(g);
  const total = pool.attack.length + pool.shield.length + pool.potion.length + pool.polish.length;
  // The desktop's panel gives its dice less room when the whole pool would not fit it (never under 38 px, the size
  // that writes "d10" at 12 px); a phone's pool block is sized by the layout.
  let pd = m.pd;
  if (!L.portrait) {
    const line = (size: number) => Math.ceil(size * 1.25);
    const need = (d: number) => {
      const per = Math.max(1, Math.floor((P.w - 20) / (d + 6)));
      let h = 12 + line(m.font + 2) + 6 + (total === 0 ? 2 * line(12) : 0);
      for (const [kind] of POOL_KINDS)
        if (pool[kind].length)
          h += line(Math.max(12, m.font - 1)) + line(12) + 8 + Math.ceil(pool[kind].length / per) * (d + 6);
      return h;
    };
    while (pd > 38 && need(pd) > P.h) pd -= 2;
  }
  const step = pd + 6;
  const dieOf = (d: DieView, x: number, y: number) => {
    const acts = legal.takes.get(d.id);
    const mark: Mark =
      paint.input.sel?.kind === 'pool' && paint.input.sel.die === d.id ? 'selected' : acts ? 'glow' : 'none';
    const clear = d.kind === 'shield';
    const c = paint.die(
      { sides: d.sides, look: d.colour, clear, size: pd, text: faceText(d.id, d.sides, pd), mark },
      acts ? () => paint.on(paint.input.tapPool(d.id)) : undefined,
    );
    c.position.set(x, y);
    paint.scene.addChild(c);
    paint.places.set(d.id, { x, y, size: pd });
  };
  if (!L.portrait) {
    g.roundRect(P.x, P.y, P.w, P.h, 12).fill({ color: 0x0f1a14, alpha: 0.55 });
    let y = P.y + 12;
    const title = paint.text(total > 0 ? `The pool · ${total} ${total === 1 ? 'die' : 'dice'}` : 'The pool is empty', {
      size: m.font + 2,
      color: INK,
      weight: 800,
    });
    title.position.set(P.x + 12, y);
    paint.scene.addChild(title);
    y += title.height + 6;
    if (total === 0) {
      const t = paint.text('From now on every turn is an attack, a potion or a polish.', {
        size: Math.max(12, m.font - 1),
        color: MUTED,
        wrap: P.w - 24,
      });
      t.position.set(P.x + 12, y);
      paint.scene.addChild(t);
      y += t.height + 6;
    }
    const perRow = Math.max(1, Math.floor((P.w - 20) / step));
    for (const [kind, label, hint] of POOL_KINDS) {
      const dice = pool[kind];
      if (dice.length === 0) continue;
      const lt = paint.text(`${label}`, { size: Math.max(12, m.font - 1), color: INK, weight: 700 });
      lt.position.set(P.x + 12, y);
      paint.scene.addChild(lt);
      // The hint beside the caption when it fits the panel, else on its own lines under it.
      const ht = paint.text(hint, { size: 12, color: MUTED, wrap: P.w - 24 });
      if (ht.height < 20 && P.x + 18 + lt.width + ht.width <= P.x + P.w - 12) {
        ht.position.set(P.x + 18 + lt.width, y + (lt.height - ht.height) / 2);
        y += lt.height + 4;
      } else {
        ht.position.set(P.x + 12, y + lt.height);
        y += lt.height + ht.height + 4;
      }
      paint.scene.addChild(ht);
      dice.forEach((d, i) => {
        dieOf(d, P.x + 12 + pd / 2 + (i % perRow) * step, y + pd / 2 + Math.floor(i / perRow) * step);
      });
      y += Math.ceil(dice.length / perRow) * step + 4;
    }
    const r = Math.min(44, P.w / 5);
    const wy = Math.max(y + r + 30, P.y + P.h - r - 14);
    // A full pool leaves no room for the wheel in the panel (the plates' captions say who hits whom).
    if (wy + r + 4 > P.y + P.h) return;
    const wt = paint.text('Who attacks whom', { size: Math.max(12, m.font - 1), color: INK, weight: 700 }, 0.5, 1);
    wt.position.set(P.x + P.w / 2, wy - r - 10);
    paint.scene.addChild(wt);
    drawWheel(paint, P.x + P.w / 2, wy, r, m.font, true);
    return;
  }
  // Phone: groups flow left to right under the banner, each with a small caption.
  const capH = poolCaption(m);
  const kinds = POOL_KINDS.map(([kind]) => pool[kind]);
  const flow = flowPool(
    kinds.map((d) => d.length),
    P.w,
    m.pd,
    capH,
    POOL_KINDS.map(([, label]) => label),
  );
  POOL_KINDS.forEach(([, label], k) => {
    const spots = flow.at[k] ?? [];
    const first = spots[0];
    if (!first) return;
    const lt = paint.text(label, { size: capH - 1, color: MUTED, weight: 700 });
    lt.position.set(P.x + first.x - m.pd / 2, P.y + first.y - m.pd / 2 - capH - 3);
    paint.scene.addChild(lt);
    kinds[k]?.forEach((d, i) => {
      const at = spots[i];
      if (at) dieOf(d, P.x + at.x, P.y + at.y);
    });
  });
}

/** The colour wheel: red → yellow → blue → red. */
function drawWheel(paint: Paint, cx: number, cy: number, r: number, font: number, label: boolean) {
  const g = new Graphics();
  paint.scene.addChild(g);
  const pts = COLOURS.map((_, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
    return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
  });
  COLOURS.forEach((c, i) => {
    const a = pts[i]!;
    const b = pts[(i + 1) % 3]!;
    const k = 0.3;
    arrow(
      g,
      a.x + (b.x - a.x) * k,
      a.y + (b.y - a.y) * k,
      b.x - (b.x - a.x) * k,
      b.y - (b.y - a.y) * k,
      COLOUR_HEX[c],
      0.9,
      2.5,
    );
  });
  COLOURS.forEach((c, i) => {
    g.circle(pts[i]!.x, pts[i]!.y, r * 0.28)
      .fill(COLOUR_HEX[c])
      .stroke({ width: 1.5, color: 0x000000, alpha: 0.4 });
  });
  if (!label) return;
  const t = paint.text('attacks', { size: Math.max(12, font - 3), color: MUTED, weight: 600 }, 0.5, 0.5);
  t.position.set(cx, cy + 2);
  paint.scene.addChild(t);
}
