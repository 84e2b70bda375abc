// What a name or a chat line may contain, and when two names look the same (a "skeleton" in the sense of
// Unicode TS #39: NFKC, no invisible marks, case folded, cross-script look-alikes mapped to Latin).
import { remove as latinLookalikes } from 'confusables';

/** Control, format (bidi overrides, zero-width), line and paragraph separators: they lie about what is shown. */
export const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** ASCII pairs that read alike in most fonts; applied after case folding. */
const ASCII_ALIKE: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/[1|!i]/g, 'l'],
  [/0/g, 'o'],
  [/5/g, 's'],
  [/8/g, 'b'],
];

export function skeleton(name: string): string {
  let s = name.normalize('NFKC');
  s = latinLookalikes(s);
  s = s
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}\s._-]/gu, '')
    .toLowerCase();
  for (const [from, to] of ASCII_ALIKE) s = s.replace(from, to);
  return s;
}

/** Whether `name` would be mistaken for one of `others` (case, spacing, look-alike letters ignored). */
export function confusable(name: string, others: string[]): boolean {
  const k = skeleton(name);
  return others.some((o) => skeleton(o) === k);
}
