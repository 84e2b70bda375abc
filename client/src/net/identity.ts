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
};
