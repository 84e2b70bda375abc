// The table: the board (Pixi) with an accessible HTML layer around it — player strips above and below the board,
// the conversation bar between the opponents' strip and the board, the end overlay on it, then actions, log, chat
// and proof. Preact renders the layer from the store on every change; the board and the game's own controls are
// elements it makes once and never touches again (their insides belong to Pixi and the game).
import { SAVING_PAUSED, seatName, TABLE_IN, resultText, verifyLog, type GameLog } from '@dicehall/shared/core';
import { h, render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { takeStage } from '../engine/stage';
import { gameModule, loadGame, loadedGame } from '../games';
import type { GameView, ViewFactory } from '../games/types';
import type { TableConnection } from '../net/connection';
import type { Snapshot, Store } from '../net/store';
import { Outside } from '../ui/outside';
import { showScreen } from '../ui/screen';
import { TalkBar } from './conversation';
import { LogView, type Verified } from './log-view';
import { WatcherChat, WatcherPanel } from './watcher';
import { ChatList, SpectatorChatSwitch } from './chat';
import { sound } from '../ui/sound';
import { ConfirmMovesSwitch, goAhead } from './confirm-moves';
import { PlayerStrips } from './strips';
import { EndLuck } from './luck-view';
import './table.css';
import { turnSignal } from '../ui/turn-signal';
import { PushSwitch } from '../ui/push-switch';
import { DeviceLink } from './device-link';
import { identity } from '../net/identity';

/** What the layer shows; the status line and the log wait while the board shows a roll still in the air. */
interface TableProps {
  snap: Snapshot | null;
  /** The room's game, known from its first state before the board starts (its stylesheet sizes the board). */
  game: string | undefined;
  conn: TableConnection;
  go: (path: string) => void;
  online: boolean;
  /** The status line and log as last released (held back while a roll is in the air). */
  status: string;
  logSnap: Snapshot | null;
  held: boolean;
  myTurn: boolean;
  error: string;
  verified: Verified | null;
  onVerified(v: Verified): void;
  madeBoard(el: HTMLElement): void;
  madeControls(el: HTMLElement): void;
}

export async function tableScreen(
  root: HTMLElement,
  store: Store,
  conn: TableConnection,
  go: (path: string) => void,
): Promise<() => void> {
  const stage = takeStage();
  let board: HTMLElement | null = null;
  let controls: HTMLElement | null = null;
  let view: GameView | null = null;
  let createView: ViewFactory | null = null;
  let ready = false;
  let shownStatus = '';
  let logSnap: Snapshot | null = null;
  let error = '';
  let errorTimer: ReturnType<typeof setTimeout> | undefined;
  let verified: Verified | null = null;
  let wasOver = false;
  let gameId: string | undefined;

  const draw = () => {
    const snap = ready ? store.snapshot : null;
    let myTurn = false;
    let held = false;
    if (snap) {
      myTurn = snap.phase === 'playing' && snap.mySeat !== null && snap.toAct.includes(snap.mySeat);
      // Turn changes are unmissable: the status here; the title, favicon and sound in ../ui/turn-signal.
      if (snap.phase === 'over' && !wasOver && logSnap) sound.play('end');
      wasOver = snap.phase === 'over';
      if (createView && !view && controls) {
        view = createView({
          stage,
          controls,
          act: (action) => goAhead(store.snapshot, action) && conn.send(TABLE_IN.action, action),
          caughtUp: () => draw(),
        });
        stage.root.addChild(view.container);
      }
      view?.update(snap);
      // While the board shows a roll still in the air, the words wait for it to land (they would give the result away).
      held = view?.lagging === true;
      if (!held) {
        shownStatus = statusLine(snap, store.connection);
        logSnap = snap;
      }
    }
    const props: TableProps = {
      snap,
      game: gameId,
      conn,
      go,
      online: store.connection === 'connected',
      status: shownStatus,
      logSnap,
      held,
      myTurn,
      error,
      verified,
      onVerified: (v) => {
        verified = v;
        draw();
      },
      madeBoard: (el) => {
        board = el;
      },
      madeControls: (el) => {
        controls = el;
      },
    };
    render(h(Table, props), root);
    fitLater();
  };
  // The first screen keeps room under the board for the first row of the game's controls, whatever the game puts
  // there (a heading and a row of buttons, an "All moves" line): measured after each render, grown when more is
  // needed and never shrunk within a game, so the board does not jump at every turn (a resize costs a software-GL
  // canvas hundreds of ms).
  let reserve = { game: '', px: 0 };
  let fitFrame = 0;
  const fit = () => {
    fitFrame = 0;
    const table = root.querySelector<HTMLElement>('.table.live');
    const first = table?.querySelector('.table-first');
    if (!table || !first) return;
    if (reserve.game !== (store.snapshot?.gameId ?? '')) {
      table.style.removeProperty('--reserve');
      reserve = { game: store.snapshot?.gameId ?? '', px: 0 };
    }
    const floor = Number.parseFloat(getComputedStyle(table).getPropertyValue('--reserve')) || 0;
    let top: DOMRect | null = null;
    for (const el of table.querySelectorAll<HTMLElement>('.game-controls :is(button, summary), .actions button')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (el as HTMLButtonElement).disabled) continue;
      if (!top || r.top < top.top) top = r;
    }
    if (!top) return;
    const need = Math.min(innerHeight * 0.4, top.bottom - first.getBoundingClientRect().bottom + 8);
    if (need > Math.max(floor, reserve.px) + 4) {
      reserve.px = Math.ceil(need);
      table.style.setProperty('--reserve', `${reserve.px}px`);
    }
  };
  const fitLater = () => {
    if (!fitFrame) fitFrame = requestAnimationFrame(fit);
  };
  addEventListener('resize', fitLater);
  // The skeleton shows at once; the first state and the board follow.
  showScreen(root, null);
  draw();

  // The first state may still be on its way (the table's code is preloaded, and a reload under load can open
  // this screen before the room's first state): wait for it, so the game's board is known.
  const first =
    store.snapshot ??
    (await new Promise<Snapshot>((resolve) => {
      const off = store.subscribe(() => {
        if (store.snapshot) {
          off();
          resolve(store.snapshot);
        }
      });
    }));
  // The board takes its game's size before the renderer measures it: sized once, not once per stylesheet rule
  // (a resize of a software-GL canvas at ratio 3 costs hundreds of ms; Shields' board is taller than the default).
  gameId = first.game;
  draw();
  // The renderer starts while this game's code arrives (usually preloaded by the router as soon as the room's game
  // was known): its rules (the store's legal actions, the log's words), then its board. No other game's code loads.
  [, createView] = await Promise.all([
    stage.init(board!),
    loadGame(first.game).then((game) => game?.loadView() ?? null),
  ]);
  const offError = conn.onError((e) => {
    error = e.message;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => {
      error = '';
      draw();
    }, 4000);
    draw();
  });
  ready = true;
  const unsubscribe = store.subscribe(draw);
  const offSignal = turnSignal(store);
  draw();
  return () => {
    removeEventListener('resize', fitLater);
    cancelAnimationFrame(fitFrame);
    clearTimeout(errorTimer);
    unsubscribe();
    offSignal();
    offError();
    render(null, root);
    view?.destroy();
    stage.destroy();
  };
}

