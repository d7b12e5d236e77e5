/**
 * `npm run serve`: the reference implementation standalone, on 127.0.0.1, for partners trying the
 * suite, comparing their mock, or pointing Prism and other tools at a known-good server. The data
 * is seeded, so the same --seed gives the same ids every time; tokens are fixed. Everything printed
 * is made-up fixture data, safe to print.
 */
import { parseArgs } from 'node:util';
import { isFaultName } from './faults/index.js';
import { detectionText } from './faults/proofs.js';
import { startReference, type RunningReference } from './server.js';
import { baseline, variations, type Variation } from './variations.js';

const HELP = `npm run serve -- [options]        the reference implementation on http://127.0.0.1:PORT
  (or, from the installed package: banklink-conformance serve [options])

  --port N            listen port (default 4010; 0 = any free port)
  --seed N            fixture seed: the same seed gives the same ids (default 20260101)
  --variation NAME    a preset of legitimate choices where the spec is silent (default baseline):
                      ${Object.keys(variations).join(', ')}
  --set KEY=VALUE     one choice on top of the preset, repeatable, e.g. --set createStatus=200
                      keys: ${Object.keys(baseline).join(', ')}
  --fault NAME[,..]   switch on named faults (a deliberately broken server), repeatable
  --latency-ms N      wait N ms before every answer (a remote target's round trip)
  --extra-banks N     N more user banks for caller A's first user (large walks; default 0)
  --json              print the fixture set as one JSON line instead of prose
  --list-faults       print every check with the faults that prove it (what each breaks) and exit
  --help              this text`;

class UsageError extends Error {}

function wholeNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw new UsageError(`--${name} takes a whole number from 0 to ${max}; got "${raw}"`);
  return Number(raw);
}

/** `createStatus=200` -> { createStatus: 200 }, typed like the baseline's value for that key. */
function choices(sets: string[]): Partial<Variation> {
  const out: Record<string, unknown> = {};
  for (const set of sets) {
    const eq = set.indexOf('=');
    const key = set.slice(0, eq);
    const raw = set.slice(eq + 1);
    if (eq <= 0 || !(key in baseline))
      throw new UsageError(`--set takes KEY=VALUE with KEY one of ${Object.keys(baseline).join(', ')}; got "${set}"`);
    const like = baseline[key as keyof Variation];
    if (typeof like === 'number') {
      if (!/^-?\d+(\.\d+)?$/.test(raw)) throw new UsageError(`--set ${key} takes a number; got "${raw}"`);
      out[key] = Number(raw);
    } else if (typeof like === 'boolean') {
      if (raw !== 'true' && raw !== 'false') throw new UsageError(`--set ${key} takes true or false; got "${raw}"`);
      out[key] = raw === 'true';
    } else out[key] = raw;
  }
  return out as Partial<Variation>;
}

function fixtureSummary(reference: RunningReference): Record<string, unknown> {
  const [a, b] = reference.state.callers;
  const describe = (caller: typeof a, token: string) => ({
    token,
    users: caller?.users.map((u) => ({ id: u.id, banks: caller.banks.filter((k) => k.user_id === u.id).length })) ?? [],
    userBanks: caller?.banks.length ?? 0,
    rfpRegistrations: caller?.rfps.map((r) => `${r.use_case}:${r.status}`) ?? [],
  });
  return { url: reference.url, callerA: describe(a, reference.callers.a.token), callerB: describe(b, reference.callers.b.token) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      variation: { type: 'string' },
      set: { type: 'string', multiple: true },
      fault: { type: 'string', multiple: true },
      'latency-ms': { type: 'string' },
      'extra-banks': { type: 'string' },
      json: { type: 'boolean' },
      'list-faults': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (values['list-faults']) {
    console.log(detectionText());
    return;
  }
  const variationName = values.variation ?? 'baseline';
  if (!(variationName in variations))
    throw new UsageError(`unknown --variation "${variationName}"; known: ${Object.keys(variations).join(', ')}`);
  const faultNames = (values.fault ?? []).flatMap((f) => f.split(',')).filter(Boolean);
  for (const name of faultNames)
    if (!isFaultName(name)) throw new UsageError(`unknown --fault "${name}"; run with --list-faults to see them`);
  const known = faultNames.filter(isFaultName);

  const reference = await startReference({
    port: wholeNumber('port', values.port, 4010, 65_535),
    seed: wholeNumber('seed', values.seed, 20_260_101, 2_147_483_647),
    variation: { ...variations[variationName], ...choices(values.set ?? []) },
    faults: known,
    latencyMs: wholeNumber('latency-ms', values['latency-ms'], 0, 60_000),
    extraBanks: wholeNumber('extra-banks', values['extra-banks'], 0, 1_000_000),
  });
  const summary = fixtureSummary(reference);
  if (values.json) console.log(JSON.stringify({ ...summary, variation: variationName, faults: faultNames }));
  else {
    const a = reference.callers.a;
    const b = reference.callers.b;
    console.log(
      `reference implementation listening on ${reference.url} (variation ${variationName}${faultNames.length ? `, faults: ${faultNames.join(', ')}` : ''})`,
    );
    console.log(`caller A: CONFORMANCE_TOKEN=${a.token} CONFORMANCE_USER_ID=${a.userIds[0]}   users: ${a.userIds.join(', ')}`);
    console.log(`caller B: CONFORMANCE_TOKEN_B=${b.token} CONFORMANCE_USER_ID_B=${b.userIds[0]}   users: ${b.userIds.join(', ')}`);
    // Tokens through the environment, as the README asks for real targets (on a command line they show in ps).
    console.log(
      `try: CONFORMANCE_BASE_URL=${reference.url} CONFORMANCE_TOKEN=${a.token} CONFORMANCE_USER_ID=${a.userIds[0]} CONFORMANCE_TOKEN_B=${b.token} CONFORMANCE_USER_ID_B=${b.userIds[0]} npm run conformance`,
    );
    console.log('Ctrl-C stops it.');
  }
  const stop = (): void => {
    void reference.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message = (error as Error).message;
  if (error instanceof UsageError) console.error(`serve: ${message}`);
  else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(`serve: ${message}; run with --help`);
  else console.error(`serve: could not start: ${message}`);
  process.exit(2);
});
