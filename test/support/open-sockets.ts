/**
 * The sockets a test server holds open, destroyed when it closes: `server.close()` alone waits for
 * every open connection, so a client that went quiet (a keep-alive connection, a half-closed pipe, a
 * client gone mid-handshake) would keep a test's hook waiting past its bound.
 */
import type { Server, Socket } from 'node:net';

export interface OpenSockets {
  /** Also destroy this socket on close (one the server opened itself, such as an upstream). */
  track(socket: Socket): void;
  /** Destroys every open socket, then closes the server. */
  close(): Promise<void>;
}

export function openSocketsOf(server: Server): OpenSockets {
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  server.on('connection', track);
  return {
    track,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
