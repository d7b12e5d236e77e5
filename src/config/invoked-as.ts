/**
 * The command as the user invoked it, for --help and the replay line: the package's bin (installed,
 * or run through npx; bin/banklink-conformance.mjs says so in BANKLINK_CONFORMANCE_COMMAND), or npm
 * run from a clone. A replay line naming `npm run conformance --` is no use where there is no clone.
 */
export type Invocation = 'bin' | 'npm';

export function invocation(env: NodeJS.ProcessEnv = process.env): Invocation {
  return env.BANKLINK_CONFORMANCE_COMMAND === 'banklink-conformance' ? 'bin' : 'npm';
}

/** The words that start a run, before its options. */
export function runCommand(how: Invocation = invocation()): string {
  return how === 'bin' ? 'banklink-conformance' : 'npm run conformance --';
}

export const SUBCOMMANDS = ['merge-reports', 'serve', 'compare', 'verify'] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

/** The words that start a subcommand, before its arguments. */
export function subcommand(name: Subcommand, how: Invocation = invocation()): string {
  return how === 'bin' ? `banklink-conformance ${name}` : `npm run ${name} --`;
}
