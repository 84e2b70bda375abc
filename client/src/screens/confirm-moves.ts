// "Confirm moves" (issue 28 item 9, as Lichess offers it): an optional setting, off by default and remembered in the
// browser, that asks before an action that ends one's turn or phase (Polywars' "End phase", Shields Up's "End the
// turn", a Dice Siege round's plan) is sent; a slip of the thumb on a touch screen is then not final. Resigning
// always asks, whatever the setting.
import { h } from 'preact';
import { loadedGame } from '../games';
import type { Snapshot } from '../net/store';

const KEY = 'dicehall.confirmMoves';

export function confirmMovesOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function setConfirmMoves(on: boolean) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // A browser without storage keeps the choice for this page only (the checkbox still shows it).
  }
}

/** Whether to send `action` now: true unless the setting is on, the game calls it turn-ending, and the player says no. */
export function goAhead(snap: Snapshot | null, action: unknown): boolean {
  if (!snap || !confirmMovesOn()) return true;
  const question = loadedGame(snap.game)?.endsTurn?.(action, snap);
  return !question || confirm(question);
}

/** The setting's checkbox, under the table's own buttons. */
export function ConfirmMovesSwitch() {
  return h(
    'label',
    { class: 'confirm-moves' },
    h('input', {
      type: 'checkbox',
      defaultChecked: confirmMovesOn(),
      onChange: (e: Event) => setConfirmMoves((e.currentTarget as HTMLInputElement).checked),
    }),
    ' Confirm before ending a turn',
  );
}
