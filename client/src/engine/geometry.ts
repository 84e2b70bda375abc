// The test hooks, all here: `window.__dicehall.geometry()` says where the board is and what the view drew, in CSS
// pixels; `mirror` puts a view's published fact on the canvas as a data attribute for the tests' selectors.
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

declare global {
  interface Window {
    __dicehall?: { geometry(): unknown };
  }
}

export function exposeGeometry(read: () => unknown): () => void {
  const hook = { geometry: read };
  window.__dicehall = hook;
  return () => {
    if (window.__dicehall === hook) delete window.__dicehall;
  };
}

/** `diceChessBoard` → `data-dice-chess-board`; strings as they are, anything else as JSON; undefined removes it. */
export function mirror(el: HTMLElement, name: string, value: unknown) {
  if (value === undefined) delete el.dataset[name];
  else el.dataset[name] = typeof value === 'string' ? value : JSON.stringify(value);
}
