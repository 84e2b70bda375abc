// People a player has muted in chat, kept in this browser only.
const KEY = 'dicehall:muted-people';

function load(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

export const muted = {
  has: (name: string) => load().has(name),
  /** Everyone muted, read once for a whole list. */
  all: (): ReadonlySet<string> => load(),
  toggle(name: string) {
    const s = load();
    if (s.has(name)) s.delete(name);
    else s.add(name);
    localStorage.setItem(KEY, JSON.stringify([...s]));
  },
};
