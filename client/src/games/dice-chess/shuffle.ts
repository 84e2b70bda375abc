// The private starting layout of an arrangement (C2): shuffled in this browser, so confirming it at once reveals
// nothing the public log had shown (the log lists the dice in rolled order). The server only ever sees the confirmed one.

/** An unbiased integer in [0, n) from the browser's cryptographic generator (rejection sampling, no modulo bias). */
function below(n: number): number {
  const limit = Math.floor(0x100000000 / n) * n;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    const w = word[0]!;
    if (w < limit) return w % n;
  }
}

/** A uniformly random order of 0..n-1 (Fisher–Yates). */
export function privateShuffle(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = below(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export const SECRET_NOTE =
  'Your layout starts shuffled in this browser and stays hidden from your opponent and watchers until both of you confirm.';
