/**
 * The configuration mistakes that used to pass silently, each found before any request and told in
 * one sentence (config.ts turns them into a ConfigError, exit 2). A misconfigured run must never end
 * in a green gate (the embedded reference tested instead of the target) nor blame the server for the
 * user's mistake.
 */
import { MIN_TOKEN_LENGTH } from '../http/token-command.js';

/** The settings that name a target: any of them given means the user meant a remote run. */
export const TARGET_FLAGS = ['base-url', 'token', 'token-command', 'user-id', 'token-b', 'token-b-command', 'user-id-b'] as const;

/**
 * CONFORMANCE_* names that are read somewhere other than the options table of config.ts. Any such
 * name must be listed here, or the unknown-variable check refuses it as a typo.
 */
export const OTHER_KNOWN_VARIABLES: readonly string[] = [];

/** Flags whose values are tokens (checked for the "Bearer " prefix and a minimum length). */
export const TOKEN_FLAGS = ['token', 'token-b'] as const;

/** Shorter tokens are refused rather than redacted (the reason is beside the constant); one length for a token given and one a command prints. */
export { MIN_TOKEN_LENGTH };

export interface Mistake {
  code: 'UNKNOWN_VARIABLE' | 'EMPTY_BASE_URL' | 'TARGET_WITHOUT_BASE_URL' | 'BAD_TOKEN' | 'TOKEN_AND_COMMAND' | 'NPM_SWALLOWED_FLAG';
  message: string;
}

/** Edit distance, for "did you mean" (names are short; the quadratic table is nothing). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** The closest known name, when it is close enough to be a typo of it. */
export function closest(name: string, known: readonly string[]): string | undefined {
  // Separators and case first (CONFORMANCE_TOKENB is CONFORMANCE_TOKEN_B, not CONFORMANCE_TOKEN, though
  // each is one edit away), then the plain edit distance breaks the ties.
  const bare = (text: string): string => text.replace(/[-_]/g, '').toLowerCase();
  let best: { name: string; distance: number; bareDistance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    const bareDistance = editDistance(bare(name), bare(candidate));
    if (!best || bareDistance < best.bareDistance || (bareDistance === best.bareDistance && distance < best.distance))
      best = { name: candidate, distance, bareDistance };
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 4)) ? best.name : undefined;
}

/**
 * A CONFORMANCE_* name the suite does not read is a typo of one it does (CONFORMANCE_BASEURL= in
 * .env used to be ignored, and the run tested the embedded reference and passed).
 */
export function unknownVariable(names: readonly string[], where: string, known: readonly string[]): Mistake | undefined {
  for (const name of names) {
    if (!name.startsWith('CONFORMANCE_') || known.includes(name)) continue;
    const guess = closest(name, known);
    return {
      code: 'UNKNOWN_VARIABLE',
      message: `${name} in ${where} is not a setting of banklink-conformance${guess ? `: did you mean ${guess}?` : ''} (each option is CONFORMANCE_<OPTION>; --help lists them)`,
    };
  }
  return undefined;
}

/**
 * The embedded reference runs only when no target setting is given at all. A base URL that is set
 * but empty (an unset CI variable, a blank line of .env.example) or a token or user without a base
 * URL means the user meant a target, so testing the reference instead would be a false green.
 */
export function targetMistake(given: ReadonlyMap<string, string>, whereOf: (flag: string) => string): Mistake | undefined {
  const baseUrl = given.get('base-url');
  if (baseUrl !== undefined && baseUrl.trim() === '') {
    return {
      code: 'EMPTY_BASE_URL',
      message: `the base URL (${whereOf('base-url')}) is set but empty: give the target's URL, like https://staging.example.com/v1, or remove the setting to test the embedded reference`,
    };
  }
  if (baseUrl === undefined) {
    const stray = TARGET_FLAGS.filter((flag) => flag !== 'base-url' && (given.get(flag) ?? '') !== '');
    if (stray.length > 0) {
      const named = stray.map(whereOf).join(', ');
      return {
        code: 'TARGET_WITHOUT_BASE_URL',
        message: `${named} ${stray.length > 1 ? 'are' : 'is'} set but no base URL is: give --base-url (CONFORMANCE_BASE_URL) for the target, or remove ${stray.length > 1 ? 'them' : 'it'} to test the embedded reference`,
      };
    }
  }
  return undefined;
}

/** A token written with its scheme, or too short to be redacted safely. */
export function tokenMistake(value: string, where: string): Mistake | undefined {
  if (/^bearer\s/i.test(value.trim())) {
    return {
      code: 'BAD_TOKEN',
      message: `${where} starts with "Bearer ": give the token alone; the suite writes "Authorization: Bearer <token>" itself`,
    };
  }
  if (value.length < MIN_TOKEN_LENGTH) {
    return {
      code: 'BAD_TOKEN',
      message: `${where} is ${value.length} characters long, shorter than ${MIN_TOKEN_LENGTH}: it cannot be told apart from ordinary words in the reports to keep it out of them; use a real access token`,
    };
  }
  return undefined;
}

/** Each caller's token and the command that would obtain it instead. */
export const TOKEN_COMMAND_FLAGS = [
  ['token', 'token-command'],
  ['token-b', 'token-b-command'],
] as const;

/**
 * A caller's token given both ways: which one the run would send is a guess the suite does not make
 * (a stale token in .env beside a new helper is the usual cause), whichever layer each came from.
 */
export function tokenAndCommandMistake(given: ReadonlyMap<string, string>, whereOf: (flag: string) => string): Mistake | undefined {
  for (const [token, command] of TOKEN_COMMAND_FLAGS) {
    if ((given.get(token) ?? '') === '' || (given.get(command) ?? '') === '') continue;
    return {
      code: 'TOKEN_AND_COMMAND',
      message: `${whereOf(token)} and ${whereOf(command)} both give the ${token === 'token' ? "caller's" : "second caller's"} token: keep one of them (the command, for a token that expires)`,
    };
  }
  return undefined;
}

/**
 * `npm run conformance --base-url X` (no `--`) makes npm take --base-url as its own setting: it
 * exports npm_config_base_url and passes only the values on. Seen from here: an npm_config_ variable
 * named like one of our options while npm runs a script.
 */
export function npmSwallowedFlag(env: NodeJS.ProcessEnv, flags: readonly string[]): Mistake | undefined {
  if (env.npm_lifecycle_event === undefined) return undefined;
  for (const flag of flags) {
    if (env[`npm_config_${flag.replace(/-/g, '_')}`] === undefined) continue;
    return {
      code: 'NPM_SWALLOWED_FLAG',
      message: `npm took --${flag} as its own option because a "--" is missing: write npm run ${env.npm_lifecycle_event} -- --${flag} ...`,
    };
  }
  return undefined;
}

/** A token given as a flag is visible in `ps` to every user of the machine and in npm's echo of the command. */
export function commandLineTokenWarning(argv: readonly string[]): string | undefined {
  const flags = TOKEN_FLAGS.filter((flag) => argv.some((arg) => arg === `--${flag}` || arg.startsWith(`--${flag}=`)));
  if (flags.length === 0) return undefined;
  const names = flags.map((flag) => `CONFORMANCE_${flag.toUpperCase().replace(/-/g, '_')}`).join(' and ');
  return `warning: ${flags.map((f) => `--${f}`).join(' and ')} on the command line ${flags.length > 1 ? 'are' : 'is'} visible to other processes and in npm's echo of the command; set ${names} in the environment or .env instead`;
}