function Table(p: TableProps) {
  const { snap, conn } = p;
  const clock = snap?.clock ?? '';
  const [verifyAsked, askVerify] = useState(0);
  const [verdict, setVerdict] = useState<Verdict>({ text: '', ok: null });
  // A new game (a rematch) starts with no verdict.
  const gameKey = snap ? `${snap.gameId}:${snap.serverSeed}` : '';
  const verdictKey = useRef(gameKey);
  if (verdictKey.current !== gameKey) {
    verdictKey.current = gameKey;
    if (verdict.text) setVerdict({ text: '', ok: null });
  }
  // The first screen is the strips, the conversation bar, the board (with the end overlay on it) and the thing to
  // do now; the side column (or, on a phone, the page below) holds the link, the proof, the log and the chat.
  return h(
    'section',
    { class: `table live${p.myTurn ? ' my-turn' : ''}`, 'data-game': snap?.game ?? p.game, 'data-phase': snap?.phase },
    h(
      'div',
      { class: 'table-main' },
      h(
        'div',
        { class: `table-first${(snap?.seats.length ?? 2) > 2 ? ' many' : ''}` },
        h(PlayerStrips, { snap, clock, online: p.online, where: 'top' }),
        h(TalkBar, { snap, conn, status: p.status }),
        h(
          'div',
          { class: 'board-wrap' },
          h(Outside, { tag: 'div', attrs: { class: 'board', id: 'board' }, made: p.madeBoard }),
          snap?.phase === 'over' && snap.result
            ? h(EndOverlay, {
                key: gameKey,
                snap,
                conn,
                go: p.go,
                verdict,
                verify: () => askVerify((n) => n + 1),
              })
            : null,
        ),
        h(PlayerStrips, { snap, clock, online: p.online, where: 'bottom' }),
      ),
      h(Outside, { tag: 'div', attrs: { class: 'game-controls' }, made: p.madeControls }),
      h(Actions, {
        snap: p.held ? null : snap,
        online: p.online,
        act: (a) => goAhead(snap, a) && conn.send(TABLE_IN.action, a),
      }),
      h('p', { class: 'error', role: 'alert' }, p.error),
    ),
    h(
      'aside',
      { class: 'table-side' },
      h(ShareLink, { link: `${location.origin}/r/${conn.room?.roomId}` }),
      // Web Push for this seat once its game has started (issue 33: ../ui/push-switch).
      snap?.mySeat != null && snap.phase !== 'waiting' && conn.room
        ? h(PushSwitch, { roomId: conn.room.roomId, gameId: snap.gameId })
        : null,
      // A seated player takes the seat to another device (issue 33: ./device-link).
      snap?.mySeat != null && snap.phase !== 'waiting'
        ? h(DeviceLink, { seats: () => seatHere(conn.room?.roomId) })
        : null,
      h(WatcherPanel, { snap, conn }),
      h(Platform, { snap, conn }),
      h(Proof, {
        key: gameKey,
        snap,
        verified: p.onVerified,
        asked: verifyAsked,
        verdict,
        setVerdict,
      }),
      h(
        'section',
        { class: 'log-box' },
        h('h2', {}, 'Log'),
        h(LogView, {
          snap: p.logSnap,
          verified: p.verified,
          earlier: (before) => conn.send(TABLE_IN.logBefore, { before }),
        }),
      ),
      h(
        'section',
        { class: 'chat-box' },
        h('h2', {}, 'Chat'),
        h(ChatList, { snap }),
        // A watcher without a name is asked for one before the first line (./watcher).
        h(WatcherChat, { snap, conn }),
        h('div', { class: 'chat-switch' }, h(SpectatorChatSwitch, { snap, conn })),
      ),
    ),
  );
}

