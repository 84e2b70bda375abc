// A party's membership: who holds which member (a secret token, its hash after a restart), who is connected, who
// counts against PARTY_MEMBERS, who was removed (by token and by address), who is kept aside, and who hosts.
// The lobby room (./party-room) routes connections here; this knows no game.
import { createHash, randomBytes } from 'node:crypto';
import { ServerError, type Client } from '@colyseus/core';
import { CLOSE, PARTY_OUT } from '@dicehall/shared';
import type { ErrorMessage } from './messages';
import { confusable } from './names';
import { Member, type PartyState } from './party-schema';

/** A member's secret: the token itself while this process has seen it, its hash always (all a resumed lobby has). */
interface Holder {
  token: string | null;
  tokenHash: string;
  sessionId: string | null;
  /** The address (limit key) the member last came from; unknown for a resumed lobby until they come back. */
  address?: string;
  /** Counted against PARTY_MEMBERS: false once the member has been away longer than the grace. */
  counted: boolean;
  /** Runs while the member is away: at the grace's end they stop counting (or go, with nothing to keep). */
  dropTimer: NodeJS.Timeout | null;
}

/** A removed member: their token's hash and the hash of their address, both refused until the host allows them. */
interface Removal {
  tokenHash: string;
  addressHash: string;
}

/** What the lobby room lends its members. */
export interface MembersHost {
  readonly state: PartyState;
  readonly clients: readonly Client[];
  readonly maxMembers: number;
  graceSeconds(): number;
  /** The member sits at the table being played. */
  playing(id: string): boolean;
  /** The member went from the list: what the room keeps of them (a client seed) goes too. */
  forget(id: string): void;
  changed(): void;
}

/** Members kept aside (away past the grace, nothing to show) per member place, before the oldest are forgotten. */
const ASIDE_PER_MEMBER = 4;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
/** A removed member's address is kept only as this hash (the store never holds an address). */
const addressHash = (key: string) => createHash('sha256').update(`dicehall-removed-address|${key}`).digest('hex');
/**
 * An address a removal may not bar: loopback and unknown ones are a reverse proxy's or this machine's, shared by
 * everyone behind it (set TRUST_PROXY behind a proxy), so barring them would bar every newcomer.
 */
const barrable = (key: string | undefined): key is string =>
  !!key && key !== 'unknown' && !/^127\./.test(key) && key !== '0:0:0:0::/64';

export class PartyMembers {
  private holders = new Map<string, Holder>();
  private memberOf = new Map<string, string>();
  /** Removed members (their token's and address's hashes), by member id, so the host can let one back in. */
  private removed = new Map<string, Removal>();
  /** Members away past the grace with nothing to show, out of the list (./drop), oldest first. */
  private aside = new Map<string, { name: string; benched: boolean }>();
  private hostTimer: NodeJS.Timeout | null = null;

  constructor(private readonly host: MembersHost) {}

  private get state() {
    return this.host.state;
  }

  /** The member a connection speaks for. */
  idOf(sessionId: string): string | undefined {
    return this.memberOf.get(sessionId);
  }

  /** The connection a member is on now. */
  clientOf(id: string): Client | undefined {
    const sessionId = this.holders.get(id)?.sessionId;
    return sessionId ? this.host.clients.find((c) => c.sessionId === sessionId) : undefined;
  }

