import type { FastifyReply } from 'fastify';

/** A file to download: never cached by a shared cache, named by Content-Disposition. */
export function sendFile(reply: FastifyReply, type: string, filename: string, body: Buffer | string) {
  return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(body);
}
