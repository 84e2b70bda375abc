// One ordered stream per audience (issue #29): each seat, and all spectators together, get a full frame once, then one
// frame per change holding everything that changed for them: the new public log lines and key lists, whose turn,
// the clocks, and the structural diff of their view (with its legal-action marker). Nothing in a frame points
// outside it or ahead of it, so the client needs no ordering between channels. RoomViews is the room's side of it.
//
// Decision (issue #29): per-action data left the Colyseus schema; the schema keeps what is rare and shared (seats,
// names, connection, spectators, chat and talk, seeds, phase, result, notices). Measured on 2 shared cores
// (bench/wire.bench.ts, 10 games each, bench/RESULTS.md): before, an action reached each client as two frames, a
// view message (payload 131 B Shields, 117–142 B Dice Chess per action per client) and a schema patch with `toAct`,
// `newLines`, `clock` (130 B, 97–100 B); now as one frame (262 B, 214–243 B), and a mid-game action changes nothing in
// the schema, so Colyseus encodes no patch at all (what patches remain, joins and leaves, are 3–6 B per action). A late
// spectator's first state is 2.5 KiB with the default compression (4.8–4.9 KiB before: the latest lines now come in
// the full frame, one message over 1 KiB, not a separate page). Moving the rest of the schema into the stream too
// would re-implement seat, chat and reconnection sync that Colyseus already does at no per-action cost: not done.
// Every frame carries its audience's revision; a client that sees a gap asks for a snapshot (TABLE_IN.resync).
//
// Earlier decision (issue #11): per-seat views are neither JSON strings inside the schema nor typed schema. They are
// the module's plain JSON `view(state, seat)`, diffed per audience (bench/wire.results.md: JSON views in the schema
// cost 5,793 B per action per client on Shields, the diff stream a tenth of it after issue #18's rounds). Typed schema
// with `@view()` fields would need one schema per game kept in step with its module. The cost of this choice: a diff
// per audience on each flush (a round of a two-seat room with spectators 8 µs on Shields, 12 µs on Dice Chess, the
// seats reusing the spectators' sub-diffs: bench/view-round.bench.ts).
import { ClientState, type Client } from '@colyseus/core';
import {
  diff,
  encodeDiff,
  shareNodes,
  TABLE_OUT,
  type DiffMemo,
  type GameModule,
  type PublicLine,
  type WireDoc,
} from '@dicehall/shared';
import { LOG_WINDOW } from './record';

/**
 * What every audience of a game state is sent: the public document, and one per seat. Legal actions go only to
 * seats to act; for a game whose clients derive them from their own view (`legalFromView`) not even those
 * travel, only a marker that the seat is to act (and the server does not list them at all).
 * `lines`: the public log lines every client on a diff holds (the room's latest, ./record `window`), which a view
 * may point into (GameModule.wireView); none for a full document, which a client may read before its first lines.
 */
export function viewDocs(
  m: GameModule,
  state: unknown,
  seats: number,
  toAct: readonly number[],
  lines: readonly PublicLine[] = [],
): { public: WireDoc; seats: WireDoc[] } {
  const derive = m.legalFromView !== undefined;
  // A game whose views travel in a smaller form, or whose legal actions are derived, says so once, in each full
  // document (`game` never changes).
  const wire = m.wireView;
  const game = wire || derive ? { game: m.id } : {};
  const doc = (view: unknown): WireDoc =>
    wire ? { view: wire.toWire(state, view, lines), ...game } : { view, ...game };
  const publicView = m.view(state, null);
  const pub = doc(publicView);
  return {
    public: pub,
    seats: Array.from({ length: seats }, (_, s): WireDoc => {
      // A seat's view made from the public one where the module can (GameModule.seatView); the public view itself
      // when the seat sees what spectators see, whose document is then the spectators' own.
      const view = m.seatView ? m.seatView(state, s, publicView) : m.view(state, s);
      // What a seat sees like everyone is the public view's own objects, so its diff reuses the spectators' (flush).
      let d: WireDoc;
      if (view === publicView) d = { ...pub };
      else {
        const own = doc(view);
        d = { ...own, view: shareNodes(own.view, pub.view) };
      }
      if (!toAct.includes(s)) return d;
      return derive ? { ...d, act: s } : { ...d, legal: m.legalActions(state, s) };
    }),
  };
}

