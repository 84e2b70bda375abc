// One side of the Shields table, from its edge toward the middle: the strip (name, reserve, trash), the batteries
// on their plates, and the shields in the order a hit meets them (S5–S7): behind blacks, colored, front blacks.
import { Graphics, Rectangle } from 'pixi.js';
import type { Colour } from '@dicehall/shared/shields';
import type { BatteryView, ShieldView } from '@dicehall/shared/shields';
import { targetOf } from './controller';
import { ACCENT, HOT, INK, LOOK, MUTED, type Mark } from './look';
import { faceText, seatName, shortName } from './names';
import { COLOUR_HEX, SEAT_COLORS, type Paint } from './paint';

export function drawSide(paint: Paint, seat: number, side: 'top' | 'bottom', order: Colour[], placing: boolean) {
  const { view, snap, legal, L } = paint;
  const { m, pad } = L;
  const p = view.players[seat]!;
  const mine = snap.mySeat === seat;
  const dir = side === 'top' ? 1 : -1;
  // y of a point `off` pixels from this side's table edge, toward the middle.
  const at = (off: number) => (side === 'top' ? pad + off : L.H - pad - off);
  const g = new Graphics();
  paint.scene.addChild(g);
  // A game ended off the board (resignation, a claim) has nobody to move, whatever the rules state says.
  const active = view.turn === seat && snap.phase !== 'over';

  // Strip: name, reserve, trash.
  const stripY = at(m.strip / 2);
  const stripTop = side === 'top' ? pad : L.H - pad - m.strip;
  g.roundRect(L.bx, stripTop, L.bw, m.strip, 8).fill({ color: 0x0f1a14, alpha: 0.75 });
  if (active) g.roundRect(L.bx, stripTop, L.bw, m.strip, 8).stroke({ width: 2, color: ACCENT });
  let x = L.bx + 10;
  const nameText = `${seatName(snap, seat)}${mine ? ' (you)' : ''}`;
  const name = paint.text(nameText, { size: m.font + 2, color: SEAT_COLORS[seat]!, weight: 800 }, 0, 0.5);
  name.position.set(x, stripY);
  paint.scene.addChild(name);
  x += name.width + 8;
  if (active) {
    const turn = paint.text(
      view.step === 'take' ? '▶ taking' : '▶ acting',
      { size: Math.max(12, m.font - 1), color: ACCENT, weight: 700 },
      0,
      0.5,
    );
    turn.position.set(x, stripY);
    paint.scene.addChild(turn);
    x += turn.width + 8;
  }
  if (view.options.bestOf > 1) {
    const score = paint.text(`${view.score[seat]} won`, { size: Math.max(12, m.font - 1), color: MUTED }, 0, 0.5);
    score.position.set(x, stripY);
    paint.scene.addChild(score);
    x += score.width + 8;
  }
  // Reserve (potions and polish waiting), tappable when a use is legal. It ends before the trash's count and two of
  // its swatches: on a narrow strip the dice close up (overlapping a little), then shrink, rather than run under it.
  const right = L.bx + L.bw - 8;
  const tz = L.portrait ? 9 : 11;
  const tl = paint.text(`trash ${p.trash.length}`, { size: Math.max(12, m.font - 2), color: MUTED }, 1, 0.5);
  const limit = right - (tl.width + 4 + 2 * (tz + 2)) - 6;
  if (p.reserve.length > 0) {
    const n = p.reserve.length;
    // Never so small that a face ("d8") is written under 12 px: a crowded reserve overlaps its dice instead.
    let rd = Math.max(32, Math.min(m.strip - 4, m.pd));
    const lab = paint.text('reserve', { size: Math.max(12, m.font - 2), color: MUTED }, 0, 0.5);
    // The word goes first when the dice would not fit beside it at full spacing (their faces are wider than the gap).
    if (x + lab.width + 4 + rd + (n - 1) * (rd + 5) <= limit) {
      lab.position.set(x, stripY);
      paint.scene.addChild(lab);
      x += lab.width + 4;
    }
    let step = rd + 5;
    if (n > 1 && x + rd + (n - 1) * step > limit) step = Math.max(rd * 0.72, (limit - x - rd) / (n - 1));
    if (x + rd + (n - 1) * step > limit) {
      rd = Math.max(32, (limit - x) / (1 + (n - 1) * 0.72));
      step = n > 1 ? Math.max(12, Math.min(rd * 0.72, (limit - x - rd) / (n - 1))) : rd;
    }
    for (const d of p.reserve) {
      const can = mine && legal.uses.has(d.id);
      const mark: Mark =
        paint.input.sel?.kind === 'reserve' && paint.input.sel.die === d.id ? 'selected' : can ? 'glow' : 'none';
      const c = paint.die(
        { sides: d.sides, look: d.colour, size: rd, text: faceText(d.id, d.sides, rd), mark },
        can ? () => paint.on(paint.input.tapReserve(d.id)) : undefined,
      );
      c.position.set(x + rd / 2, stripY);
      paint.scene.addChild(c);
      paint.places.set(d.id, { x: x + rd / 2, y: stripY, size: rd });
      x += step;
    }
    x += rd - step + 5;
  }
  // Trash: small swatches, newest last, after a count.
  const room = Math.max(0, right - x - tl.width - 8);
  const perRow = Math.max(1, Math.floor(room / (tz + 2)));
  const trashRows = p.trash.length > perRow ? 2 : 1;
  const shown = p.trash.slice(-perRow * trashRows);
  const trashW = Math.min(shown.length, perRow) * (tz + 2);
  tl.position.set(right - trashW - 4, stripY);
  paint.scene.addChild(tl);
  shown.forEach((d, i) => {
    const r = Math.floor(i / perRow);
    const col = i % perRow;
    const sx = right - trashW + col * (tz + 2);
    const sy = stripY - (trashRows * (tz + 2)) / 2 + r * (tz + 2);
    const look = d.kind === 'battery' ? LOOK.battery : LOOK[d.colour];
    g.roundRect(sx, sy, tz, tz, 2)
      .fill({ color: look.fill, alpha: d.kind === 'shield' || d.kind === 'battery' ? 0.6 : 1 })
      .stroke({ width: 1, color: look.edge, alpha: 0.8 });
  });

  // Batteries, from the edge toward the middle: battery row, behind blacks, colored shields, front blacks.
  let off = m.strip + m.gap;
  const batteryY = at(off + 4 + m.u / 2);
  const stack = p.batteries.find((b) => b.alive)?.shields ?? [];
  const front = stack.filter((s) => s.layer === 'front');
  const behind = stack.filter((s) => s.layer === 'behind');
  const attacker = paint.input.sel?.kind === 'battery' ? paint.input.sel.id : null;
  const targetId = attacker ? targetOf(attacker) : null;
  order.forEach((colour, i) => {
    const b = p.batteries.find((x) => x.colour === colour)!;
    drawBattery(paint, b, L.cols[i]!, batteryY, dir, mine, targetId);
  });
  off += 4 + m.u + m.cap;

  // A black shield band spans the whole side: it guards every live battery.
  const band = (s: ShieldView | null, label: string, zone?: 'front' | 'behind') => {
    const y = at(off + m.band / 2);
    const bh = m.band - 4;
    const hitFirst =
      targetId !== null &&
      s !== null &&
      view.players[seat]!.batteries.some((bb) => bb.id === targetId && bb.shields[0]?.id === s.id);
    const polishable =
      paint.input.sel?.kind === 'reserve' && s !== null && legal.use(paint.input.sel.die, s.id) !== undefined;
    const bg2 = new Graphics();
    bg2.roundRect(L.bx + 4, y - bh / 2, L.bw - 8, bh, bh / 2);
    if (zone) bg2.fill({ color: ACCENT, alpha: 0.16 }).stroke({ width: 2, color: ACCENT, alpha: 0.9 });
    else
      bg2
        .fill({ color: 0x000000, alpha: 0.45 })
        .stroke({ width: 1.5, color: hitFirst ? HOT : polishable ? HOT : 0x8a949c, alpha: 0.9 });
    paint.scene.addChild(bg2);
    if (zone) {
      paint.places.set(`zone.${zone}`, { x: L.bx + L.bw / 2, y, size: bh });
      bg2.eventMode = 'static';
      bg2.cursor = 'pointer';
      bg2.hitArea = new Rectangle(L.bx, y - bh / 2, L.bw, bh);
      bg2.on('pointertap', () => paint.on(paint.input.tapZone(zone)));
    }
    let tx = L.bx + 14;
    if (s) {
      const mark: Mark = hitFirst || polishable ? 'target' : 'none';
      const onTap = () => paint.on(paint.input.tapShield(s.id, null, seat));
      const c = paint.die(
        { sides: s.faces, look: 'black', clear: true, size: Math.max(32, bh - 4), text: String(s.points), mark },
        onTap,
      );
      c.position.set(tx + bh / 2, y);
      paint.scene.addChild(c);
      paint.places.set(s.id, { x: tx + bh / 2, y, size: bh });
      if (polishable) {
        bg2.eventMode = 'static';
        bg2.cursor = 'pointer';
        bg2.on('pointertap', onTap);
      }
      tx += bh + 8;
    }
    const lt = paint.text(
      label,
      { size: Math.max(12, m.font - 1), color: zone ? ACCENT : INK, weight: zone ? 700 : 400 },
      0,
      0.5,
    );
    lt.position.set(tx, y);
    paint.scene.addChild(lt);
    off += m.band;
  };
  // Each battery's colored shields stand on a rail running from its plate toward the middle.
  const rails = new Graphics();
  paint.scene.addChild(rails);
  const coloredFrom = off + (behind.length + (placing ? 1 : 0)) * m.band;
  const coloredRows = Math.max(0, ...p.batteries.map((b) => b.shields.filter((s) => s.layer === 'colored').length));
  order.forEach((colour, i) => {
    const b = p.batteries.find((x) => x.colour === colour)!;
    const n = Math.min(L.compact ? 1 : 3, b.shields.filter((s) => s.layer === 'colored').length);
    if (n === 0) return;
    const y0 = at(off - 2);
    const y1 = at(coloredFrom + n * m.row);
    const w = L.colW - 28;
    rails
      .roundRect(L.cols[i]! - w / 2, Math.min(y0, y1), w, Math.abs(y1 - y0), 8)
      .fill({ color: COLOUR_HEX[colour], alpha: 0.07 })
      .stroke({ width: 1, color: COLOUR_HEX[colour], alpha: 0.35 });
  });
  const selName = paint.input.sel?.kind === 'pool' ? shortName(paint.input.sel.die) : '';
  const wide = !L.portrait;
  if (placing)
    band(
      null,
      wide ? `Tap here: ${selName} behind the colored shields (hit last)` : `Tap: behind (hit last)`,
      'behind',
    );
  for (const s of [...behind].reverse())
    band(
      s,
      `black d${s.faces} · ${s.points}/${s.faces} · ${wide ? 'behind the colored shields, guards all batteries' : 'behind, guards all'}`,
    );
  // Colored shields: row 0 nearest the battery holds each battery's innermost shield. On a crowded phone they
  // stand side by side in one row, the outermost (hit first) on the left.
  const rows = L.compact ? Math.min(1, coloredRows) : coloredRows;
  for (let r = 0; r < rows; r++) {
    const y = at(off + m.row / 2);
    order.forEach((colour, i) => {
      const b = p.batteries.find((x) => x.colour === colour)!;
      const colored = b.shields.filter((s) => s.layer === 'colored');
      const top = colored[colored.length - 1 - r];
      const inRow = L.compact ? colored : top ? [top] : [];
      inRow.forEach((s, k) => {
        const hitFirst = targetId === b.id && b.shields[0]?.id === s.id;
        const polishable = paint.input.sel?.kind === 'reserve' && legal.use(paint.input.sel.die, s.id) !== undefined;
        const mark: Mark = hitFirst || polishable ? 'target' : 'none';
        const cx = L.compact ? L.cols[i]! + (k - (inRow.length - 1) / 2) * (m.s + 10) : L.cols[i]! - L.colW * 0.18;
        const c = paint.die(
          { sides: s.faces, look: s.colour, clear: true, size: m.s, text: String(s.points), mark },
          () => paint.on(paint.input.tapShield(s.id, b.id, seat)),
        );
        c.position.set(cx, y);
        paint.scene.addChild(c);
        paint.places.set(s.id, { x: cx, y, size: m.s });
        if (L.compact) return;
        const lt = paint.text(
          `${s.points}/${s.faces}`,
          { size: Math.max(12, m.font - 1), color: INK, weight: 600 },
          0,
          0.5,
        );
        lt.position.set(cx + m.s / 2 + 6, y);
        paint.scene.addChild(lt);
      });
    });
    off += m.row;
  }
  for (const s of [...front].reverse())
    band(
      s,
      `black d${s.faces} · ${s.points}/${s.faces} · ${wide ? 'in front of the colored shields, guards all batteries' : 'in front, guards all'}`,
    );
  if (placing)
    band(
      null,
      wide ? `Tap here: ${selName} in front of the colored shields (hit first)` : `Tap: in front (hit first)`,
      'front',
    );
}

