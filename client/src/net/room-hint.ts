// A room link's page carries the room's summary (server/src/http/room-page.ts), so the first load of a link joins
// without first asking GET /api/rooms/<id>. It is read once: a later visit within the app asks the server afresh.
export interface RoomInfo {
  metadata: { game: string; name: string; host: string; seated: number; seats: number };
}

/** A room gone whose last game finished: the link shows that game (the server found it in its store). */
export interface FinishedRoom {
  finished: string;
}

export async function roomInfo(roomId: string): Promise<RoomInfo | FinishedRoom | null> {
  const el = document.getElementById('room-info');
  if (el) {
    el.remove();
    try {
      const hint = JSON.parse(el.textContent ?? '') as { roomId?: unknown } & RoomInfo;
      if (hint.roomId === roomId && typeof hint.metadata?.game === 'string') return hint;
    } catch {
      // A page without a readable summary: ask the server below.
    }
  }
  const res = await fetch(`/api/rooms/${roomId}`);
  if (res.status === 410) {
    const gone = (await res.json().catch(() => null)) as { gameId?: unknown } | null;
    return typeof gone?.gameId === 'string' ? { finished: gone.gameId } : null;
  }
  return res.ok ? ((await res.json()) as RoomInfo) : null;
}
