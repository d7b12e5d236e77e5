/**
 * banklink-conformance: flags + .env -> Config -> (the embedded reference when no target) ->
 * preflight -> suites -> reports -> exit code (0 conformant, 1 non-conformant, 2 could not run).
 * Every failure to run is one sentence that says what to do, never a stack trace, never a token.
 */
import { resolve } from 'node:path';
import { checks } from './checks/registry.js';
import { ConfigError, helpText, loadConfig, type Config } from './config.js';
import { HttpClient } from './http/client.js';
import { isHttpError } from './http/errors.js';
import { CaCertError, readCaCert } from './http/tls-trust.js';
import { startReference, type RunningReference } from './reference/server.js';
import { paintFor, summaryText } from './report/console.js';
import { listText } from './report/list.js';
import { Progress } from './report/progress.js';
import { buildResults, exitCodeFor, suiteVersion } from './report/results.js';
import { writeReports } from './report/write.js';
import { redactorFor } from './suite/secrets.js';
import type { RunSettings } from './suite/settings.js';

class CannotRun extends Error {}

async function main(argv: string[]): Promise<number> {
  const config = loadConfig({ argv, env: process.env, dotenvPath: resolve(process.cwd(), '.env') });
  if (config.help) {
    console.log(helpText());
    return 0;
  }
  if (config.version) {
    console.log(suiteVersion());
    return 0;
  }
  if (config.list) {
    console.log(listText(checks));
    return 0;
  }

  let reference: RunningReference | undefined;
  const stopReference = async (): Promise<void> => {
    await reference?.close();
    reference = undefined;
  };
  try {
    if (config.baseUrl === undefined) {
      reference = await startReference({});
      if (config.token !== undefined) console.error('note: --token is ignored without --base-url; the embedded reference uses its own tokens');
      console.error(`no --base-url: testing the embedded reference implementation at ${reference.url}`);
    }
    const settings = settingsFrom(config, reference);
    const redactor = redactorFor(settings);
    await preflight(settings);

    const startedAt = new Date();
    const progress = new Progress(process.stderr, { env: process.env, ...(config.shard ? {} : { expectedTotal: checks.length }) });
    console.error(`banklink-conformance ${suiteVersion()}: ${checks.length} checks against ${settings.baseUrl} (seed ${settings.seed})`);
    // The runner stops starting checks at the bound and reports what it has; this is the last resort
    // for a check that does not end even then (each request is bounded, so it should never fire).
    const lastResort = setTimeout(() => {
      console.error(`the run went past --max-duration ${config.maxDurationS} s and did not stop; ended without reports`);
      process.exit(2);
    }, (config.maxDurationS + 60) * 1000);
    lastResort.unref();
    // Loaded only to run: vitest is heavy, and --help, --list and a bad flag should answer at once.
    const { runSuites } = await import('./runner/run-suites.js');
    const run = await runSuites(settings, {
      ...(config.shard ? { shard: config.shard } : {}),
      deadlineMs: config.maxDurationS * 1000,
      events: { onStart: (n) => progress.addTotal(n), onCheck: (r, done) => progress.onCheck(r, done) },
    });
    clearTimeout(lastResort);
    progress.end();
    await stopReference();

    const results = buildResults({
      target: { baseUrl: settings.baseUrl, embedded: settings.embedded },
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      seed: settings.seed,
      runs: settings.runs,
      readOnly: settings.readOnly,
      strict: config.strict,
      ...(config.shard ? { shard: config.shard } : {}),
      checkResults: run.results,
      errors: run.errors.map((e) => redactor.text(e)),
      ...(run.traffic ? { traffic: run.traffic } : {}),
      ...(run.consistency ? { consistency: run.consistency } : {}),
    });
    const files = writeReports(resolve(config.reportDir), results, redactor);
    console.log(redactor.text(summaryText(results, paintFor(process.stdout, process.env), files)));
    return exitCodeFor(results.verdict);
  } finally {
    await stopReference();
  }
}

function settingsFrom(config: Config, reference: RunningReference | undefined): RunSettings {
  const embedded = reference !== undefined;
  const tokenA = embedded ? reference.callers.a.token : (config.token as string);
  const userIdA = embedded ? (reference.callers.a.userIds[0] as string) : (config.userId as string);
  const tokenB = embedded ? reference.callers.b.token : config.tokenB;
  const userIdB = embedded ? reference.callers.b.userIds[0] : config.userIdB;
  return {
    baseUrl: embedded ? reference.url : (config.baseUrl as string),
    embedded,
    tokenA,
    userIdA,
    ...(tokenB ? { tokenB } : {}),
    ...(userIdB ? { userIdB } : {}),
    readOnly: config.readOnly,
    maxWrites: config.maxWrites,
    seed: config.seed,
    runs: config.runs,
    concurrency: config.concurrency,
    rateLimit: config.rateLimit,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    // A check may wait out the settle window (an absence) and poll through it (a late listing).
    checkTimeoutMs: Math.max(30_000, config.timeoutMs * 6) + 2 * config.settleMs,
    settleMs: config.settleMs,
    ...(config.caCert !== undefined ? { caPem: readCaCertOrStop(config.caCert) } : {}),
  };
}

function readCaCertOrStop(path: string): string {
  try {
    return readCaCert(path);
  } catch (error) {
    if (error instanceof CaCertError) throw new CannotRun(error.message);
    throw error;
  }
}

/** One request before the run, so an unreachable target is one clear sentence, not 40 inconclusive checks. */
async function preflight(settings: RunSettings): Promise<void> {
  const client = new HttpClient({
    baseUrl: settings.baseUrl,
    tokenA: settings.tokenA,
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    concurrency: 1,
    rateLimit: settings.rateLimit,
    readOnly: true,
    maxWrites: 0,
    maxRetryAfterMs: 5_000,
    maxThrottleRetries: 2,
    throttleBudgetMs: 10_000,
    ...(settings.caPem !== undefined ? { caPem: settings.caPem } : {}),
  });
  try {
    await client.send({ path: '/rfp_registrations' });
  } catch (error) {
    if (isHttpError(error) && error.code === 'TLS') {
      // The message says which (untrusted, expired, another host) and what to do; not "check --base-url".
      throw new CannotRun(`could not connect to the target over TLS: ${error.message}`);
    }
    if (isHttpError(error) && (error.code === 'CONNECTION' || error.code === 'TIMEOUT')) {
      throw new CannotRun(`could not reach the target at ${settings.baseUrl} (${error.message}); check --base-url and that the server is running`);
    }
    if (isHttpError(error) && error.code === 'THROTTLED') {
      throw new CannotRun(`the target at ${settings.baseUrl} throttles every request (${error.message})`);
    }
    // Any other answer (a 5xx, a huge body) is for the checks to judge.
  } finally {
    await client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof CannotRun) {
      console.error(`banklink-conformance: ${error.message}`);
    } else {
      const tokens = [process.env.CONFORMANCE_TOKEN, process.env.CONFORMANCE_TOKEN_B].filter((t): t is string => Boolean(t));
      const redactor = redactorFor({ tokenA: tokens[0], tokenB: tokens[1] });
      console.error(`banklink-conformance: internal error: ${redactor.text((error as Error)?.message ?? String(error))}; please report it with the command you ran`);
    }
    process.exitCode = 2;
  },
);
