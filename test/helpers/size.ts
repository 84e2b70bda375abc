// How large the heavy suites run (many random games, millions of rolls): small in `npm test`, full in
// `npm run test:soak` (TEST_SOAK=1). A suite's own variable (VIEW_STREAM_GAMES, …) still overrides both.
export const SOAK = process.env.TEST_SOAK === '1';

/** `quick` in `npm test`, `soak` under TEST_SOAK=1; `env` names the suite's own override. */
export function sized(quick: number, soak: number, env?: string): number {
  const own = env ? process.env[env] : undefined;
  if (own !== undefined && own !== '') return Number(own);
  return SOAK ? soak : quick;
}