function drawBattery(
  paint: Paint,
  b: BatteryView,
  cx: number,
  y: number,
  dir: number,
  mine: boolean,
  targetId: string | null,
) {
  const { legal, L } = paint;
  const { m } = L;
  const g = new Graphics();
  paint.scene.addChild(g);
  // The plate runs from the dice toward the middle, where the health bar and the caption sit.
  const plateW = L.colW - 8;
  const plateH = m.u + m.cap + 4;
  const plateTop = dir > 0 ? y - m.u / 2 - 4 : y - m.u / 2 - m.cap;
  const hue = COLOUR_HEX[b.colour];
  g.roundRect(cx - plateW / 2, plateTop, plateW, plateH, 10)
    .fill({ color: hue, alpha: b.alive ? 0.16 : 0.05 })
    .stroke({ width: 1.5, color: hue, alpha: b.alive ? 0.6 : 0.2 });
  const sel = paint.input.sel;
  const canAttack = mine && legal.attacks.has(b.id);
  const potionable = sel?.kind === 'reserve' && legal.use(sel.die, b.id) !== undefined;
  const isTarget = targetId === b.id;
  const mark: Mark =
    sel?.kind === 'battery' && sel.id === b.id
      ? 'selected'
      : potionable
        ? 'target'
        : isTarget && b.shields.length === 0
          ? 'target'
          : canAttack
            ? 'glow'
            : 'none';
  const tap = () => paint.on(paint.input.tapBattery(b.id));
  const interactive = canAttack || potionable || isTarget;
  const bx = cx - m.u * 0.55;
  const batt = paint.die(
    {
      sides: 12,
      look: b.alive ? 'battery' : 'dead',
      clear: true,
      size: m.u,
      text: b.alive ? String(b.health) : '✕',
      // "/12" under the health when the die is large enough to write it at 12 px (the bar counts it anyway).
      badge: b.alive && m.u >= 60 ? '/12' : undefined,
      mark,
    },
    interactive ? tap : undefined,
  );
  batt.position.set(bx, y);
  paint.scene.addChild(batt);
  paint.places.set(b.id, { x: bx, y, size: m.u });
  if (b.attack) {
    const ax = cx + m.u * 0.5;
    const ad = paint.die(
      {
        sides: b.attack.sides,
        look: b.attack.colour,
        size: m.a,
        text: `d${b.attack.sides}`,
        mark: canAttack && sel?.kind === 'battery' && sel.id === b.id ? 'selected' : 'none',
      },
      interactive ? tap : undefined,
    );
    ad.position.set(ax, y);
    paint.scene.addChild(ad);
    paint.places.set(b.attack.id, { x: ax, y, size: m.a });
  } else if (!b.alive && !L.portrait) {
    // Where the attack die stood; a phone's plate has no room beside the cross, and its caption says it already.
    const dt = paint.text('destroyed', { size: m.font, color: 0xff8a7a, weight: 800 }, 0.5, 0.5);
    dt.position.set(cx + m.u * 0.5, y);
    paint.scene.addChild(dt);
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
  const capSize = Math.max(12, m.font - 3);
  const cell = barW / 12;
  for (let i = 0; i < 12; i++) {
    const filled = i < b.health;
    const col = b.health > 6 ? 0x4cd27e : b.health > 3 ? 0xf2c230 : 0xff6b5a;
    g.rect(cx - barW / 2 + i * cell + 0.5, barY, cell - 1, 5).fill({
      color: filled ? col : 0x000000,
      alpha: filled ? 0.95 : 0.35,
    });
  }
  const arrow = dir > 0 ? '▼' : '▲';
  // A phone's plate is too narrow for the colour's name as well: the plate's own colour says it.
  const cap = b.alive
    ? L.portrait
      ? `${arrow} hits ${b.attacks}`
      : `${b.colour} ${arrow} hits ${b.attacks}`
    : L.portrait
      ? 'destroyed'
      : `${b.colour} · destroyed`;
  const ct = paint.text(cap, { size: capSize, color: b.alive ? INK : 0xff8a7a, weight: 600 }, 0.5, 0.5);
  ct.alpha = 0.8;
  ct.position.set(cx, dir > 0 ? barY + 7 + capSize * 0.65 : barY - 2 - capSize * 0.65);
  paint.scene.addChild(ct);
}
