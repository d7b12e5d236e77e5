/**
 * A server that drops idle keep-alive connections after `idleMs` without announcing it (no
 * Keep-Alive: timeout header), as many proxies and load balancers do. A client that reuses a pooled
 * connection just as it is dropped meets a reset socket; it must tell that from a server's failure.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export function closeIdleConnections(server: Server, idleMs: number): void {
  // Node's own idle time-out announces itself in a Keep-Alive header; off, so only ours applies, unsaid.
  server.keepAliveTimeout = 0;
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('request', (req, res) => {
    const socket = req.socket;
    clearTimeout(timers.get(socket));
    res.on('finish', () => {
      const timer = setTimeout(() => socket.destroy(), idleMs);
      timer.unref();
      timers.set(socket, timer);
    });
  });
}
