// The one test hook: `window.__dicehall.geometry()` says where the board is and what the view drew, in CSS pixels.
export interface Rect { x: number; y: number; w: number; h: number }

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
