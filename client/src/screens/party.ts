// The private lobby's gathering screen: members, the host's game choice, seats and readiness, scoreboard, chat.
import { PARTY_IN, SAVING_PAUSED, type FinishedGameSync, type MemberSync, type ScoreSync } from '@dicehall/shared/core';
import { catalogue } from 'virtual:dicehall-catalogue';
import { newClientSeed } from '../net/connection';
import { h, render, type ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Countdown } from '../ui/countdown';
import { describeOptions, OptionFields, readOptions } from '../ui/options';
import { showScreen } from '../ui/screen';
import { party } from './party-link';
import { WebhookField } from '../ui/webhook-field';
import { namePrompt } from './join';
import { identity } from '../net/identity';
import { readTimeControl, TimeControlField } from './time-control-field';
import { ChatForm } from './chat';
import { memberLuck, memberLuckText } from './luck-sum';
import './clocks.css';
import './party.css';

type MemberView = MemberSync;

const wld = (s?: ScoreSync) => (s ? `${s.wins}–${s.losses}–${s.draws}` : '–');
// Names and options from the build-time catalogue: the lobby loads no game's rules (its tables load their own).
const facts = (id: string) => catalogue.find((g) => g.id === id);
const gameName = (id: string) => facts(id)?.name ?? id;

const CONNECTION_TEXT: Record<string, string> = {
  restarting: 'The server is restarting. The party, its scores and chat are kept; it comes back by itself.',
  reconnecting: 'Connection lost; reconnecting…',
  gone: 'This party is closed.',
  removed: 'The host removed you from this party.',
  elsewhere: 'This party is open in another tab.',
  // The server's store cannot write (docs/store-faults.md): nothing starts until it is back.
  'saving-paused': `${SAVING_PAUSED}: the party, its scores and chat are kept. Games start again when saving resumes.`,
};

export async function partyScreen(
  root: HTMLElement,
  id: string | null,
  go: (path: string) => void,
): Promise<() => void> {
  showScreen(root, null);
  if (!id) {
    // Hosting: create the lobby, then open it at its own link (the route calls this screen again).
    if (!identity.name) await namePrompt(root, { title: 'Host a party for friends', go: 'Host the party' });
    const created = await party.host();
    go(`/p/${created}`);
    return () => undefined;
  }
  // Everyone in a party is seen by name: a newcomer is asked for one first, unless this browser remembers it.
  if (!identity.name && !party.knows(id)) await namePrompt(root, { title: 'Join the party', go: 'Join' });
  for (;;) {
    try {
      await party.join(id);
      break;
    } catch (err) {
      const message = String((err as Error)?.message ?? err);
      if (!/^(name-taken|bad-join)/.test(message)) throw err;
      await namePrompt(root, { title: 'Join the party', go: 'Join', problem: message.replace(/^[\w-]+: /, '') });
    }
  }
  party.onTable = (roomId) => go(`/r/${roomId}`);
  let error = '';
  let errorTimer: ReturnType<typeof setTimeout> | undefined;
  const draw = () => render(h(Party, { go, error }), root);
  const offState = party.subscribe(draw);
  const offError = party.onError((e) => {
    error = e.message;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => {
      error = '';
      draw();
    }, 4000);
    draw();
  });
  draw();
  return () => {
    clearTimeout(errorTimer);
    offState();
    offError();
    render(null, root);
  };
}

