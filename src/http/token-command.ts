/**
 * A token from the user's own command (--token-command), run through the shell as git runs its
 * credential helpers: the command is the user's, so pipes, quotes and variables work as typed, and
 * nothing the target sent is ever put into it. It prints either the token alone or the JSON an
 * OAuth token endpoint answers ({"access_token": ..., "expires_in": seconds}). Its output is the
 * token itself, so no sentence about a failure ever quotes it; stderr goes nowhere for the same reason.
 */
import { spawn } from 'node:child_process';

export interface IssuedToken {
  token: string;
  /** When the command said it expires (Date.now() clock); absent: it did not say. */
  expiresAt?: number;
}

/** A command that failed, timed out or printed no token: the sentence names the command and never its output. */
export class TokenCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenCommandError';
  }
}

/**
 * Shorter tokens are refused rather than redacted: a short token is also a word of every check id and
 * path, so replacing it in the reports would garble them, and not replacing it would print it.
 */
export const MIN_TOKEN_LENGTH = 8;

/** A helper that hangs (a login prompt, a network wait) must not hang the run. */
export const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
/** More than any token endpoint answers: a command that floods stdout is cut off, not buffered. */
const MAX_OUTPUT_BYTES = 64 * 1024;

/**
 * Runs `command` and reads the token it prints. `named` says where the command was given
 * ("--token-command", "CONFORMANCE_TOKEN_COMMAND in .env") for the sentence of a failure.
 */
export function runTokenCommand(command: string, named: string, timeoutMs = TOKEN_COMMAND_TIMEOUT_MS): Promise<IssuedToken> {
  const failed = (why: string): TokenCommandError =>
    new TokenCommandError(
      `the token command of ${named} (${command}) ${why}: run it yourself to see why; it must print the token, or JSON with access_token`,
    );
  return new Promise((resolve, reject) => {
    // stdin closed: a helper that asks for a password fails at once instead of waiting for one.
    // In a process group of its own, so a kill reaches what the shell started too (a `sleep` or `curl`
    // holding stdout open would otherwise keep the run waiting after the shell is gone).
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    const kill = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already ended.
      }
    };
    const chunks: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_OUTPUT_BYTES) chunks.push(chunk);
      else kill();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(failed(`could not be started (${(error as NodeJS.ErrnoException).code ?? 'error'})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return reject(failed(`did not end within ${Math.round(timeoutMs / 1000)} s`));
      if (size > MAX_OUTPUT_BYTES) return reject(failed(`printed more than ${MAX_OUTPUT_BYTES} bytes`));
      if (code !== 0) return reject(failed(code === null ? `was ended by ${signal}` : `exited with code ${code}`));
      const issued = parseTokenOutput(Buffer.concat(chunks).toString('utf8'), Date.now());
      if (issued === undefined) return reject(failed('printed no token'));
      // The same two refusals as a token given directly (src/config/config-mistakes.ts), said without the token.
      if (/^bearer\s/i.test(issued.token))
        return reject(failed('printed the token with its "Bearer " scheme; it must print the token alone'));
      if (issued.token.length < MIN_TOKEN_LENGTH)
        return reject(
          failed(
            `printed a token shorter than ${MIN_TOKEN_LENGTH} characters, which the reports could not tell apart from words to keep it out`,
          ),
        );
      resolve(issued);
    });
  });
}

/** The token a command printed: JSON with access_token (and expires_in seconds), or the bare token on its first line. */
export function parseTokenOutput(output: string, now: number): IssuedToken | undefined {
  const text = output.trim();
  if (text === '') return undefined;
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    const { access_token: token, expires_in: expiresIn } = (parsed ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof token !== 'string' || token.trim() === '') return undefined;
    // RFC 6749 5.1 gives expires_in as a number; some endpoints send it as a string.
    const seconds = typeof expiresIn === 'string' ? Number(expiresIn) : expiresIn;
    return {
      token: token.trim(),
      ...(typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? { expiresAt: now + seconds * 1000 } : {}),
    };
  }
  const first = text.split(/\r?\n/)[0]?.trim() ?? '';
  return first === '' ? undefined : { token: first };
}
