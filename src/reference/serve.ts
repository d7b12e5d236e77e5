/**
 * `npm run serve`: the reference implementation standalone, for partners trying the suite or
 * comparing their mock. Prints the fixture tokens and user ids (made-up data, safe to print).
 */
import { faults } from './faults/index.js';
import { startReference } from './server.js';
import { variations } from './variations.js';

function arg(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv.includes('--help')) {
  console.log(
    [
      'npm run serve -- [--port N] [--variation NAME] [--fault NAME[,NAME]] [--latency-ms N]',
      `variations: ${Object.keys(variations).join(', ')}`,
      `faults: ${faults.map((f) => f.name).join(', ')}`,
    ].join('\n'),
  );
  process.exit(0);
}

const reference = await startReference({
  port: Number(arg('port') ?? 4010),
  variation: arg('variation') ?? 'baseline',
  faults: (arg('fault') ?? '').split(',').filter(Boolean),
  latencyMs: Number(arg('latency-ms') ?? 0),
});
console.log(`reference implementation listening on ${reference.url}`);
console.log(`caller A: CONFORMANCE_TOKEN=${reference.callers.a.token} CONFORMANCE_USER_ID=${reference.callers.a.userIds[0]}`);
console.log(`caller B: CONFORMANCE_TOKEN_B=${reference.callers.b.token} CONFORMANCE_USER_ID_B=${reference.callers.b.userIds[0]}`);
console.log(`try: npm run conformance -- --base-url ${reference.url} --token $CONFORMANCE_TOKEN --user-id ${reference.callers.a.userIds[0]}`);
const stop = (): void => {
  void reference.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
