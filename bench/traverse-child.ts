/**
 * One walk of GET /user_banks at limit=100 with the suite's own walker (src/pagination/walker.ts),
 * in a process of its own so its peak RSS is the walk's alone. Prints one JSON line.
 *   tsx bench/traverse-child.ts URL TOKEN
 */
import { HARD_MAX_PAGES, walk } from '../src/pagination/walker.js';
import { Probe } from '../src/harness/probe.js';
import { benchContext, benchSettings } from './suite-context.js';

const [url, token] = process.argv.slice(2) as [string, string];
const run = benchContext(benchSettings(url, token, '', 1));
const probe = new Probe(
  { id: 'bench.traversal', area: 'pagination', requirement: 'list_user_banks.cursor', title: 'walk the whole list' },
  run,
);
const started = performance.now();
const result = await walk(probe, { path: '/user_banks', limit: 100, maxPages: HARD_MAX_PAGES, maxMs: 600_000 });
const seconds = (performance.now() - started) / 1000;
await run.client.close();
console.log(
  JSON.stringify({
    items: result.items.length,
    pages: result.pages.length,
    end: result.end,
    seconds,
    // maxRSS is in kilobytes: the largest resident set this process ever had.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
