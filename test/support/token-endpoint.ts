/**
 * A token endpoint on 127.0.0.1, as an OAuth client-credentials grant or a vault would be, and the
 * shell command a user would give --token-command to read it: node's own fetch (no curl on every
 * machine), printing the endpoint's answer as it is. Every token handed out is kept, so a test can
 * search every artifact of the run for each one.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the endpoint answers for a caller: OAuth's JSON (access_token, expires_in) or a bare token. */
export type Issue = (caller: 'a' | 'b') => { access_token: string; expires_in?: number };

export interface TokenEndpoint {
  /** The command that prints caller's token: JSON as the endpoint answers it, or (bare) the token alone. */
  command(caller: 'a' | 'b', shape?: 'json' | 'bare'): string;
  /** Every token handed out, in order. */
  issued: string[];
  close(): Promise<void>;
}

export async function startTokenEndpoint(issue: Issue): Promise<TokenEndpoint> {
  const issued: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const caller = url.searchParams.get('caller') === 'b' ? 'b' : 'a';
    const answer = issue(caller);
    issued.push(answer.access_token);
    if (url.searchParams.get('shape') === 'bare') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${answer.access_token}\n`);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...answer, token_type: 'Bearer' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    command: (caller, shape = 'json') =>
      `'${process.execPath}' -e "fetch('http://127.0.0.1:${port}/token?caller=${caller}&shape=${shape}', { method: 'POST' }).then((r) => r.text()).then((t) => process.stdout.write(t))"`,
    issued,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
