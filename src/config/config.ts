/**
 * One validated Config from flags, the environment and .env (flags win, then the environment, then
 * .env). Every mistake is a ConfigError with a stable code and one sentence that says what to do.
 */
import { AREAS, type Area } from '../contract/checks/types.js';
import { checks } from '../contract/checks/registry.js';
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { runCommand, subcommand, SUBCOMMANDS, type Subcommand } from './invoked-as.js';
import { writesForFullRuns } from '../core/write-plan.js';
import { parseImplementation } from '../core/identity/implementation.js';
import {
  OTHER_KNOWN_VARIABLES,
  TOKEN_FLAGS,
  closest,
  npmSwallowedFlag,
  targetMistake,
  tokenAndCommandMistake,
  tokenMistake,
  unknownVariable,
  type Mistake,
} from './config-mistakes.js';

export interface Config {
  /** What is tested, as NAME@VERSION (--implementation): the first thing every report names. Validated. */
  implementation?: string;
  /** Where each setting given came from, by flag: '--token', 'CONFORMANCE_TOKEN in the environment', 'CONFORMANCE_TOKEN in .env'. */
  origins?: Record<string, string>;
  /** Absent (and no other target setting given): the embedded reference implementation is started. */
  baseUrl?: string;
  token?: string;
  userId?: string;
  tokenB?: string;
  userIdB?: string;
  /** A shell command that prints the caller's token (--token-command), run again as the token expires; never with token. */
  tokenCommand?: string;
  /** The same for the second caller (--token-b-command). */
  tokenBCommand?: string;
  reportDir: string;
  /** Where the run's traffic goes as HAR 1.2 (--har); absent: traffic.har in the report directory. */
  har?: string;
  readOnly: boolean;
  maxWrites: number;
  /** Whether --max-writes was given (flag, environment or .env): then it also caps the paging data top-up. */
  maxWritesGiven: boolean;
  seed: number;
  runs: number;
  strict: boolean;
  failFast: boolean;
  concurrency: number;
  rateLimit: number;
  timeoutMs: number;
  maxBodyBytes: number;
  maxDurationS: number;
  shard?: string;
  /** --check a,b: only these checks run (with the run-wide ones, which judge their exchanges). */
  check?: string;
  /** A previous results.json: the summary and reports add "Since the baseline". */
  baseline?: string;
  /** Shared-staging options (docs/staging.md). */
  settleMs: number;
  caCert?: string;
  /** Areas of checks turned off (--skip-area replay,robustness): their checks are reported as skipped, saying so. */
  skipArea?: string;
  /** --unmasked-evidence: personal data is written as it came (synthetic data only; tokens stay masked). Never on by default. */
  unmaskedEvidence: boolean;
  list: boolean;
  /** With --list: the spec's statements and what judges each, instead of the checks. */
  statements: boolean;
  help: boolean;
  version: boolean;
}

export type ConfigErrorCode =
  | 'UNKNOWN_FLAG'
  | 'MISSING_VALUE'
  | 'BAD_NUMBER'
  | 'BAD_URL'
  | 'MISSING_TOKEN'
  | 'MISSING_USER'
  | 'BAD_SHARD'
  | 'BAD_AREA'
  | 'BAD_CHECK'
  | 'BAD_DOTENV'
  | 'BAD_IMPLEMENTATION'
  | Mistake['code'];

