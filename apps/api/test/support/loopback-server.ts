import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** Answers one request, given its whole body. */
export type LoopbackHandler = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void;

/**
 * An HTTP server on 127.0.0.1 for the stubs of outside services: `port` 0 takes a free one.
 * The handler is called once a request's body has all arrived. A failed listen (the port taken)
 * rejects; `close` also ends the open keep-alive connections, so it does not wait on them.
 */
export async function startLoopbackServer(handler: LoopbackHandler, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the loopback server did not bind');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
