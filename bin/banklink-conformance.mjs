#!/usr/bin/env node
// The package's command: runs the TypeScript CLI through tsx, so there is no build step to forget.
//   banklink-conformance [options]                          the conformance run (--help for options)
//   banklink-conformance merge-reports DIR... --out DIR     joins the results.json of --shard runs
//   banklink-conformance serve [options]                    the reference implementation (serve --help)
import { register } from 'tsx/esm/api';

register();
if (process.argv[2] === 'merge-reports') {
  process.argv.splice(2, 1);
  await import('../src/merge-reports.ts');
} else if (process.argv[2] === 'serve') {
  process.argv.splice(2, 1);
  await import('../src/reference/serve.ts');
} else {
  await import('../src/cli.ts');
}
