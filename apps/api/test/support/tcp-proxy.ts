import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  /** Cuts every connection and refuses new ones, as a stopped database server would. */
  stop(): Promise<void>;
  /** Accepts connections again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
};

/** A TCP relay on loopback to `target`, which a test can cut to make the target unreachable. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const listen = async () => {
    const next = createServer((client) => {
      const upstream = createConnection(target);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    next.listen(port, '127.0.0.1');
    await once(next, 'listening');
    const address = next.address();
    port = typeof address === 'object' && address ? address.port : 0;
    server = next;
  };

  const stop = async () => {
    const current = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (current) {
      current.close();
      await once(current, 'close');
    }
  };

  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    start: listen,
    close: stop,
  };
}