interface Verdict {
  text: string;
  /** null: not checked (or checking). */
  ok: boolean | null;
}

/**
 * The end of a game on the board: the result in words, Rematch · Replay · Verify, and the verdict once checked.
 * The page scrolls to it when it appears (a phone left scrolled at the log comes back to the board); it can be
 * folded to a line to see the final position whole.
 */
function EndOverlay(props: {
  snap: Snapshot;
  conn: TableConnection;
  go: (path: string) => void;
  verdict: Verdict;
  verify: () => void;
}) {
  const { snap, conn, verdict } = props;
  const [folded, setFolded] = useState(false);
  const el = useRef<HTMLDivElement>(null);
  // The whole first block (strips, bar, board) comes into view, not just the overlay at the board's foot.
  useEffect(() => {
    const bring = () => {
      // (On a phone a tall play sheet breaks the block up: then the overlay itself.)
      const block = el.current?.closest('.table-first');
      (block && block.getBoundingClientRect().height > 0 ? block : el.current)?.scrollIntoView({ block: 'nearest' });
    };
    bring();
    // The end also changes what is drawn around the board (a game's controls, Dice Siege's legend) just after, which
    // can move the overlay out of view again: follow the page's size for a moment.
    const watch = new ResizeObserver(bring);
    watch.observe(document.body);
    const stop = setTimeout(() => watch.disconnect(), 1500);
    return () => {
      clearTimeout(stop);
      watch.disconnect();
    };
  }, []);
  const module = gameModule(snap.game);
  const names = snap.seats.map((_, i) => nameOf(snap, i));
  const said = module && snap.result ? resultText(module, snap.result, names, snap.mySeat) : 'Game over';
  const me = snap.mySeat;
  const asked = me !== null && snap.rematch.includes(me);
  const replay = snap.serverSeed
    ? h(
        'a',
        {
          class: 'button-like',
          href: `/replay/${snap.gameId}`,
          'aria-label': 'Replay this game',
          onClick: (e: Event) => {
            e.preventDefault();
            props.go(`/replay/${snap.gameId}`);
          },
        },
        'Replay',
      )
    : null;
  return h(
    'div',
    { class: `end-overlay${folded ? ' folded' : ''}`, ref: el, role: 'region', 'aria-label': 'Game over' },
    h('p', { class: 'end-result' }, `${said.charAt(0).toUpperCase()}${said.slice(1)}.`),
    h(
      'div',
      { class: 'end-actions' },
      me !== null
        ? h(
            'button',
            { type: 'button', class: 'primary', disabled: asked, onClick: () => conn.send(TABLE_IN.rematch) },
            asked ? 'Rematch asked…' : 'Rematch',
          )
        : null,
      replay,
      snap.serverSeed
        ? h(
            'button',
            {
              type: 'button',
              'aria-label': 'Verify this game',
              onClick: props.verify,
              disabled: verdict.text === 'Checking…',
            },
            verdict.ok === true ? 'Verified ✓' : 'Verify',
          )
        : null,
      h(
        'button',
        {
          type: 'button',
          class: 'fold',
          'aria-expanded': folded ? 'false' : 'true',
          'aria-label': folded ? 'Show the result' : 'Fold the result to see the board',
          onClick: () => setFolded(!folded),
        },
        folded ? '▴' : '▾',
      ),
    ),
    verdict.text ? h('p', { class: 'verdict', role: 'status', 'aria-live': 'polite' }, verdict.text) : null,
    // Issue 34: who had the better dice, folded until asked (./luck-view); a tapped roll opens the replay there.
    snap.serverSeed
      ? h(EndLuck, { gameId: snap.gameId, replayAt: (seq) => props.go(`/replay/${snap.gameId}?at=${seq}`) })
      : null,
  );
}