/** The same document made without pointing into the log (`lines` none), for a full document; made when asked. */
export type Whole = () => WireDoc;

/**
 * The table's per-action state as the stream carries it (what was synced in the schema before issue #29): the game's
 * id and start, its event key lists, its latest public lines (LOG_WINDOW: those a view may point into), whose turn,
 * the clocks. What changed since the last flush waits, taken once per flush as one JSON text that every audience's
 * frame embeds. Key lists and lines are kept as the JSON texts ./record made and written into the frame as they are
 * (not as strings: no escaping, and a raw-frame search finds them in the form a page carries).
 */
export class TableStream {
  gameId = '';
  start = 0;
  toAct: number[] = [];
  clock = '';
  private keys: string[] = [];
  private window: [number, string][] = [];
  /** What changed since the last take. */
  private newGame = false;
  private newKeys: string[] = [];
  private newLines: [number, string][] = [];
  private toActChanged = false;
  private clockChanged = false;
  /** Something waits to be taken. */
  pending = false;

  /** A new game's lines begin (its setup entry's time): clients holding the last game's lines start afresh. */
  begin(gameId: string, start: number) {
    this.gameId = gameId;
    this.start = start;
    this.keys = [];
    this.window = [];
    this.newGame = true;
    this.newKeys = [];
    this.newLines = [];
    this.pending = true;
  }

  /** An event key list the game's lines now refer to, as its JSON text (./record). */
  key(text: string) {
    this.keys.push(text);
    this.newKeys.push(text);
    this.pending = true;
  }

  /** A public line (./record), as `encodeLine` wrote it. */
  line(seq: number, text: string) {
    this.window.push([seq, text]);
    if (this.window.length > LOG_WINDOW) this.window.shift();
    this.newLines.push([seq, text]);
    this.pending = true;
  }

  setToAct(toAct: readonly number[]) {
    if (toAct.length === this.toAct.length && toAct.every((s, i) => this.toAct[i] === s)) return;
    this.toAct = [...toAct];
    this.toActChanged = true;
    this.pending = true;
  }

  setClock(clock: string) {
    if (clock === this.clock) return;
    this.clock = clock;
    this.clockChanged = true;
    this.pending = true;
  }

  /** What changed since the last call, as its JSON text ('{}' for nothing), and forgets it. */
  take(): string {
    if (!this.pending) return '{}';
    const text = tableText(
      this.newGame ? this.gameId : undefined,
      this.start,
      this.newKeys,
      this.newLines,
      this.toActChanged ? this.toAct : undefined,
      this.clockChanged ? this.clock : undefined,
    );
    this.newGame = this.toActChanged = this.clockChanged = this.pending = false;
    this.newKeys = [];
    this.newLines = [];
    return text;
  }

  /** All of it, for a full frame, as its JSON text. */
  whole(): string {
    return tableText(this.gameId, this.start, this.keys, this.window, this.toAct, this.clock, true);
  }
}

/** A `TableDelta` as JSON text, its key lists and lines written in as the JSON they already are. */
function tableText(
  game: string | undefined,
  start: number,
  keys: readonly string[],
  lines: readonly (readonly [number, string])[],
  toAct: readonly number[] | undefined,
  clock: string | undefined,
  all = false,
): string {
  const parts: string[] = [];
  if (game !== undefined) parts.push(`"g":${JSON.stringify(game)}`, `"s":${start}`);
  if (all || keys.length) parts.push(`"k":[${keys.join(',')}]`);
  if (all || lines.length) parts.push(`"l":[${lines.map(([seq, text]) => `[${seq},${text}]`).join(',')}]`);
  if (toAct) parts.push(`"a":${JSON.stringify(toAct)}`);
  if (clock !== undefined) parts.push(`"c":${JSON.stringify(clock)}`);
  return `{${parts.join(',')}}`;
}

