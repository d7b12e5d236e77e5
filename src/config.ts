/**
 * One validated Config from flags, the environment and .env (flags win, then the environment, then
 * .env). Every mistake is a ConfigError with a stable code and one sentence that says what to do.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';

export interface Config {
  /** Absent: the embedded reference implementation is started. */
  baseUrl?: string;
  token?: string;
  userId?: string;
  tokenB?: string;
  userIdB?: string;
  reportDir: string;
  readOnly: boolean;
  maxWrites: number;
  seed: number;
  runs: number;
  strict: boolean;
  concurrency: number;
  rateLimit: number;
  timeoutMs: number;
  maxBodyBytes: number;
  maxDurationS: number;
  shard?: string;
  /** Shared-staging options (README "Running against a shared staging"). */
  settleMs: number;
  caCert?: string;
  list: boolean;
  help: boolean;
  version: boolean;
}

export type ConfigErrorCode = 'UNKNOWN_FLAG' | 'MISSING_VALUE' | 'BAD_NUMBER' | 'BAD_URL' | 'MISSING_TOKEN' | 'MISSING_USER' | 'BAD_SHARD' | 'BAD_DOTENV';

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
  { flag: 'base-url', key: 'baseUrl', kind: 'string', help: 'target base URL; absent: the embedded reference implementation on 127.0.0.1' },
  { flag: 'token', key: 'token', kind: 'string', help: 'the caller\'s access token, sent as "Authorization: Bearer T"' },
  { flag: 'user-id', key: 'userId', kind: 'string', help: 'an existing User of that caller' },
  { flag: 'token-b', key: 'tokenB', kind: 'string', help: "a second caller's token (tenant-isolation checks; skipped without it)" },
  { flag: 'user-id-b', key: 'userIdB', kind: 'string', help: 'a User of the second caller' },
  { flag: 'report-dir', key: 'reportDir', kind: 'string', default: 'reports', help: 'where results.json, junit.xml, report.md and report.html go' },
  { flag: 'read-only', key: 'readOnly', kind: 'boolean', default: 'false', help: 'send no POST; checks that need writes are skipped' },
  { flag: 'max-writes', key: 'maxWrites', kind: 'integer', min: 0, max: 100_000, default: '150', help: 'cap on resources created' },
  { flag: 'seed', key: 'seed', kind: 'integer', min: -2_147_483_648, max: 2_147_483_647, help: 'fast-check seed, to replay a run (default: random, printed)' },
  { flag: 'runs', key: 'runs', kind: 'integer', min: 1, max: 10_000, default: '25', help: 'fast-check runs per property' },
  { flag: 'strict', key: 'strict', kind: 'boolean', default: 'false', help: 'warnings also fail the run' },
  { flag: 'concurrency', key: 'concurrency', kind: 'integer', min: 1, max: 64, default: '8', help: 'checks (and connections) in flight at once' },
  { flag: 'rate-limit', key: 'rateLimit', kind: 'number', min: 0, max: 100_000, default: '0', help: 'requests per second at most; 0 = unlimited' },
  { flag: 'timeout-ms', key: 'timeoutMs', kind: 'integer', min: 100, max: 600_000, default: '10000', help: 'bound on one request, answer included' },
  { flag: 'max-body-bytes', key: 'maxBodyBytes', kind: 'integer', min: 1024, max: 1_073_741_824, default: '5242880', help: 'cap on one response body' },
  { flag: 'max-duration', key: 'maxDurationS', kind: 'integer', min: 5, max: 86_400, default: '900', help: 'bound on the whole run, in seconds' },
  { flag: 'settle-ms', key: 'settleMs', kind: 'integer', min: 0, max: 600_000, default: '5000', help: 'how long a write may take to be listed (replica lag): listings are retried, absences read after it' },
  { flag: 'ca-cert', key: 'caCert', kind: 'string', help: 'PEM file of a private CA to trust besides the default ones (certificates are always verified)' },
  { flag: 'shard', key: 'shard', kind: 'string', help: 'run part i of n of the suite files, as i/n (CI splitting)' },
  { flag: 'list', key: 'list', kind: 'boolean', default: 'false', help: 'print every check with its requirement and exit; sends no request' },
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
  const raw = new Map<string, string>();
  for (const option of OPTIONS) {
    const name = envName(option.flag);
    const value = sources.env[name] ?? fromDotenv[name];
    if (value !== undefined && value !== '') raw.set(option.flag, value);
  }
  for (const [flag, value] of parseArgv(sources.argv)) raw.set(flag, value);

  const config: Record<string, unknown> = {};
  for (const option of OPTIONS) {
    const value = raw.get(option.flag) ?? option.default;
    if (value === undefined) continue;
    config[option.key] = convert(option, value);
  }
  config.seed ??= randomSeed();
  const result = config as unknown as Config;
  if (result.baseUrl !== undefined) validateRemoteTarget(result);
  if (result.shard !== undefined && !/^[1-9]\d*\/[1-9]\d*$/.test(result.shard)) {
    throw new ConfigError('BAD_SHARD', `--shard takes i/n with 1 <= i <= n, like 1/3; got "${result.shard}"`);
  }
  if (result.shard !== undefined) {
    const [index, count] = result.shard.split('/').map(Number) as [number, number];
    if (index > count) throw new ConfigError('BAD_SHARD', `--shard ${result.shard}: the part number cannot be larger than the number of parts`);
  }
  return result;
}

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
      throw new ConfigError('UNKNOWN_FLAG', `unexpected argument "${arg}": every option is a --flag; run with --help to see them`);
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const option = known.get(flag);
    if (!option) {
      throw new ConfigError('UNKNOWN_FLAG', `unknown option --${flag}; run with --help to see the options`);
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
  if (!config.token) {
    throw new ConfigError('MISSING_TOKEN', `a target was given (--base-url) but no token: pass --token T or set ${envName('token')} in the environment or .env`);
  }
  if (!config.userId) {
    throw new ConfigError('MISSING_USER', `a target was given (--base-url) but no user: pass --user-id ID (an existing User of that caller) or set ${envName('user-id')}`);
  }
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
    'Usage: npm run conformance -- [options]      (or: banklink-conformance [options])',
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
    'With no --base-url the embedded reference implementation is started on 127.0.0.1 and used.',
    '',
    'Exit codes: 0 conformant (no fail) | 1 non-conformant (a fail; with --strict, a warn too) | 2 could not run',
    '            (bad configuration, unreachable target, inconclusive checks, internal error).',
    'Reports: DIR/results.json, DIR/junit.xml, DIR/report.md, DIR/report.html',
  );
  return lines.join('\n');
}