  /**
   * A connection joins as a member: back by token (or a member kept aside, by token, while there is room), or new.
   * Refusals throw (Colyseus answers the join with them). Returns the member and the token to hand back.
   */
  join(client: Client, wanted: string | undefined, memberToken: string | undefined, address: string | undefined) {
    const removals = [...this.removed.values()];
    if (memberToken && removals.some((r) => r.tokenHash === hash(memberToken)))
      throw new ServerError(403, 'removed: the host removed you from this party');
    const presented = memberToken ? hash(memberToken) : null;
    let id = presented ? [...this.holders].find(([, h]) => h.tokenHash === presented)?.[0] : undefined;
    // A removed member who comes back without their token (a private window, cleared storage) is known by address.
    if (!id && barrable(address) && removals.some((r) => r.addressHash === addressHash(address)))
      throw new ServerError(
        403,
        'removed: the host removed someone at your address from this party; ask them to let you in',
      );
    // A member away past the grace came back: they count again. One still in the list (a score, the hosting, a
    // seat at the table) always may; one kept aside needs a free place.
    if (id && this.aside.has(id) && this.counted() >= this.host.maxMembers) this.refuseFull();
    if (id) this.bringBack(id, wanted);
    if (!id) {
      const count = this.state.members.size;
      if (this.counted() >= this.host.maxMembers) this.refuseFull();
      const name = wanted ?? `Guest ${count + 1}`;
      const others = [...this.state.members.values()].map((m) => m.name);
      if (confusable(name, others))
        throw new ServerError(400, "name-taken: that name looks like another member's; choose another");
      id = randomBytes(6).toString('hex');
      const member = new Member();
      member.id = id;
      member.name = name;
      this.state.members.set(id, member);
      const token = randomBytes(24).toString('base64url');
      this.holders.set(id, { token, tokenHash: hash(token), sessionId: null, counted: true, dropTimer: null });
      if (!this.state.host) this.state.host = id;
    }
    const holder = this.holders.get(id)!;
    // A resumed lobby knows only the hash until the member comes back with the token.
    if (!holder.token && memberToken) holder.token = memberToken;
    const previous = this.host.clients.find((c) => c.sessionId === holder.sessionId);
    if (previous && previous !== client) {
      this.memberOf.delete(previous.sessionId);
      previous.leave(CLOSE.seatElsewhere);
    }
    holder.sessionId = client.sessionId;
    holder.counted = true;
    if (address) holder.address = address;
    if (holder.dropTimer) clearTimeout(holder.dropTimer);
    holder.dropTimer = null;
    this.memberOf.set(client.sessionId, id);
    this.state.members.get(id)!.connected = true;
    if (this.state.host === id) this.hostBack();
    return { id, token: holder.token ?? memberToken ?? '' };
  }

  /** A connection left: its member is away (hosting and counting pass after the grace). */
  leave(client: Client) {
    const id = this.memberOf.get(client.sessionId);
    this.memberOf.delete(client.sessionId);
    if (!id) return;
    const holder = this.holders.get(id);
    if (holder?.sessionId !== client.sessionId) return;
    holder.sessionId = null;
    const member = this.state.members.get(id);
    if (member) member.connected = false;
    if (this.state.host === id) this.hostAway();
    this.awayFrom(id, holder);
  }

  dispose() {
    for (const h of this.holders.values()) if (h.dropTimer) clearTimeout(h.dropTimer);
    if (this.hostTimer) clearTimeout(this.hostTimer);
  }

  // ---- removal ----------------------------------------------------------------------------------

  /** The host removes a member: their token and address are refused until allowed back; their page is closed. */
  remove(target: string) {
    const holder = this.holders.get(target)!;
    this.removed.set(target, {
      tokenHash: holder.tokenHash,
      addressHash: barrable(holder.address) ? addressHash(holder.address) : '',
    });
    if (holder.dropTimer) clearTimeout(holder.dropTimer);
    this.holders.delete(target);
    this.state.members.delete(target);
    const gone = this.host.clients.find((c) => c.sessionId === holder.sessionId);
    gone?.send(PARTY_OUT.error, {
      code: 'removed',
      message: 'The host removed you from this party.',
      of: 'remove',
    } satisfies ErrorMessage);
    gone?.leave(CLOSE.removed);
  }

  /** Lets a removed member back in; false when nobody by that id was removed. */
  allow(target: string): boolean {
    return this.removed.delete(target);
  }

  // ---- the store's copy -------------------------------------------------------------------------

  tokenHashOf(id: string): string {
    return this.holders.get(id)?.tokenHash ?? '';
  }

  /** Removals as the store keeps them: member id, token hash, address hash. */
  removals(): [string, string, string][] {
    return [...this.removed].map(([id, r]): [string, string, string] => [id, r.tokenHash, r.addressHash]);
  }

