/**
 * A forward proxy on 127.0.0.1, as an egress proxy of a CI runner: plain requests in absolute form
 * (http:// targets) are forwarded, CONNECT opens a tunnel (https:// targets). It counts both, and
 * only connects to 127.0.0.1.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createConnection, type AddressInfo, type Socket } from 'node:net';
import { openSocketsOf } from './open-sockets.js';

export interface ForwardProxy {
  url: string;
  counts: { plain: number; connect: number; refused: number };
  close(): Promise<void>;
}

export async function startForwardProxy(): Promise<ForwardProxy> {
  const counts = { plain: 0, connect: 0, refused: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      counts.refused += 1;
      res.writeHead(400).end('absolute-form request expected');
      return;
    }
    if (target.hostname !== '127.0.0.1') {
      counts.refused += 1;
      res.writeHead(403).end('this test proxy only reaches 127.0.0.1');
      return;
    }
    counts.plain += 1;
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const upstream = request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: target.pathname + target.search, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':');
    if (host !== '127.0.0.1' || port === undefined) {
      counts.refused += 1;
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    counts.connect += 1;
    const upstream = createConnection({ host: '127.0.0.1', port: Number(port) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
  });
  const open = openSocketsOf(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: open.close,
  };
}
