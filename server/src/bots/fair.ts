// Fair shares of the bots' threads between addresses: the asks waiting for a thread are taken round robin by
// address (the address that opened the room), then by room within an address, then first come first served within
// a room, so one address with many rooms against the computer waits behind itself, never in front of another
// address's room; and a cap on the rooms against the computer one address may have in play at once.

/** What the queue needs of a waiting ask. */
export interface Fairly {
  /** The address key of the room's creator (../http/address limitKey). */
  owner: string;
  room: string;
}

interface Lane {
  /** The dispatch sequence number of this lane's last job taken (0: never), for least-recently-served order. */
  served: number;
  /** Jobs of this lane being thought about now. */
  busy: number;
}

interface RoomLane<J> extends Lane {
  jobs: J[];
}

interface OwnerLane<J> extends Lane {
  rooms: Map<string, RoomLane<J>>;
  waiting: number;
}

/**
 * Jobs grouped by owner and room. `take` picks the owner with the fewest jobs running, then the one served least
 * recently (a newcomer first); within it the room likewise; within the room the oldest job. Lanes are forgotten once
 * they have nothing waiting and nothing running, so an idle address costs nothing.
 */
export class FairQueue<J extends Fairly> {
  private owners = new Map<string, OwnerLane<J>>();
  private seq = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(job: J) {
    let owner = this.owners.get(job.owner);
    if (!owner) this.owners.set(job.owner, (owner = { served: 0, busy: 0, rooms: new Map(), waiting: 0 }));
    let room = owner.rooms.get(job.room);
    if (!room) owner.rooms.set(job.room, (room = { served: 0, busy: 0, jobs: [] }));
    room.jobs.push(job);
    owner.waiting++;
    this.count++;
  }

  /** The next job by the order above, counted as running until `done(job)`; undefined when none waits. */
  take(): J | undefined {
    const owner = pick([...this.owners.values()].filter((o) => o.waiting > 0));
    if (!owner) return undefined;
    const room = pick([...owner.rooms.values()].filter((r) => r.jobs.length > 0))!;
    const job = room.jobs.shift()!;
    owner.served = room.served = ++this.seq;
    owner.busy++;
    room.busy++;
    owner.waiting--;
    this.count--;
    return job;
  }

  /** A job taken earlier is finished (answered, failed or expired). */
  done(job: J) {
    const owner = this.owners.get(job.owner);
    const room = owner?.rooms.get(job.room);
    if (!owner || !room) return;
    owner.busy = Math.max(0, owner.busy - 1);
    room.busy = Math.max(0, room.busy - 1);
    this.forget(job.owner, job.room);
  }

  /** Takes a waiting job out (it expired before a thread took it); true when it was waiting. */
  remove(job: J): boolean {
    const owner = this.owners.get(job.owner);
    const room = owner?.rooms.get(job.room);
    const i = room ? room.jobs.indexOf(job) : -1;
    if (!owner || !room || i < 0) return false;
    room.jobs.splice(i, 1);
    owner.waiting--;
    this.count--;
    this.forget(job.owner, job.room);
    return true;
  }

  /** Every waiting job, in no particular order; the queue is left empty (running jobs are still counted). */
  drain(): J[] {
    const all: J[] = [];
    for (const owner of this.owners.values()) for (const room of owner.rooms.values()) all.push(...room.jobs.splice(0));
    for (const [key, owner] of this.owners) {
      owner.waiting = 0;
      for (const [id, room] of owner.rooms) if (room.busy === 0) owner.rooms.delete(id);
      if (owner.rooms.size === 0) this.owners.delete(key);
    }
    this.count = 0;
    return all;
  }

  /** Jobs waiting per owner (tests and logs). */
  waitingBy(): Record<string, number> {
    return Object.fromEntries([...this.owners].filter(([, o]) => o.waiting > 0).map(([k, o]) => [k, o.waiting]));
  }

  private forget(ownerKey: string, roomKey: string) {
    const owner = this.owners.get(ownerKey)!;
    const room = owner.rooms.get(roomKey);
    if (room && room.busy === 0 && room.jobs.length === 0) owner.rooms.delete(roomKey);
    if (owner.rooms.size === 0) this.owners.delete(ownerKey);
  }
}

/** The lane with the fewest jobs running, then the least recently served; ties go to the earliest lane. */
function pick<L extends Lane>(lanes: L[]): L | undefined {
  let best: L | undefined;
  for (const l of lanes) if (!best || l.busy < best.busy || (l.busy === best.busy && l.served < best.served)) best = l;
  return best;
}

/**
 * Rooms with a computer seat, by the address that opened them (BOT_ROOMS_PER_ADDRESS). A room counts while it is in
 * play for a person: someone is connected, or its creator has not come yet (`active`); a room left alone costs its
 * bot nothing (the bot waits for the person's move) and stops counting.
 */
export class BotRoomCap {
  private byOwner = new Map<string, Map<string, () => boolean>>();

  /** Counts `room` for `owner` unless that address already has `cap` rooms in play; false then. */
  admit(owner: string, room: string, active: () => boolean, cap: number): boolean {
    let rooms = this.byOwner.get(owner);
    if (!rooms) this.byOwner.set(owner, (rooms = new Map()));
    if (!rooms.has(room) && this.inPlay(owner) >= cap) {
      if (rooms.size === 0) this.byOwner.delete(owner);
      return false;
    }
    rooms.set(room, active);
    return true;
  }

  release(owner: string, room: string) {
    const rooms = this.byOwner.get(owner);
    rooms?.delete(room);
    if (rooms?.size === 0) this.byOwner.delete(owner);
  }

  /** The rooms against the computer `owner` has in play now. */
  inPlay(owner: string): number {
    let n = 0;
    for (const active of this.byOwner.get(owner)?.values() ?? []) if (active()) n++;
    return n;
  }
}
