// This browser's name and seat tokens, in local storage.
export const identity = {
  get name(): string {
    return localStorage.getItem('dicehall:name') ?? '';
  },
  set name(v: string) {
    localStorage.setItem('dicehall:name', v);
  },
  seatToken(roomId: string): string | undefined {
    return localStorage.getItem(`dicehall:seat:${roomId}`) ?? undefined;
  },
  keepSeatToken(roomId: string, token: string) {
    localStorage.setItem(`dicehall:seat:${roomId}`, token);
  },
  /** Every seat this browser holds ("Your games", "Open on another device"). */
  seats(): { room: string; token: string }[] {
    const out: { room: string; token: string }[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(SEAT)) continue;
      const token = localStorage.getItem(key);
      if (token) out.push({ room: key.slice(SEAT.length), token });
    }
    return out;
  },
};

const SEAT = 'dicehall:seat:';
