/**
 * The first token of each caller whose token comes from a command (--token-command,
 * --token-b-command), before the preflight sends it. A command that fails stops the run here: one
 * sentence naming the command, never its output, exit 2 (the run cannot say anything of the target
 * without a token).
 */
import type { Config } from '../config/config.js';
import { runTokenCommand, TokenCommandError } from '../http/token-command.js';
import type { TokenCommandState } from '../harness/settings.js';
import { CannotRun } from './cannot-run.js';

export interface ObtainedTokens {
  a?: { token: string; state: TokenCommandState };
  b?: { token: string; state: TokenCommandState };
}

export async function obtainTokens(config: Config): Promise<ObtainedTokens> {
  const obtain = async (command: string | undefined, flag: string): Promise<ObtainedTokens['a']> => {
    if (command === undefined) return undefined;
    const named = config.origins?.[flag] ?? `--${flag}`;
    try {
      const issued = await runTokenCommand(command, named);
      return { token: issued.token, state: { command, named, ...(issued.expiresAt !== undefined ? { expiresAt: issued.expiresAt } : {}) } };
    } catch (error) {
      if (error instanceof TokenCommandError) throw new CannotRun(error.message);
      throw error;
    }
  };
  const a = await obtain(config.tokenCommand, 'token-command');
  const b = await obtain(config.tokenBCommand, 'token-b-command');
  return { ...(a ? { a } : {}), ...(b ? { b } : {}) };
}
