// Preloaded into the server by bench/embedded-memory.ts (`--require`): on SIGUSR2 writes the main thread's V8 heap
// spaces and process.memoryUsage() to MEM_REPORT, and keeps an event-loop delay histogram (reset each report), so
// the bench can say where the RSS goes and what a memory setting costs in latency.
const fs = require('node:fs');
const v8 = require('node:v8');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
process.on('SIGUSR2', () => {
  const mb = (n) => Math.round(n / 1048576);
  const spaces = {};
  for (const s of v8.getHeapSpaceStatistics()) spaces[s.space_name] = mb(s.space_size);
  const m = process.memoryUsage();
  const report = {
    rss: mb(m.rss),
    heapTotal: mb(m.heapTotal),
    heapUsed: mb(m.heapUsed),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    spaces,
    loopMs: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
  };
  loop.reset();
  fs.writeFileSync(process.env.MEM_REPORT, JSON.stringify(report));
});