/**
 * One audience's stream: the document last sent, its revision, and the next one waiting for the flush.
 * Diffs are taken at flushes, so a burst of changes costs one diff and one frame.
 *
 * A document's view may point into the log's latest lines (GameModule.wireView), which every frame brings before the
 * view that points to them; a full document never points (it is its `whole` form). A pointer is a number where the
 * full form has the value: a later diff replaces it whole whichever a client holds, so both read the same from then on.
 */
export class ViewChannel {
  rev = 0;
  sent: WireDoc | null = null;
  private sentWhole: Whole | null = null;
  private next: WireDoc | null = null;
  private nextWhole: Whole | null = null;
  /** A document (or a restart) is waiting for the next flush. */
  pending = false;
  private reset = false;

  /** `whole`: the same document without pointers into the log, when it may have some. */
  set(doc: WireDoc, whole?: Whole) {
    this.next = doc;
    this.nextWhole = whole ?? null;
    this.pending = true;
  }

  /** The next frame makes everyone on this channel start over from a full one (seats moved). */
  restart() {
    this.reset = true;
    this.pending = this.next !== null || this.sent !== null;
    if (this.next === null) {
      this.next = this.sent;
      this.nextWhole = this.sentWhole;
    }
  }

  /** The latest document, sent or still waiting for the next flush. */
  current(): WireDoc | null {
    return this.pending ? this.next : this.sent;
  }

  /**
   * What a client joining this audience now, or asking after a gap, needs: a full frame at the latest revision, as
   * its text (`table`: TableStream.whole).
   */
  snapshot(table: string, answer = false): string {
    return fullText(this.rev, this.sentWhole ? this.sentWhole() : this.sent, table, answer);
  }

  /**
   * The frame for the changes since the last flush as its text, or null when nothing changed for this audience.
   * `tableText`: what changed in the table (TableStream.take), `'{}'` for nothing; `whole`: all of the table, for a
   * full frame. `memo`: the round's shared sub-diffs (RoomViews.flush).
   */
  flushText(tableText: string, whole: () => string, memo?: DiffMemo): string | null {
    const table = tableText !== '{}';
    if (!this.pending) {
      // No document yet (before the first game): the first frame will be a full one.
      if (!table || this.sent === null) return null;
      return encodeDiff(++this.rev, tableText, undefined);
    }
    this.pending = false;
    const next = this.next;
    const nextWhole = this.nextWhole;
    if (this.reset || this.sent === null) {
      this.reset = false;
      // What its clients hold, which the next diff starts from.
      this.sent = nextWhole ? nextWhole() : next;
      this.sentWhole = null;
      return fullText(++this.rev, this.sent, whole());
    }
    const ops = diff(this.sent, next, memo);
    this.sent = next;
    this.sentWhole = nextWhole;
    if (ops === undefined && !table) return null;
    return encodeDiff(++this.rev, tableText, ops);
  }
}
/**
 * Sets each audience's channel (the spectators' first, then each seat's) to its document for `state`, pointing
 * into `lines` where the module's views may, with the same documents without pointers for full documents (made at
 * most once, when one is sent).
 */
export function setDocs(
  channels: readonly ViewChannel[],
  m: GameModule,
  state: unknown,
  seats: number,
  toAct: readonly number[],
  lines: readonly PublicLine[] = [],
) {
  const docs = viewDocs(m, state, seats, toAct, lines);
  let whole: ReturnType<typeof viewDocs> | undefined;
  const wholeDocs = () => (whole ??= viewDocs(m, state, seats, toAct));
  const points = m.wireView !== undefined && lines.length > 0;
  channels[0]!.set(docs.public, points ? () => wholeDocs().public : undefined);
  for (const [s, doc] of docs.seats.entries())
    channels[s + 1]!.set(doc, points ? () => wholeDocs().seats[s]! : undefined);
}

