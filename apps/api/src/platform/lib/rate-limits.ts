import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** A preHandler counting the requests `appliesTo` picks with `limiter`: 429 with Retry-After past the limit. */
function limitedBy(limiter: Limiter, appliesTo: (request: FastifyRequest) => boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!appliesTo(request)) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError(429, 'too_many_requests');
  };
}

export type AccountAndAddressLimit = { accountMax: number; addressMax: number; timeWindow: string };

/**
 * Two limits on one route: per client address (the route's `config.rateLimit`, checked on
 * arrival) and per account (a preHandler, after the session is read). One account cannot get
 * round the limit by changing address, nor one address by opening accounts. The keys carry the
 * route's name, so limits never share a counter whatever store the plugin is given.
 */
export function accountAndAddressLimit(app: FastifyInstance, name: string, limit: AccountAndAddressLimit) {
  const perAccount = app.createRateLimit({
    max: limit.accountMax,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => `${name}:account:${request.auth?.userId ?? 'none'}`,
  });
  return {
    rateLimit: {
      max: limit.addressMax,
      timeWindow: limit.timeWindow,
      keyGenerator: (request: FastifyRequest) => `${name}:address:${normalizeIP(request.ip)}`,
    },
    limitAccount: limitedBy(perAccount, (request) => Boolean(request.auth)),
  };
}

/**
 * A limit per client address on what visitors without an account may do (a quote, decision
 * 0092): a preHandler, after the session is read, that lets signed-in callers through to their
 * own limits.
 */
export function visitorAddressLimit(app: FastifyInstance, name: string, limit: { max: number; timeWindow: string }) {
  const perAddress = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => `${name}:visitor:${normalizeIP(request.ip)}`,
  });
  return limitedBy(perAddress, (request) => !request.auth);
}
