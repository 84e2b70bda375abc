// Shields on the client: its rules module and words for every action; the table and the rules page load on demand,
// the room options are in the catalogue (options.ts).
import { shields, type ShieldsView } from '@dicehall/shared/shields';
import type { Snapshot } from '../../net/store';
import type { ClientGame } from '../types';

export const shieldsClient: ClientGame = {
  id: 'shields',
  module: shields,
  loadView: () => import('./view').then((m) => m.createView),
  // Every move is on the board (a pool die, a battery, …) and in the view's own "All moves" list.
  label: () => null,
  counts: (snap: Snapshot, seat: number) => {
    const v = snap.view as ShieldsView | null;
    const p = v?.players?.[seat];
    if (!v || !p) return [];
    const alive = p.batteries.filter((b) => b.alive).length;
    const out = [`${alive} of 3 batteries`, `${p.reserve.length} in reserve`];
    // A best of three: the games won so far.
    if (v.score.some((n) => n > 0) || v.game > 1) out.push(`${v.score[seat] ?? 0} won`);
    return out;
  },
  loadRules: () => import('./rules.html?raw').then((m) => m.default),
  loadPictures: () => import('./pictures').then((m) => m.drawPictures),
};
