// Issue 31, item 2: the order in which waiting bot asks get a thread (round robin by address, then by room) and the
// cap on rooms against the computer per address, without a server (test/rooms/bot-fairness.test.ts has the rooms).
import { BotRoomCap, FairQueue } from '../../server/src/bots/fair';

interface Job {
  owner: string;
  room: string;
  n: number;
}
const job = (owner: string, room: string, n: number): Job => ({ owner, room, n });

/** Takes every waiting job in order, finishing each before the next (one thread). */
function order(q: FairQueue<Job>): string[] {
  const out: string[] = [];
  for (let j = q.take(); j; j = q.take()) {
    out.push(`${j.owner}/${j.room}#${j.n}`);
    q.done(j);
  }
  return out;
}

describe('FairQueue', () => {
  it('takes addresses in turn, and rooms of one address in turn, each room first come first served', () => {
    const q = new FairQueue<Job>();
    for (let n = 0; n < 3; n++) for (const room of ['r1', 'r2', 'r3']) q.push(job('A', room, n));
    q.push(job('B', 'b1', 0));
    q.push(job('B', 'b1', 1));
    expect(q.size).toBe(11);
    expect(order(q)).toEqual([
      'A/r1#0',
      'B/b1#0',
      'A/r2#0',
      'B/b1#1',
      'A/r3#0',
      'A/r1#1',
      'A/r2#1',
      'A/r3#1',
      'A/r1#2',
      'A/r2#2',
      'A/r3#2',
    ]);
    expect(q.size).toBe(0);
  });

  it("puts a newcomer's ask next, ahead of an address that has many waiting", () => {
    const q = new FairQueue<Job>();
    for (let n = 0; n < 50; n++) q.push(job('A', `r${n}`, n));
    const running = q.take()!;
    q.push(job('B', 'b', 0));
    // A's first ask is still thinking; when the thread frees, B's goes before A's 49 others.
    q.done(running);
    expect(q.take()).toMatchObject({ owner: 'B' });
  });

  it('with several threads, prefers the address with fewer asks running', () => {
    const q = new FairQueue<Job>();
    for (let n = 0; n < 5; n++) q.push(job('A', `r${n}`, n));
    q.push(job('B', 'b', 0));
    q.push(job('B', 'b', 1));
    const first = q.take()!;
    const second = q.take()!;
    expect([first.owner, second.owner].sort()).toEqual(['A', 'B']);
    // Both have one running: the least recently served goes next.
    expect(q.take()!.owner).toBe(first.owner);
  });

  it('removes a waiting ask, drains the rest, and forgets idle addresses', () => {
    const q = new FairQueue<Job>();
    const a = job('A', 'r', 0);
    const b = job('B', 'r', 0);
    q.push(a);
    q.push(b);
    expect(q.remove(a)).toBe(true);
    expect(q.remove(a)).toBe(false);
    expect(q.waitingBy()).toEqual({ B: 1 });
    expect(q.drain()).toEqual([b]);
    expect(q.size).toBe(0);
    expect(q.take()).toBeUndefined();
    expect(q.waitingBy()).toEqual({});
  });
});

describe('BotRoomCap', () => {
  it('admits up to the cap per address, counts only rooms in play, and forgets released ones', () => {
    const cap = new BotRoomCap();
    const live = { r1: true, r2: true, r3: true };
    const active = (r: keyof typeof live) => () => live[r];
    expect(cap.admit('A', 'r1', active('r1'), 2)).toBe(true);
    expect(cap.admit('A', 'r2', active('r2'), 2)).toBe(true);
    expect(cap.admit('A', 'r3', active('r3'), 2)).toBe(false);
    // Another address has its own count.
    expect(cap.admit('B', 'r3', active('r3'), 2)).toBe(true);
    expect(cap.inPlay('A')).toBe(2);
    // A room nobody is in any more stops counting; a released one is gone.
    live.r1 = false;
    expect(cap.inPlay('A')).toBe(1);
    expect(cap.admit('A', 'r4', () => true, 2)).toBe(true);
    cap.release('A', 'r4');
    cap.release('A', 'r2');
    expect(cap.inPlay('A')).toBe(0);
  });
});
