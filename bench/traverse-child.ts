/**
 * One walk of GET /user_banks at limit=100 with the suite's own walker (src/methods/pagination/walker.ts),
 * in a process of its own so its peak RSS is the walk's alone. Prints one JSON line.
 *   tsx bench/traverse-child.ts URL TOKEN [--profile]
 * With --profile the walk runs under the CPU profiler and the line names its top self-time costs.
 */
import { Session } from 'node:inspector/promises';
import { HARD_MAX_PAGES, walk } from '../src/methods/pagination/walker.js';
import { Probe } from '../src/harness/probe.js';
import { benchContext, benchSettings } from './suite-context.js';
import { topSelfCosts, type SelfCost } from './profile-summary.js';

const [url, token, flag] = process.argv.slice(2) as [string, string, string | undefined];
const profiling = flag === '--profile';
const run = benchContext(benchSettings(url, token, '', 1));
const probe = new Probe(
  { id: 'bench.traversal', area: 'pagination', requirement: 'list_user_banks.cursor', title: 'walk the whole list' },
  run,
);
const session = profiling ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const cpu = process.cpuUsage();
const started = performance.now();
const result = await walk(probe, { path: '/user_banks', limit: 100, maxPages: HARD_MAX_PAGES, maxMs: 600_000 });
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
let topSelf: SelfCost[] | undefined;
if (session) {
  const { profile } = await session.post('Profiler.stop');
  topSelf = topSelfCosts(profile, 3);
  session.disconnect();
}
await run.client.close();
console.log(
  JSON.stringify({
    items: result.items.length,
    pages: result.pages.length,
    end: result.end,
    seconds,
    // The walking process's CPU (user + system) per page: the client, its judging and recording, and the walker.
    cpuMsPerPage: (used.user + used.system) / 1000 / Math.max(1, result.pages.length),
    // maxRSS is in kilobytes: the largest resident set this process ever had.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    ...(topSelf ? { topSelf } : {}),
  }),
);