const nameOf = (snap: Snapshot, seat: number) => seatName(snap.seats, seat);

function statusLine(snap: Snapshot, connection: string): string {
  if (connection === 'reconnecting') return 'Connection lost — reconnecting…';
  if (connection === 'elsewhere') return 'This seat is now open in another tab.';
  if (connection === 'lost') return 'Disconnected from the room.';
  if (connection === 'restarting' || snap.notice === 'restart')
    return 'Server restarting — your game is safe. You will be reconnected when it is back.';
  // The server's game store cannot write (issue 31): moves are refused until it is back, and nothing is lost.
  if (snap.notice === 'saving-paused') return `${SAVING_PAUSED}. Moves wait until saving resumes.`;
  if (connection === 'gone')
    return 'This game is no longer on the server (it restarted or the room closed). Start a new one from the home page.';
  if (snap.phase === 'waiting')
    return snap.mySeat === null ? 'Waiting for players.' : 'Waiting for your opponent: send them the link.';
  if (snap.phase === 'over' && snap.result) {
    const module = gameModule(snap.game);
    const names = snap.seats.map((_, i) => nameOf(snap, i));
    return module ? `Game over: ${resultText(module, snap.result, names, snap.mySeat)}.` : 'Game over.';
  }
  if (snap.mySeat !== null && snap.toAct.includes(snap.mySeat)) return 'Your turn.';
  return `${snap.toAct.map((s) => nameOf(snap, s)).join(' and ')} to play.`;
}

function Actions({ snap, online, act }: { snap: Snapshot | null; online: boolean; act: (a: unknown) => void }) {
  const game = snap ? loadedGame(snap.game) : undefined;
  const labels =
    snap && game && snap.phase === 'playing' ? snap.legal.map((a) => ({ a, label: game.label(a, snap) })) : [];
  return h(
    'div',
    { class: 'actions', role: 'group', 'aria-label': 'Your moves' },
    labels.map(({ a, label }) =>
      label === null
        ? null
        : h('button', { type: 'button', class: 'action', disabled: !online, onClick: () => act(a) }, label),
    ),
  );
}

function Platform({ snap, conn }: { snap: Snapshot | null; conn: TableConnection }) {
  return h('div', { class: 'platform', role: 'group', 'aria-label': 'Game' }, snap ? platformParts(snap, conn) : null);
}

function platformParts(snap: Snapshot, conn: TableConnection) {
  const me = snap.mySeat;
  // Once over, Rematch, Replay and Verify are on the board (the end overlay).
  if (me === null || snap.phase !== 'playing') return null;
  const theirs = snap.drawOffer.some((s) => s !== me);
  const mine = snap.drawOffer.includes(me);
  return [
    // An offer to me is answered in the conversation bar above the board.
    gameModule(snap.game)?.draws && !theirs
      ? h(
          'button',
          { type: 'button', disabled: mine, onClick: () => conn.send(TABLE_IN.draw) },
          mine ? 'Draw offered…' : 'Offer a draw',
        )
      : null,
    h(
      'button',
      { type: 'button', onClick: () => confirm(`Resign ${resignScope(snap)}?`) && conn.send(TABLE_IN.resign) },
      'Resign',
    ),
    h(ConfirmMovesSwitch, {}),
  ];
}

/** S15: what resigning gives up, in the game's words ("the whole match (best of three), …"). */
function resignScope(snap: Snapshot): string {
  const module = gameModule(snap.game);
  const options = module?.options.safeParse(snap.options);
  return module?.resignScope && options?.success ? module.resignScope(options.data) : 'this game';
}

