// A finished game stepped through move by move from its log, drawn by the game's own view.
import { luckReport, replayLog, verifyLog, type GameLog, type LuckReport } from '@dicehall/shared/core';
import { takeStage } from '../engine/stage';
import { gameModule, loadGame } from '../games';
import type { Snapshot } from '../net/store';
import { h, render } from 'preact';
import type { GameView } from '../games/types';
import { Outside } from '../ui/outside';
import { LuckReportView } from './luck-view';
import { showScreen } from '../ui/screen';
import './replay.css';

/** `roomLink`: shown at a room's link after the room is gone (its final position, with Replay and Verify). */
export async function replayScreen(
  root: HTMLElement,
  gameId: string,
  { roomLink = false }: { roomLink?: boolean } = {},
): Promise<() => void> {
  showScreen(root, null);
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/log`);
  if (!res.ok) {
    showScreen(
      root,
      h(
        'section',
        { class: 'card' },
        h('h1', {}, 'No replay here'),
        h('p', { role: 'alert' }, 'This server no longer keeps that game (or the link is wrong).'),
        h('a', { href: '/' }, 'Home'),
      ),
    );
    return () => undefined;
  }
  const log = (await res.json()) as GameLog;
  // The game's rules replay and verify the log; they load with its board's code (only this game's).
  const game = await loadGame(log.game).catch(() => undefined);
  const module = game?.module;
  const last = log.entries.length - 1;
  const names = log.players;
  const verdict = verifyLog(log, gameModule);
  const lines = log.entries.map((e) => e.events.map((ev) => module?.describe(ev, names) ?? ev.type).join('; '));
  // Issue 34: the luck report of a game that verified, its chart jumping the replay to a roll's move.
  const luck: LuckReport | null =
    verdict.ok && module && !roomLink ? ((r) => (r.ok ? r : null))(luckReport(log, gameModule)) : null;
  // `?at=N` opens the replay at the move whose entry has seq N (the end overlay's luck chart links there).
  const asked = roomLink ? null : new URLSearchParams(location.search).get('at');
  const askedAt = asked !== null && /^\d+$/.test(asked) ? log.entries.findIndex((e) => e.seq === Number(asked)) : -1;
  let at = askedAt >= 0 ? askedAt : last;
  let position = '';
  let board: HTMLElement | null = null;
  let moves: HTMLOListElement | null = null;
  let view: GameView | undefined;
  // At a room link the verdict is asked for (Verify); the replay page shows it at once.
  let verifyShown = !roomLink;
  const verdictText = verdict.ok
    ? `Verified: all ${verdict.rollsChecked} rolls match the revealed seed, and the moves replay under the rules.`
    : `Not verified: ${verdict.problems.join('; ')}`;

  const draw = () =>
    render(
      h(
        'section',
        { class: 'table' },
        h(
          'div',
          { class: 'table-main' },
          h('h1', {}, `${roomLink ? 'Finished' : 'Replay'}: ${module?.name ?? log.game} — ${log.players.join(' vs ')}`),
          roomLink
            ? h(
                'div',
                { class: 'finished-game', role: 'group', 'aria-label': 'This game' },
                h('p', {}, 'This game has finished; this link keeps it for good.'),
                h('a', { class: 'button', href: `/replay/${log.gameId}` }, 'Replay'),
                h(
                  'button',
                  {
                    type: 'button',
                    onClick: () => {
                      verifyShown = true;
                      draw();
                    },
                  },
                  'Verify',
                ),
                verifyShown ? h('p', { class: 'verdict', role: 'status' }, verdictText) : null,
              )
            : null,
          h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, position),
          h(Outside, {
            tag: 'div',
            attrs: { class: 'board', id: 'board' },
            made: (el) => {
              board = el;
            },
          }),
          h(
            'div',
            { class: 'actions', role: 'group', 'aria-label': 'Replay controls' },
            h('button', { type: 'button', onClick: () => show(0) }, 'Start'),
            h('button', { type: 'button', onClick: () => show(at - 1) }, 'Back'),
            h('button', { type: 'button', onClick: () => show(at + 1) }, 'Forward'),
            h('button', { type: 'button', onClick: () => show(last) }, 'End'),
            h('input', {
              type: 'range',
              min: 0,
              max: last,
              value: String(at),
              'aria-label': 'Move',
              onInput: (e: Event) => show(Number((e.currentTarget as HTMLInputElement).value)),
            }),
          ),
        ),
        h(
          'aside',
          { class: 'table-side' },
          roomLink ? null : h('p', { class: 'verdict' }, verdictText),
          h(
            'a',
            { href: `/api/games/${log.gameId}/log`, download: `dicehall-${log.game}-${log.gameId}.json` },
            'Download the log',
          ),
          luck && !roomLink
            ? h(
                'section',
                { class: 'replay-luck', 'aria-label': 'Luck' },
                h('h2', {}, 'Luck'),
                h(LuckReportView, {
                  report: luck,
                  names,
                  at: log.entries[at]?.seq ?? at,
                  onPick: (seq: number) => jump(seq),
                }),
              )
            : null,
          h('h2', {}, 'Moves'),
          h(
            'ol',
            {
              class: 'log',
              'aria-label': 'Moves',
              ref: (el: HTMLOListElement | null) => {
                moves = el;
              },
            },
            lines.map((text, i) =>
              h(
                'li',
                { key: i, 'aria-current': i === at ? '' : undefined },
                h('button', { type: 'button', class: 'link', onClick: () => show(i) }, `${i}. ${text}`),
              ),
            ),
          ),
        ),
      ),
      root,
    );
  showScreen(root, null);
  draw();

  const stage = takeStage();
  await stage.init(board!);
  // A replay offers no moves: the view's own controls go into an element that is never shown.
  view = game
    ? (await game.loadView())({ stage, controls: document.createElement('div'), act: () => undefined })
    : undefined;
  if (view) stage.root.addChild(view.container);

  /** Shows the move of the log entry `seq` (a luck chart's point), bringing the board back into view. */
  function jump(seq: number) {
    const i = log.entries.findIndex((e) => e.seq === seq);
    if (i < 0) return;
    show(i);
    board?.scrollIntoView({ block: 'nearest' });
  }

  function show(i: number) {
    at = Math.max(0, Math.min(last, i));
    const replay = replayLog(log, gameModule, at);
    if (!replay.ok || !module) {
      position = `Cannot replay: ${replay.ok ? 'unknown game' : replay.problem}`;
      draw();
      return;
    }
    const result = at === last ? log.result : null;
    position = `Move ${at} of ${last}${result ? ` — ${result.draw ? 'draw' : `${result.winners.map((s) => names[s]).join(', ')} won`}: ${result.summary}` : ''}`;
    const entries = log.entries
      .slice(0, at + 1)
      .map(({ seq, kind, seat, rolls, events, at: t, bot }) => ({ seq, kind, seat, rolls, events, at: t, bot }));
    const snap: Snapshot = {
      roomId: '',
      game: log.game,
      options: log.options as Record<string, unknown>,
      isPublic: false,
      phase: result ? 'over' : 'playing',
      seats: names.map((name) => ({ name, taken: true, connected: true, graceEndsAt: 0, claimable: false })),
      spectators: 0,
      toAct: result ? [] : module.toAct(replay.table.state),
      mySeat: null,
      view: module.openView?.(replay.table.state) ?? module.view(replay.table.state, null),
      legal: [],
      log: entries,
      chat: [],
      gameId: log.gameId,
      commitment: log.fair.commitment,
      clientSeed: log.fair.clientSeed,
      serverSeed: log.fair.serverSeed ?? '',
      result,
      round: 1,
      rematch: [],
      drawOffer: [],
      notice: '',
      graceSeconds: 0,
      spectatorChat: false,
      nextCommitment: '',
    };
    view?.update(snap);
    draw();
    // The list follows the move shown (scrolling only itself, never the page).
    const current = moves?.children[at] as HTMLElement | undefined;
    if (moves && current)
      moves.scrollTop = Math.max(0, current.offsetTop - moves.clientHeight / 2 + current.offsetHeight / 2);
  }
  // Arrow keys step through the game (the slider keeps its own keys when it has focus).
  const onKey = (e: KeyboardEvent) => {
    const el = e.target as HTMLElement | null;
    if (el && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return;
    const step = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[e.key];
    if (step === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    show(step);
  };
  window.addEventListener('keydown', onKey);
  show(at);
  return () => {
    window.removeEventListener('keydown', onKey);
    render(null, root);
    view?.destroy();
    stage.destroy();
  };
}
