import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * A response body as the routes' serializer writes it (checked against the schema, then JSON),
 * for answers kept in memory and sent again as they are (decision 0026).
 */
export function toJson<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Sends JSON text made by `toJson`: Fastify sends JSON text as it is, without serializing it again. */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
