// The page's own turn signals: the tab's title says "Your turn" when this seat is to act, the favicon takes a red
// dot while the page is hidden (another tab, a minimised window) and it is this seat's turn, and a short sound plays
// when the turn comes (off with the sound switch: ./sound). The title and the favicon come back when the page does.
import type { Snapshot, Store } from '../net/store';
import { sound } from './sound';

export const TITLE = 'Dicehall';
export const TURN_TITLE = '▶ Your turn — Dicehall';
export const OVER_TITLE = 'Game over — Dicehall';

const svg = (dot: boolean) =>
  `data:image/svg+xml,${encodeURIComponent(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='1' y='1' width='14' height='14' rx='3' fill='#e8b04b'/>" +
      "<circle cx='5' cy='5' r='1.5'/><circle cx='11' cy='11' r='1.5'/><circle cx='8' cy='8' r='1.5'/>" +
      (dot ? "<circle cx='12.5' cy='3.5' r='3.5' fill='#d62828' stroke='#fff' stroke-width='1'/>" : '') +
      '</svg>',
  )}`;
/** The favicon with a red dot: "your turn", seen from another tab. */
export const TURN_ICON = svg(true);

export const isMyTurn = (snap: Snapshot | null): boolean =>
  !!snap && snap.phase === 'playing' && snap.mySeat !== null && snap.toAct.includes(snap.mySeat);

function iconLink(doc: Document): HTMLLinkElement {
  let link = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    link.href = svg(false);
    doc.head.appendChild(link);
  }
  return link;
}

/** Starts the signals for the table's store; returns the function that stops them and puts title and icon back. */
export function turnSignal(store: Store, doc: Document = document): () => void {
  const link = iconLink(doc);
  const plainIcon = link.href;
  let wasMyTurn = false;
  const update = () => {
    const snap = store.snapshot;
    const mine = isMyTurn(snap);
    if (mine && !wasMyTurn) sound.play('turn');
    wasMyTurn = mine;
    const title = mine ? TURN_TITLE : snap?.phase === 'over' ? OVER_TITLE : TITLE;
    if (doc.title !== title) doc.title = title;
    const icon = mine && doc.hidden ? TURN_ICON : plainIcon;
    if (link.href !== icon) link.href = icon;
  };
  const offStore = store.subscribe(update);
  doc.addEventListener('visibilitychange', update);
  update();
  return () => {
    offStore();
    doc.removeEventListener('visibilitychange', update);
    doc.title = TITLE;
    link.href = plainIcon;
  };
}