function Party({ go, error }: { go: (path: string) => void; error: string }) {
  // The host seats the computer at this level in an open seat (the browser's own select, so a patch keeps the choice).
  const botLevel = useRef<HTMLSelectElement>(null);
  const synced = party.room?.state?.notice;
  const notice =
    synced === 'restart'
      ? 'restarting'
      : party.connection === 'connected' && synced === 'saving-paused'
        ? synced
        : party.connection;
  const connection = CONNECTION_TEXT[notice] ?? '';
  const s = party.room?.state;
  const all: MemberView[] = s?.members ? [...s.members.values()] : [];
  const me = all.find((m) => m.id === party.member);
  const amHost = !!s && s.host === party.member;
  const nameOf = (mid: string) => all.find((m) => m.id === mid)?.name ?? '?';
  const gathering = s?.phase === 'gathering';
  const game = (s?.game ?? '') as string;
  const link = `${location.origin}/p/${party.id}`;
  const ready = !!s?.members;

  let terms: ComponentChildren = null;
  if (ready) {
    const described = describeOptions(facts(game)?.options ?? [], game ? JSON.parse(s.options) : {});
    terms = [
      !game
        ? amHost
          ? 'Pick the next game below.'
          : 'Waiting for the host to pick a game…'
        : `Next: ${gameName(game)}${described ? ` (${described})` : ''}${s.phase === 'playing' ? ' — being played now' : ''}`,
      s.phase === 'playing' && s.tableId
        ? [
            ' · ',
            h(
              'a',
              {
                href: `/r/${s.tableId}?watch`,
                onClick: (e: Event) => {
                  e.preventDefault();
                  go(`/r/${s.tableId}?watch`);
                },
              },
              'Watch the game',
            ),
          ]
        : null,
      // The host's grace counts down by itself between patches.
      s.hostGraceEndsAt
        ? [' · the host has left; hosting passes on in ', h(Countdown, { until: s.hostGraceEndsAt }), ' s']
        : null,
    ];
  }
  const bots = s?.bots;
  const seatCount = ready ? s.seats : 0;
  const open = Array.from({ length: seatCount }, (_, seat) => seat).filter(
    (seat) => !all.some((x) => x.seat === seat) && !bots?.has(String(seat)),
  );
  const played = ready ? [...new Set([...s.finished].map((f) => f.game))] : [];

  return h(
    'section',
    { class: 'party' },
    h(
      'div',
      { class: 'party-main' },
      h(
        'section',
        { class: 'card' },
        h('h1', {}, !ready ? 'Party' : amHost ? 'Your party' : `${nameOf(s.host)}'s party`),
        h('p', { class: 'party-connection', role: 'status', hidden: !connection }, connection),
        h(
          'div',
          { class: 'share' },
          h('input', { readOnly: true, value: link, 'aria-label': 'Party link', id: 'party-link' }),
          h('button', { type: 'button', onClick: () => void navigator.clipboard?.writeText(link) }, 'Copy link'),
        ),
        h('p', { class: 'terms' }, terms),
        h(
          'ol',
          { class: 'party-seats', 'aria-label': 'Seats' },
          Array.from({ length: seatCount }, (_, seat) => {
            const m = all.find((x) => x.seat === seat);
            const bot = bots?.get(String(seat));
            return h(
              'li',
              { key: seat, class: `party-seat${m?.ready || bot ? ' ready' : ''}` },
              h('span', { class: 'label' }, `Seat ${seat + 1}: `),
              m ? h('bdi', {}, m.name) : bot ? `Computer (${bot})` : 'open',
              m ? h('span', { class: 'state' }, m.ready ? ' — ready' : ' — not ready') : null,
              !m && !bot && me && me.seat !== seat && !me.benched && gathering
                ? h(
                    'button',
                    { type: 'button', onClick: () => party.send(PARTY_IN.sit, { seat }) },
                    me.seat >= 0 ? 'Move here' : 'Take this seat',
                  )
                : null,
              !m && !bot && amHost && gathering
                ? h(
                    'button',
                    {
                      type: 'button',
                      onClick: () =>
                        party.send(PARTY_IN.seatBot, {
                          seat,
                          level: (botLevel.current?.value ?? 'normal') as 'easy' | 'normal' | 'hard',
                        }),
                    },
                    'Seat the computer',
                  )
                : null,
              bot && amHost && gathering
                ? h(
                    'button',
                    { type: 'button', onClick: () => party.send(PARTY_IN.unseatBot, { seat }) },
                    'Remove the computer',
                  )
                : null,
            );
          }),
        ),
        h(
          'p',
          { class: 'party-bot-level', hidden: !(amHost && gathering && open.length > 0) },
          h('label', { for: 'party-bot-level' }, 'Computer level '),
          h(
            'select',
            { ref: botLevel, id: 'party-bot-level', name: 'bot-level' },
            h('option', { value: 'easy' }, 'easy'),
            h('option', { value: 'normal', selected: true }, 'normal'),
            h('option', { value: 'hard' }, 'hard'),
          ),
        ),
        h(
          'div',
          { class: 'party-mine', role: 'group', 'aria-label': 'Your seat' },
          me && me.seat >= 0 && gathering
            ? [
                h(
                  'button',
                  {
                    type: 'button',
                    class: me.ready ? '' : 'primary',
                    onClick: () =>
                      party.send(
                        PARTY_IN.ready,
                        me.ready ? { ready: false } : { ready: true, clientSeed: newClientSeed() },
                      ),
                  },
                  me.ready ? 'Not ready' : 'Ready',
                ),
                h('button', { type: 'button', onClick: () => party.send(PARTY_IN.stand) }, 'Leave the seat'),
              ]
            : null,
          amHost && gathering && game
            ? h(
                'button',
                { type: 'button', class: 'primary', onClick: () => party.send(PARTY_IN.start) },
                'Start the game',
              )
            : null,
          me?.benched ? h('p', {}, 'The host has moved you to the spectators.') : null,
        ),
        h('p', { class: 'error', role: 'alert' }, error),
      ),
      // .card sets a display, which would override the hidden attribute.
      h(
        'section',
        { class: 'card host-box', 'aria-label': 'Host', style: { display: amHost && gathering ? '' : 'none' } },
        h('h2', {}, 'Next game'),
        h(HostForm, { game, clock: s?.clock ?? '' }),
      ),
      // Issue 33: the host may post turns to a chat webhook (../ui/webhook-field).
      amHost && party.id ? h(WebhookField, { partyId: party.id }) : null,
      h(
        'section',
        { class: 'card' },
        h('h2', {}, 'Scoreboard'),
        h(
          'table',
          { class: 'scoreboard', 'aria-label': 'Scoreboard' },
          ready
            ? [
                h(
                  'thead',
                  {},
                  h(
                    'tr',
                    {},
                    h('th', { scope: 'col' }, 'Member'),
                    h('th', { scope: 'col' }, 'Overall (W–L–D)'),
                    h('th', { scope: 'col', title: LUCK_TITLE }, 'Luck'),
                    played.map((g) => h('th', { scope: 'col' }, gameName(g))),
                  ),
                ),
                h(
                  'tbody',
                  {},
                  all.map((m) =>
                    h(
                      'tr',
                      { key: m.id },
                      h('th', { scope: 'row' }, h('bdi', {}, m.name)),
                      h('td', {}, wld(m.total)),
                      h(LuckCell, { finished: s.finished, member: m.id }),
                      played.map((g) => h('td', {}, wld(m.games.get(g)))),
                    ),
                  ),
                ),
              ]
            : null,
        ),
        ready && s.finished.length > 0
          ? h(
              'p',
              { class: 'luck-note', style: { color: 'var(--muted)', fontSize: '0.85rem' } },
              `Luck: how each member's rolls ran over ${s.finished.length === 1 ? 'this game' : `these ${s.finished.length} games`} against fair dice, as the share of fair runs they beat (50% is an even share).`,
            )
          : null,
        h('h2', {}, 'Games played'),
        h(
          'ol',
          { class: 'finished', 'aria-label': 'Finished games' },
          !ready
            ? null
            : s.finished.length === 0
              ? h('li', { class: 'empty' }, 'No game played yet.')
              : [...s.finished]
                  .reverse()
                  .map((f) =>
                    h(
                      'li',
                      { key: f.gameId },
                      `${gameName(f.game)}: ${f.summary} `,
                      h('a', { href: `/replay/${f.gameId}` }, 'Replay'),
                      ' · ',
                      h('a', { href: `/api/games/${f.gameId}/log`, download: '' }, 'Log and proof'),
                    ),
                  ),
        ),
      ),
    ),
    h(
      'aside',
      { class: 'party-side' },
      h(
        'section',
        { class: 'card' },
        h('h2', {}, 'Members'),
        h(
          'ul',
          { class: 'members', 'aria-label': 'Members' },
          all.map((m) =>
            h(
              'li',
              { key: m.id, class: `member${m.connected ? '' : ' away'}` },
              h('span', { class: `dot ${m.connected ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
              h('bdi', {}, m.name),
              m.id === party.member ? ' (you)' : '',
              m.id === s!.host ? h('span', { class: 'badge' }, 'host') : null,
              m.benched ? h('span', { class: 'badge' }, 'spectator') : null,
              amHost && m.id !== party.member
                ? h(
                    'span',
                    { class: 'member-actions' },
                    m.benched
                      ? h(
                          'button',
                          { type: 'button', onClick: () => party.send(PARTY_IN.allow, { member: m.id }) },
                          'Allow to play',
                        )
                      : h(
                          'button',
                          { type: 'button', onClick: () => party.send(PARTY_IN.spectate, { member: m.id }) },
                          'To spectators',
                        ),
                    h(
                      'button',
                      { type: 'button', onClick: () => party.send(PARTY_IN.passHost, { member: m.id }) },
                      'Make host',
                    ),
                    h(
                      'button',
                      { type: 'button', onClick: () => party.send(PARTY_IN.remove, { member: m.id }) },
                      'Remove',
                    ),
                  )
                : null,
            ),
          ),
        ),
        me ? h(RenameForm, { name: me.name }) : null,
      ),
      h(
        'section',
        { class: 'card' },
        h('h2', {}, 'Chat'),
        h(
          'ol',
          { class: 'chat', 'aria-label': 'Party chat' },
          (s?.chat ?? []).map((c) => h('li', {}, h('bdi', { class: 'from' }, c.from), ': ', c.text)),
        ),
        h(ChatForm, { say: (text: string) => party.send(PARTY_IN.chat, { text }) }),
      ),
    ),
  );
}

const LUCK_TITLE =
  "How each member's dice ran over the party's finished games, against fair dice (50% is an even share)";

/** A member's luck over the finished games (issue 34): the percentile and how many games it covers. */
function LuckCell({ finished, member }: { finished: Iterable<FinishedGameSync>; member: string }) {
  const { text, title } = memberLuckText(memberLuck(finished, member));
  return h('td', { class: 'luck-cell', title }, text);
}

/** A member renames themself: the members list, seats and scoreboard show the new name (this browser keeps it). */
function RenameForm({ name }: { name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const typed = input.current?.value.trim() ?? '';
    if (!typed || typed === name) return;
    identity.name = typed;
    party.send(PARTY_IN.rename, { name: typed });
  };
  return h(
    'form',
    { class: 'rename-form', onSubmit: submit },
    h('label', { for: 'party-rename' }, 'Your name'),
    // Keyed by the name: a rename (or a refusal) shows what the party sees.
    h('input', {
      key: name,
      ref: input,
      id: 'party-rename',
      maxLength: 24,
      autocomplete: 'nickname',
      defaultValue: name,
      required: true,
    }),
    h('button', { type: 'submit' }, 'Rename'),
  );
}

/**
 * The host's choice of the next game. It opens on the lobby's current game (and its clock) until the host picks
 * another; the fields are the browser's own, so a patch never resets what the host is choosing.
 */
function HostForm({ game, clock }: { game: string; clock: string }) {
  const showAll = new URLSearchParams(location.search).has('all');
  const list = catalogue.filter((g) => g.listed || showAll);
  const [picked, setPicked] = useState<string | null>(null);
  const current = game && list.some((g) => g.id === game) ? game : (list[0]?.id ?? '');
  const chosen = picked ?? current;
  const chosenFacts = facts(chosen);
  const fields = chosenFacts?.options ?? [];
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    party.send(PARTY_IN.configure, { game: chosen, options: readOptions(form, fields), clock: readTimeControl(form) });
  };
  return h(
    'form',
    { class: 'host-form', 'aria-label': 'Next game', onSubmit: submit },
    h('label', { for: 'party-game' }, 'Game'),
    h(
      'select',
      {
        id: 'party-game',
        name: 'game',
        value: chosen,
        onChange: (e: Event) => setPicked((e.currentTarget as HTMLSelectElement).value),
      },
      list.map((g) => h('option', { value: g.id }, g.name)),
    ),
    // A new game (the host's pick, or the lobby's) starts from that game's defaults.
    h(OptionFields, { key: picked === null ? `${current}:${clock}` : `picked:${chosen}`, fields }),
    h(TimeControlField, {
      timed: chosenFacts?.timeable ?? true,
      shown: clock ? JSON.parse(clock) : undefined,
    }),
    h('button', { type: 'submit' }, 'Set the game'),
  );
}