  /** A stored member comes back, away until they connect: whoever does not come within the grace stops counting. */
  restoreHolder(id: string, tokenHash: string) {
    const holder: Holder = { token: null, tokenHash, sessionId: null, counted: true, dropTimer: null };
    this.holders.set(id, holder);
    this.awayFrom(id, holder);
  }

  restoreRemovals(removed: ([string, string] | [string, string, string])[]) {
    for (const [id, tokenHash, address] of removed) this.removed.set(id, { tokenHash, addressHash: address ?? '' });
  }

  // ---- hosting ----------------------------------------------------------------------------------

  hostAway() {
    const grace = this.host.graceSeconds() * 1000;
    this.state.hostGraceEndsAt = Date.now() + grace;
    if (this.hostTimer) clearTimeout(this.hostTimer);
    this.hostTimer = setTimeout(() => {
      this.hostTimer = null;
      // The longest-standing member still here takes over (the map keeps join order).
      const next = [...this.state.members.values()].find((m) => m.connected && m.id !== this.state.host);
      if (next) this.passHost(next.id);
    }, grace);
  }

  private hostBack() {
    this.state.hostGraceEndsAt = 0;
    if (this.hostTimer) clearTimeout(this.hostTimer);
    this.hostTimer = null;
  }

  passHost(id: string) {
    this.state.host = id;
    this.host.changed();
    this.hostBack();
    if (!this.state.members.get(id)?.connected) this.hostAway();
  }

  // ---- counting ---------------------------------------------------------------------------------

  /** Members counted against PARTY_MEMBERS: those here, and those away for less than the grace. */
  private counted(): number {
    let n = 0;
    for (const h of this.holders.values()) if (h.counted) n++;
    return n;
  }

  private refuseFull(): never {
    const host = this.state.members.get(this.state.host)?.name;
    const ask = host ? `ask its host, ${host}, to make room` : 'try again later';
    throw new ServerError(403, `lobby-full: this party is full (${this.host.maxMembers} members); ${ask}`);
  }

  /** A member left: if they are not back within the grace, they stop counting (./counted). */
  private awayFrom(id: string, holder: Holder) {
    if (holder.dropTimer) clearTimeout(holder.dropTimer);
    holder.dropTimer = setTimeout(() => {
      holder.dropTimer = null;
      if (holder.sessionId !== null || this.holders.get(id) !== holder) return;
      this.drop(id, holder);
    }, this.host.graceSeconds() * 1000);
  }

  /**
   * A member away past the grace stops counting. One with something to show (a score, the hosting, a seat at the
   * table being played) stays in the list; one with nothing goes from it (kept aside, unsaved, so their token still
   * brings them back as themselves while there is room): connections that join and leave cannot fill the lobby.
   */
  private drop(id: string, holder: Holder) {
    const member = this.state.members.get(id);
    if (!member) return;
    holder.counted = false;
    if (this.state.phase === 'gathering') {
      member.seat = -1;
      member.ready = false;
    }
    const scored = member.total.wins + member.total.losses + member.total.draws > 0;
    if (!scored && this.state.host !== id && !this.host.playing(id)) {
      this.aside.set(id, { name: member.name, benched: member.benched });
      this.host.forget(id);
      this.state.members.delete(id);
      // Kept aside within a bound; the oldest go for good (they would join again as new members).
      for (const old of this.aside.keys()) {
        if (this.aside.size <= this.host.maxMembers * ASIDE_PER_MEMBER) break;
        this.aside.delete(old);
        this.holders.delete(old);
      }
    }
    this.host.changed();
  }

  /** A member kept aside came back by token: into the list again, under their name unless it now reads like another's. */
  private bringBack(id: string, wanted: string | undefined) {
    const kept = this.aside.get(id);
    if (!kept) return;
    const name = wanted ?? kept.name;
    const others = [...this.state.members.values()].map((m) => m.name);
    if (confusable(name, others))
      throw new ServerError(400, "name-taken: that name looks like another member's; choose another");
    this.aside.delete(id);
    const member = new Member();
    member.id = id;
    member.name = name;
    member.benched = kept.benched;
    this.state.members.set(id, member);
  }
}
