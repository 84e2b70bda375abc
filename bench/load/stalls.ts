// Where an event loop stalls (bench/load): a 5 ms timer notes every gap over STALL_MS (default 40) with what the
// process did meanwhile — CPU used (user and system), context switches, page faults. A gap the process spent on the
// CPU is its own work; a gap it spent off the CPU is the machine's (descheduled, page reclaim, another process).
import { readFileSync } from 'node:fs';
import { resourceUsage } from 'node:process';

export interface Stall {
  /** Wall clock at the gap's end (ms since the epoch), and the process's own clock (ms since it started, as --trace-gc counts). */
  at: number;
  uptimeMs: number;
  gapMs: number;
  userMs: number;
  systemMs: number;
  /** Involuntary context switches (preempted) and voluntary ones (waited) during the gap. */
  preempted: number;
  waited: number;
  majorFaults: number;
  minorFaults: number;
  /** The main thread alone (/proc/self/schedstat): time on a CPU, and time runnable but waiting for one. */
  mainOnCpuMs: number;
  mainRunnableMs: number;
}

/** The main thread's time on a CPU and time waiting in the run queue, in ns (Linux; zeros elsewhere). */
function sched(): [number, number] {
  try {
    const [on, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Number(on), Number(wait)];
  } catch {
    return [0, 0];
  }
}

export function recordStalls(thresholdMs = Number(process.env.STALL_MS ?? 40)) {
  const stalls: Stall[] = [];
  let last = performance.now();
  let ru = resourceUsage();
  let sc = sched();
  const timer = setInterval(() => {
    const now = performance.now();
    const r = resourceUsage();
    const s = sched();
    const gap = now - last;
    if (gap > thresholdMs)
      stalls.push({
        at: Date.now(),
        uptimeMs: now,
        gapMs: gap,
        userMs: (r.userCPUTime - ru.userCPUTime) / 1000,
        systemMs: (r.systemCPUTime - ru.systemCPUTime) / 1000,
        preempted: r.involuntaryContextSwitches - ru.involuntaryContextSwitches,
        waited: r.voluntaryContextSwitches - ru.voluntaryContextSwitches,
        majorFaults: r.majorPageFault - ru.majorPageFault,
        minorFaults: r.minorPageFault - ru.minorPageFault,
        mainOnCpuMs: (s[0] - sc[0]) / 1e6,
        mainRunnableMs: (s[1] - sc[1]) / 1e6,
      });
    last = now;
    ru = r;
    sc = s;
  }, 5);
  timer.unref();
  return {
    reset: () => {
      stalls.length = 0;
    },
    read: () => stalls.slice(),
  };
}
