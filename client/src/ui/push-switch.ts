// "Notify me when it's my turn": the seat's Web Push switch at the table (../net/push). Shown to a seated player
// once the game has started (the server proves the seat from its stored seats); nothing where the browser cannot.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { identity } from '../net/identity';
import { push, PushProblem, type PushState } from '../net/push';

export function PushSwitch(props: { roomId: string; gameId: string }) {
  const { roomId, gameId } = props;
  const [state, setState] = useState<PushState>(() => push.state(roomId));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // A new game in the room (a rematch) or a page opened later: the server hears of the subscription again.
  useEffect(() => {
    const token = identity.seatToken(roomId);
    if (token && gameId) void push.renew(roomId, token);
  }, [roomId, gameId]);
  if (state === 'unsupported') return null;
  const flip = async () => {
    const token = identity.seatToken(roomId);
    if (!token || busy) return;
    setBusy(true);
    setProblem('');
    try {
      if (state === 'on') await push.disable(roomId, token);
      else await push.enable(roomId, token);
    } catch (err) {
      setProblem(err instanceof PushProblem ? err.message : 'Notifications could not be turned on.');
    }
    setState(push.state(roomId));
    setBusy(false);
  };
  return h(
    'div',
    { class: 'push-switch' },
    state === 'blocked'
      ? h('p', { class: 'hint' }, 'Notifications are blocked for this site in your browser’s settings.')
      : h(
          'button',
          { type: 'button', onClick: flip, disabled: busy, 'aria-pressed': state === 'on' },
          state === 'on' ? 'Notifications on — turn off' : 'Notify me when it’s my turn',
        ),
    problem ? h('p', { class: 'hint', role: 'status' }, problem) : null,
  );
}
