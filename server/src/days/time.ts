// Server time for play over days: wall time, which a test may shift forward (DAYS_TEST_TIME=1) to play a week in
// a minute. Deadlines, log entries' times and device codes' expiry all read it, so a shift moves them together.
let shift = 0;

export function serverNow(): number {
  return Date.now() + shift;
}

/** Tests only: moves the server's time forward by `ms` (never back: deadlines already passed stay passed). */
export function shiftTime(ms: number): number {
  if (Number.isFinite(ms) && ms > 0) shift += ms;
  return shift;
}