/**
 * Fair dice in one line ("Fair dice ✓ verified — details") that expands to the commitment, the seed and the log's
 * download. The check itself is asked from the end overlay (`asked` counts the requests); its verdict shows there
 * and ticks the log. Keyed by game and seed: a new game starts it afresh.
 */
function Proof(props: {
  snap: Snapshot | null;
  verified: (v: Verified) => void;
  asked: number;
  verdict: Verdict;
  setVerdict: (v: Verdict) => void;
}) {
  const { snap, verdict, setVerdict } = props;
  const [open, setOpen] = useState(false);
  const seen = useRef(props.asked);
  useEffect(() => {
    if (props.asked === seen.current || !snap?.serverSeed) return;
    seen.current = props.asked;
    void (async () => {
      setVerdict({ text: 'Checking…', ok: null });
      try {
        const log = (await (await fetch(`/api/games/${snap.gameId}/log`)).json()) as GameLog;
        const v = verifyLog(log, gameModule);
        setVerdict({
          text: v.ok
            ? `Verified: all ${v.rollsChecked} rolls match the seed, and the replay gives the same result.`
            : `Verification FAILED: ${v.problems.join('; ')}`,
          ok: v.ok,
        });
        // The log's ticks belong to this game and this seed only.
        props.verified({
          gameId: log.gameId,
          serverSeed: log.fair.serverSeed ?? '',
          ok: v.ok && log.gameId === snap.gameId,
        });
      } catch (err) {
        setVerdict({ text: `Could not fetch the log: ${(err as Error).message}`, ok: false });
      }
    })();
  }, [props.asked]);
  if (!snap) return h('section', { class: 'proof', 'aria-label': 'Fair dice' });
  const state =
    verdict.ok === true
      ? '✓ verified'
      : verdict.ok === false
        ? '✗ not verified'
        : snap.serverSeed
          ? '· seed revealed, ready to verify'
          : '· committed before the first roll';
  return h(
    'section',
    { class: `proof${open ? ' open' : ''}`, 'aria-label': 'Fair dice' },
    h(
      'p',
      { class: 'proof-line' },
      h('span', {}, `Fair dice ${state} — `),
      h(
        'button',
        { type: 'button', class: 'link', 'aria-expanded': open ? 'true' : 'false', onClick: () => setOpen(!open) },
        open ? 'hide details' : 'details',
      ),
      // Once the seed is out, the log anyone can check with the command-line verifier.
      snap.serverSeed
        ? [
            ' · ',
            h(
              'a',
              { href: `/api/games/${snap.gameId}/log`, download: `dicehall-${snap.game}-${snap.gameId}.json` },
              'Download the log',
            ),
          ]
        : null,
    ),
    open
      ? h(
          'div',
          { class: 'proof-details' },
          h('p', {}, 'Commitment (SHA-256 of the secret seed): ', h('code', { class: 'commitment' }, snap.commitment)),
          snap.serverSeed
            ? [h('p', {}, 'Seed: ', h('code', {}, snap.serverSeed))]
            : h('p', {}, 'The seed is revealed when the game ends; then every roll can be checked.'),
        )
      : null,
  );
}

/** This browser's seat at the room, for a device link. */
function seatHere(roomId: string | undefined): { room: string; token: string }[] {
  const token = roomId ? identity.seatToken(roomId) : undefined;
  return roomId && token ? [{ room: roomId, token }] : [];
}

/**
 * The room link with a Copy button. Where the clipboard API is missing (plain HTTP on a LAN address) or refused,
 * the link is selected and copied the old way; either way the button says so.
 */
function ShareLink({ link }: { link: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!said) return;
    const reset = setTimeout(() => setSaid(''), 2500);
    return () => clearTimeout(reset);
  }, [said]);
  const fallback = () => {
    const el = input.current!;
    el.focus();
    el.select();
    el.setSelectionRange(0, link.length);
    // Deprecated but still the only copy without the async clipboard; the link stays selected if it fails.
    setSaid(document.execCommand?.('copy') ? 'Copied' : 'Selected: copy it');
  };
  const copy = () => {
    if (!navigator.clipboard?.writeText || !window.isSecureContext) return fallback();
    navigator.clipboard.writeText(link).then(() => setSaid('Copied'), fallback);
  };
  return h(
    'div',
    { class: 'share' },
    h('input', { ref: input, readOnly: true, value: link, 'aria-label': 'Room link', id: 'room-link' }),
    h('button', { type: 'button', onClick: copy }, said || 'Copy link'),
  );
}