export class ConfigError extends Error {
  constructor(
    readonly code: ConfigErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

interface OptionSpec {
  flag: string;
  key: keyof Config;
  kind: 'string' | 'boolean' | 'integer' | 'number';
  min?: number;
  max?: number;
  help: string;
  default?: string;
}

/** The CLI contract of design.md. Each flag is also CONFORMANCE_<NAME> in the environment or .env. */
export const OPTIONS: readonly OptionSpec[] = [
  {
    flag: 'implementation',
    key: 'implementation',
    kind: 'string',
    help: "what is tested, as NAME@VERSION (e.g. acme-bank-api@2.3.1): named first in every report, the certificate's subject",
  },
  { flag: 'base-url', key: 'baseUrl', kind: 'string', help: 'target base URL; absent: the embedded reference implementation on 127.0.0.1' },
  { flag: 'token', key: 'token', kind: 'string', help: 'the caller\'s access token, sent as "Authorization: Bearer T"' },
  {
    flag: 'user-id',
    key: 'userId',
    kind: 'string',
    help: 'an existing User of that caller; several, comma-separated: the run writes to the one with the fewest User Banks',
  },
  { flag: 'token-b', key: 'tokenB', kind: 'string', help: "a second caller's token (tenant-isolation checks; skipped without it)" },
  { flag: 'user-id-b', key: 'userIdB', kind: 'string', help: 'a User of the second caller' },
  {
    flag: 'token-command',
    key: 'tokenCommand',
    kind: 'string',
    help: "a shell command that prints the caller's token (or OAuth JSON with access_token, expires_in), run again before it expires",
  },
  {
    flag: 'token-b-command',
    key: 'tokenBCommand',
    kind: 'string',
    help: "the same for the second caller's token, instead of --token-b",
  },
  {
    flag: 'report-dir',
    key: 'reportDir',
    kind: 'string',
    default: 'reports',
    help: 'where results.json, junit.xml, report.md and report.html go',
  },
  {
    flag: 'har',
    key: 'har',
    kind: 'string',
    help: 'where every exchange of the run goes as HAR 1.2, redacted (default: traffic.har in the report dir)',
  },
  { flag: 'read-only', key: 'readOnly', kind: 'boolean', default: 'false', help: 'send no POST; checks that need writes are skipped' },
  {
    flag: 'max-writes',
    key: 'maxWrites',
    kind: 'integer',
    min: 0,
    max: 100_000,
    // The default said as the write plan computes it, so the help never states a stale number.
    help: `cap on User Banks the checks create (default: what every check needs at --runs, ${writesForFullRuns(25)} at --runs 25); left at its default, the paging data an empty User lacks (up to 101, once) comes on top`,
  },
  {
    flag: 'seed',
    key: 'seed',
    kind: 'integer',
    min: -2_147_483_648,
    max: 2_147_483_647,
    help: 'fast-check seed, to replay a run (default: random, printed)',
  },
  { flag: 'runs', key: 'runs', kind: 'integer', min: 1, max: 10_000, default: '25', help: 'fast-check runs per property' },
  { flag: 'strict', key: 'strict', kind: 'boolean', default: 'false', help: 'warnings also fail the run' },
  {
    flag: 'fail-fast',
    key: 'failFast',
    kind: 'boolean',
    default: 'false',
    help: 'stop at the first failing check (exit 1); checks already in flight finish, no further check starts',
  },
  {
    flag: 'concurrency',
    key: 'concurrency',
    kind: 'integer',
    min: 1,
    max: 64,
    default: '8',
    help: 'checks (and connections) in flight at once',
  },
  {
    flag: 'rate-limit',
    key: 'rateLimit',
    kind: 'number',
    min: 0,
    max: 100_000,
    default: '0',
    help: 'requests per second at most; 0 = unlimited',
  },
  {
    flag: 'timeout-ms',
    key: 'timeoutMs',
    kind: 'integer',
    min: 100,
    max: 600_000,
    default: '10000',
    help: 'bound on one request, answer included',
  },
  {
    flag: 'max-body-bytes',
    key: 'maxBodyBytes',
    kind: 'integer',
    min: 1024,
    max: 1_073_741_824,
    default: '5242880',
    help: 'cap on one response body',
  },
  {
    flag: 'max-duration',
    key: 'maxDurationS',
    kind: 'integer',
    min: 5,
    max: 86_400,
    default: '900',
    help: 'bound on the whole run, in seconds',
  },
  {
    flag: 'settle-ms',
    key: 'settleMs',
    kind: 'integer',
    min: 0,
    max: 600_000,
    default: '5000',
    help: 'how long a write may take to be listed (replica lag): listings are retried through it; given, absences are read after exactly it, otherwise after 3 x the longest lag observed (at least 1 s)',
  },
  {
    flag: 'ca-cert',
    key: 'caCert',
    kind: 'string',
    help: 'PEM file of a private CA to trust besides the default ones (certificates are always verified)',
  },
  { flag: 'shard', key: 'shard', kind: 'string', help: 'run part i of n of the suite files, as i/n (CI splitting)' },
  {
    flag: 'check',
    key: 'check',
    kind: 'string',
    help: 'run only these checks (ids as --list prints them, comma-separated), with the run-wide ones: to look at a failure again',
  },
  {
    flag: 'baseline',
    key: 'baseline',
    kind: 'string',
    help: 'a previous results.json (or its report dir): the summary and reports add "Since the baseline"',
  },
  {
    flag: 'skip-area',
    key: 'skipArea',
    kind: 'string',
    help: 'areas of checks to turn off, comma-separated (e.g. replay,robustness); their checks are reported as skipped',
  },
  {
    flag: 'unmasked-evidence',
    key: 'unmaskedEvidence',
    kind: 'boolean',
    default: 'false',
    help: 'SYNTHETIC DATA ONLY: write personal data (names, e-mails, SSNs, dates of birth, whole account numbers) into the reports, the HAR and the console as it came, not masked to its shape; tokens stay masked; every report says so',
  },
  {
    flag: 'list',
    key: 'list',
    kind: 'boolean',
    default: 'false',
    help: 'print every check with its requirement and exit; sends no request',
  },
  {
    flag: 'statements',
    key: 'statements',
    kind: 'boolean',
    default: 'false',
    help: 'with --list: every statement of the spec and the checks that judge it (or why none can), with the coverage',
  },
  { flag: 'help', key: 'help', kind: 'boolean', default: 'false', help: 'this text' },
  { flag: 'version', key: 'version', kind: 'boolean', default: 'false', help: 'print the suite version' },
];

export const envName = (flag: string): string => `CONFORMANCE_${flag.toUpperCase().replace(/-/g, '_')}`;

export interface ConfigSources {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Path of a .env file; read when it exists. */
  dotenvPath?: string;
}

export function loadConfig(sources: ConfigSources): Config {
  const fromDotenv = readDotenv(sources.dotenvPath);
  const knownNames = [...OPTIONS.map((o) => envName(o.flag)), ...OTHER_KNOWN_VARIABLES];
  raiseIf(
    npmSwallowedFlag(
      sources.env,
      OPTIONS.map((o) => o.flag).filter((f) => f !== 'help' && f !== 'version'),
    ),
  );
  raiseIf(unknownVariable(Object.keys(sources.env), 'the environment', knownNames));
  raiseIf(unknownVariable(Object.keys(fromDotenv), sources.dotenvPath ?? '.env', knownNames));
  const raw = new Map<string, string>();
  /** Where each target setting came from, to name it in a sentence; set-but-empty ones are kept. */
  const given = new Map<string, string>();
  const where = new Map<string, string>();
  for (const option of OPTIONS) {
    const name = envName(option.flag);
    const inEnv = sources.env[name] !== undefined;
    const value = sources.env[name] ?? fromDotenv[name];
    if (value === undefined) continue;
    given.set(option.flag, value);
    where.set(option.flag, inEnv ? `${name} in the environment` : `${name} in .env`);
    if (value !== '') raw.set(option.flag, value);
  }
  for (const [flag, value] of parseArgv(sources.argv)) {
    raw.set(flag, value);
    given.set(flag, value);
    where.set(flag, `--${flag}`);
  }
  const whereOf = (flag: string): string => where.get(flag) ?? `--${flag}`;
  raiseIf(targetMistake(given, whereOf));
  raiseIf(tokenAndCommandMistake(given, whereOf));
  for (const flag of TOKEN_FLAGS) {
    const value = raw.get(flag);
    if (value !== undefined) raiseIf(tokenMistake(value, whereOf(flag)));
  }

  const config: Record<string, unknown> = {};
  for (const option of OPTIONS) {
    const value = raw.get(option.flag) ?? option.default;
    if (value === undefined) continue;
    config[option.key] = convert(option, value);
  }
  config.seed ??= randomSeed();
  config.maxWritesGiven = raw.has('max-writes');
  // Left unset, the budget is what every selected check needs to run in full at --runs, so the
  // default run never skips a creation check nor stops a property early for want of writes.
  config.maxWrites ??= writesForFullRuns(config.runs as number);
  config.origins = Object.fromEntries(where);
  const result = config as unknown as Config;
  if (result.implementation !== undefined) {
    const parsed = parseImplementation(result.implementation, whereOf('implementation'));
    if ('problem' in parsed) throw new ConfigError('BAD_IMPLEMENTATION', parsed.problem);
  }
  if (result.baseUrl !== undefined) validateRemoteTarget(result);
  if (result.shard !== undefined && !/^[1-9]\d*\/[1-9]\d*$/.test(result.shard)) {
    throw new ConfigError('BAD_SHARD', `--shard takes i/n with 1 <= i <= n, like 1/3; got "${result.shard}"`);
  }
  if (result.shard !== undefined) {
    const [index, count] = result.shard.split('/').map(Number) as [number, number];
    if (index > count)
      throw new ConfigError('BAD_SHARD', `--shard ${result.shard}: the part number cannot be larger than the number of parts`);
  }
  const ids: string[] = checks.map((c) => c.id);
  const unknownCheck = checksNamed(result.check).find((id) => !ids.includes(id));
  if (unknownCheck !== undefined) {
    // A typo, or an id given without its area (traversal.ends for pagination.traversal.ends).
    const guess = closest(unknownCheck, ids) ?? ids.find((id) => id.endsWith(`.${unknownCheck}`));
    throw new ConfigError(
      'BAD_CHECK',
      `--check ${unknownCheck}: no check has that id${guess ? `; did you mean ${guess}?` : ''} (--list prints every id)`,
    );
  }
  if (result.check !== undefined && result.shard !== undefined)
    throw new ConfigError('BAD_CHECK', '--check and --shard both choose the checks of a run: give one of them');
  for (const area of skippedAreas(result.skipArea)) {
    if (!AREAS.includes(area as Area))
      throw new ConfigError('BAD_AREA', `--skip-area ${area}: not an area of checks; the areas are ${AREAS.join(', ')}`);
  }
  return result;
}

/** The check ids named by --check (comma-separated, blanks ignored). */
export const checksNamed = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** The areas named by --skip-area (comma-separated, blanks ignored). */
export const skippedAreas = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

function parseArgv(argv: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const known = new Map(OPTIONS.map((o) => [o.flag, o]));
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '-h') {
      out.set('help', 'true');
      continue;
    }
    if (!arg.startsWith('--')) {
      // `npm run conformance -- verify DIR`: the subcommands have npm scripts of their own.
      if (i === 0 && SUBCOMMANDS.includes(arg as Subcommand))
        throw new ConfigError(
          'UNKNOWN_FLAG',
          `${arg} is a command of its own: run ${[subcommand(arg as Subcommand), ...argv.slice(1)].join(' ')} (--help for its arguments)`,
        );
      throw new ConfigError('UNKNOWN_FLAG', `unexpected argument "${arg}": every option is a --flag; run with --help to see them`);
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const option = known.get(flag);
    if (!option) {
      const guess = closest(flag, [...known.keys()]);
      throw new ConfigError(
        'UNKNOWN_FLAG',
        `unknown option --${flag}${guess ? ` (did you mean --${guess}?)` : ''}; run with --help to see the options`,
      );
    }
    if (option.kind === 'boolean') {
      out.set(flag, eq === -1 ? 'true' : arg.slice(eq + 1));
      continue;
    }
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith('--'))) {
      throw new ConfigError('MISSING_VALUE', `--${flag} needs a value, like --${flag} ${option.kind === 'string' ? 'VALUE' : '10'}`);
    }
    out.set(flag, value);
  }
  return out;
}

