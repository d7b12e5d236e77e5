#!/usr/bin/env node
// The package's command: runs the TypeScript CLI through tsx, so there is no build step to forget.
//   banklink-conformance [options]                          the conformance run (--help for options)
//   banklink-conformance merge-reports DIR... --out DIR     joins the results.json of --shard runs
//   banklink-conformance serve [options]                    the reference implementation (serve --help)
//   banklink-conformance compare OLD NEW [--out DIR]        what changed between two runs (exit 1 on a regression)
//   banklink-conformance verify DIR                         whether a report directory holds up as a certificate
import { register } from 'tsx/esm/api';

register();
// The CLI names itself as the user invoked it (src/config/invoked-as.ts): here, the package's command.
process.env.BANKLINK_CONFORMANCE_COMMAND = 'banklink-conformance';
if (process.argv[2] === 'merge-reports') {
  process.argv.splice(2, 1);
  await import('../src/bin/merge-reports.ts');
} else if (process.argv[2] === 'serve') {
  process.argv.splice(2, 1);
  await import('../src/lab/serve.ts');
} else if (process.argv[2] === 'compare') {
  process.argv.splice(2, 1);
  await import('../src/bin/compare.ts');
} else if (process.argv[2] === 'verify') {
  process.argv.splice(2, 1);
  await import('../src/bin/verify.ts');
} else {
  await import('../src/bin/cli.ts');
}
