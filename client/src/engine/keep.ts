// Display objects a view's redraw takes back instead of building again. A board that rebuilds its whole scene on
// every change (simple, and always right) made ~60 new Pixi Texts and ~40 dice per redraw, each text drawn on a 2D
// canvas and uploaded as a texture again, and each die's outline triangulated again. Kept by what they show (their
// words and look, a die's spec), an unchanged one comes back as it was: the same Text, the same texture, the same
// geometry. Whatever the redraw did not take back is handed to `Stage.retire`.
import type { Container } from 'pixi.js';

export class Keep {
  private now = new Map<string, Container[]>();
  private before = new Map<string, Container[]>();

  /** Starts a redraw: everything kept so far may be taken back once by the same key. */
  begin() {
    for (const [key, list] of this.now) {
      const old = this.before.get(key);
      if (old) old.push(...list);
      else this.before.set(key, list);
    }
    this.now = new Map();
  }

  /** The object kept under `key` (reset to full opacity, visible), or a new one from `make`. */
  take<T extends Container>(key: string, make: () => T): T {
    let c: T | undefined;
    const old = this.before.get(key);
    while (old?.length && (!c || c.destroyed)) c = old.pop() as T;
    if (!c || c.destroyed) c = make();
    else {
      c.alpha = 1;
      c.visible = true;
    }
    const list = this.now.get(key);
    if (list) list.push(c);
    else this.now.set(key, [c]);
    return c;
  }

  /** Ends a redraw: what it did not take back, no longer kept (for the caller to retire). */
  end(): Container[] {
    const left = [...this.before.values()].flat();
    this.before.clear();
    return left;
  }
}