function convert(option: OptionSpec, value: string): unknown {
  if (option.kind === 'string') return value;
  if (option.kind === 'boolean') {
    if (/^(true|1|yes)$/i.test(value)) return true;
    if (/^(false|0|no)$/i.test(value)) return false;
    throw new ConfigError('BAD_NUMBER', `--${option.flag} (${envName(option.flag)}) takes true or false; got "${value}"`);
  }
  const number = Number(value);
  const whole = option.kind === 'integer';
  const ok = value.trim() !== '' && Number.isFinite(number) && (!whole || Number.isInteger(number));
  if (!ok || (option.min !== undefined && number < option.min) || (option.max !== undefined && number > option.max)) {
    throw new ConfigError(
      'BAD_NUMBER',
      `--${option.flag} (${envName(option.flag)}) takes ${whole ? 'a whole number' : 'a number'} from ${option.min} to ${option.max}; got "${value}"`,
    );
  }
  return number;
}

function validateRemoteTarget(config: Config): void {
  let url: URL;
  try {
    url = new URL(config.baseUrl as string);
  } catch {
    throw new ConfigError('BAD_URL', `--base-url "${config.baseUrl}" is not a URL; give one like https://staging.example.com/v1`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('BAD_URL', `--base-url must start with http:// or https://; got "${url.protocol}"`);
  }
  if (url.username || url.password) {
    throw new ConfigError('BAD_URL', '--base-url must not hold credentials; pass the token with --token or CONFORMANCE_TOKEN');
  }
  if (!config.token && !config.tokenCommand) {
    throw new ConfigError(
      'MISSING_TOKEN',
      `a target was given (--base-url) but no token: set ${envName('token')} in the environment or .env (or pass --token T, or --token-command CMD that prints one)`,
    );
  }
  if (!config.userId) {
    throw new ConfigError(
      'MISSING_USER',
      `a target was given (--base-url) but no user: pass --user-id ID (an existing User of that caller) or set ${envName('user-id')}`,
    );
  }
}

function raiseIf(mistake: Mistake | undefined): void {
  if (mistake) throw new ConfigError(mistake.code, mistake.message);
}

function readDotenv(path: string | undefined): Record<string, string> {
  if (path === undefined || !existsSync(path)) return {};
  try {
    return parseDotenv(readFileSync(path));
  } catch (error) {
    throw new ConfigError('BAD_DOTENV', `could not read ${path}: ${(error as Error).message}; fix or remove it`);
  }
}

const randomSeed = (): number => Math.floor(Math.random() * 2_147_483_647);

export function helpText(): string {
  const lines = [
    'banklink-conformance: checks an implementation of the Bank-linking and user service API against its spec.',
    '',
    `Usage: ${runCommand()} [options]`,
    `       ${subcommand('compare')} OLD NEW [--out DIR]   what changed between two runs' results.json (exit 1 on a regression)`,
    `       ${subcommand('merge-reports')} DIR... --out DIR   joins the results.json of --shard runs`,
    `       ${subcommand('serve')} [options]                  the reference implementation (serve --help)`,
    `       ${subcommand('verify')} DIR                       whether a run's report directory holds up as a certificate (verify --help)`,
    '',
    'Options (each also CONFORMANCE_<NAME> in the environment or .env):',
  ];
  for (const option of OPTIONS) {
    const value = option.kind === 'boolean' ? '' : option.kind === 'string' ? ' V' : ' N';
    const left = `  --${option.flag}${value}`.padEnd(22);
    lines.push(`${left} ${option.help}${option.default !== undefined && option.kind !== 'boolean' ? ` (default ${option.default})` : ''}`);
  }
  lines.push(
    '',
    'With no target setting at all (no --base-url, token or user) the embedded reference implementation is',
    'started on 127.0.0.1 and used. Pass tokens through the environment (CONFORMANCE_TOKEN) or .env: on the',
    "command line they are visible to other processes and in npm's echo of the command.",
    '',
    'Exit codes: 0 conformant (no fail) | 1 non-conformant (a fail; with --strict, a warn too) | 2 could not run',
    '            (bad configuration, unreachable target, inconclusive checks, internal error) | 129, 130, 143 interrupted',
    '            (SIGHUP or the end of the command that started it, Ctrl-C, SIGTERM: no request after it,',
    '            and the reports say INTERRUPTED and how far the run got).',
    'Reports: DIR/results.json, DIR/junit.xml, DIR/report.md, DIR/report.html, DIR/traffic.har (--har)',
  );
  return lines.join('\n');
}

/** The Users --user-id names: one, or several comma-separated (the run writes to the one with the fewest User Banks), each once. */
export function userIdsOf(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((id) => id.trim()))].filter((id) => id !== '');
}
