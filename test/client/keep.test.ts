// The client kit's keep (engine/keep.ts), without a browser: a redraw takes back what the last one showed under the
// same key, once per object, makes the rest, never hands back a destroyed object, and gives up what it did not take.
import type { Container } from 'pixi.js';
import { Keep } from '../../client/src/engine/keep';

let made = 0;
const make = () => ({ id: ++made, alpha: 1, visible: true, destroyed: false }) as unknown as Container & { id: number };

describe('Keep', () => {
  it('takes back an object under the same key on the next redraw, and makes one for a new key', () => {
    const keep = new Keep();
    keep.begin();
    const a = keep.take('a', make);
    const b = keep.take('b', make);
    expect(keep.end()).toEqual([]);
    keep.begin();
    expect(keep.take('a', make)).toBe(a);
    const c = keep.take('c', make);
    expect(c).not.toBe(a);
    expect(c).not.toBe(b);
    expect(keep.end()).toEqual([b]);
    // b was given up: a later redraw makes a new one.
    keep.begin();
    expect(keep.take('b', make)).not.toBe(b);
  });

  it('hands each kept object back once: two texts with the same words are two objects', () => {
    const keep = new Keep();
    keep.begin();
    const x1 = keep.take('x', make);
    const x2 = keep.take('x', make);
    expect(x2).not.toBe(x1);
    keep.end();
    keep.begin();
    const again = [keep.take('x', make), keep.take('x', make), keep.take('x', make)];
    expect(new Set(again).size).toBe(3);
    expect(again).toEqual(expect.arrayContaining([x1, x2]));
    expect(keep.end()).toEqual([]);
  });

  it('resets what a caller may have changed, and never returns a destroyed object', () => {
    const keep = new Keep();
    keep.begin();
    const a = keep.take('a', make);
    const d = keep.take('d', make);
    a.alpha = 0.8;
    a.visible = false;
    (d as { destroyed: boolean }).destroyed = true;
    keep.end();
    keep.begin();
    const back = keep.take('a', make);
    expect(back).toBe(a);
    expect([back.alpha, back.visible]).toEqual([1, true]);
    expect(keep.take('d', make)).not.toBe(d);
  });
});