/** What the view streams need from their room. */
export interface ViewHost {
  clients: readonly Client[];
  /** The seat a connection sits in, if any. */
  seatOf(sessionId: string): number | undefined;
  /** Sends one frame's text to each of `to` (encoded once for all of them). */
  send(to: readonly Client[], text: string): void;
}

/** A full frame's text (./view-stream `ViewMessage` with `full`): `table` already JSON. */
const fullText = (rev: number, doc: WireDoc | null, table: string, answer = false): string =>
  `{"rev":${rev},"full":${JSON.stringify(doc)},"t":${table}${answer ? ',"re":1' : ''}}`;

/** A room's streams: spectators' (one encode shared by all of them) and each seat's, with the table they share. */
export class RoomViews {
  readonly public = new ViewChannel();
  readonly seats: ViewChannel[] = [];
  readonly table = new TableStream();

  constructor(private host: ViewHost) {}

  /**
   * Sets what each audience sees; the diffs go out with the next flush. Each seat's view already holds the
   * public part, so a seat is sent its own stream only, and legal actions only to seats that are to act.
   */
  set(m: GameModule, state: unknown, seats: number, toAct: readonly number[], lines: readonly PublicLine[] = []) {
    while (this.seats.length < seats) this.seats.push(new ViewChannel());
    this.table.setToAct(toAct);
    setDocs([this.public, ...this.seats], m, state, seats, toAct, lines);
  }

  /** Whether some audience has a change not yet sent. */
  pending(): boolean {
    return this.table.pending || this.public.pending || this.seats.some((c) => c.pending);
  }

  /** Every seated client now holds another seat's stream (rematch): each starts over from a full document. */
  restartSeats() {
    for (const channel of this.seats) channel.restart();
  }

  /**
   * The client's audience's full frame, as last sent; `joining` from the room's sendFullState, `answer` to a
   * client's `resync` (marked so, ./view-stream `ViewMessage.re`).
   */
  sendTo(client: Client, joining = false, answer = false) {
    // A client still joining is sent its frame by sendFullState, ahead of its first state.
    if (!joining && client.state === ClientState.JOINING) return;
    const seat = this.host.seatOf(client.sessionId);
    const channel = seat === undefined ? this.public : this.seats[seat];
    if (channel?.sent) client.send(TABLE_OUT.view, channel.snapshot(this.table.whole(), answer));
  }

  /** Sends every audience its one frame for what changed since the last flush; true when any frame went. */
  flush(): boolean {
    if (!this.pending()) return false;
    const tableText = this.table.take();
    let whole: string | undefined;
    const wholeTable = () => (whole ??= this.table.whole());
    // The spectators' diff first: the seats' documents share its nodes (viewDocs), so theirs reuse its work.
    const memo: DiffMemo = new WeakMap();
    const forAll = this.public.flushText(tableText, wholeTable, memo);
    const forSeat = this.seats.map((channel) => channel.flushText(tableText, wholeTable, memo));
    // Who gets which text, in one pass. Clients still joining are left out: sendFullState gives them the frame
    // current when they arrive.
    const { clients, seatOf } = this.host;
    const spectators: Client[] = [];
    const seated: Client[][] = forSeat.map(() => []);
    for (const c of clients) {
      if (c.state === ClientState.JOINING) continue;
      const s = seatOf(c.sessionId);
      if (s === undefined) spectators.push(c);
      else seated[s]?.push(c);
    }
    // One encode per audience, whoever is in it.
    let sent = false;
    if (forAll && spectators.length > 0) {
      this.host.send(spectators, forAll);
      sent = true;
    }
    for (const [s, text] of forSeat.entries())
      if (text && seated[s]!.length > 0) {
        this.host.send(seated[s]!, text);
        sent = true;
      }
    return sent;
  }
}
