import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized, forbidden } from '../lib/app-error.ts';
import { createAccessTokens, type AccessClaims, type AccessTokens } from './access-tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: a valid access token is required (401 otherwise). */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: an admin's access token is required (401 anonymous, 403 user). */
    requireAdmin: preHandlerAsyncHookHandler;
    /** preHandler: reads the token when there is one, never refuses. */
    optionalAuth: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

export function requireAuth(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorate('accessTokens', createAccessTokens(app.config.JWT_SECRET, app.config.ACCESS_TOKEN_TTL_SECONDS));
    app.decorateRequest('auth', null);

    async function readToken(request: FastifyRequest, required: boolean) {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(.+)$/i);
      if (!match?.[1]) {
        if (required) throw unauthorized();
        return;
      }
      const result = await app.accessTokens.verify(match[1]);
      if (result === 'expired') throw unauthorized('token_expired');
      if (result === 'invalid') throw unauthorized();
      // A sign-out or a new password since the token was issued refused it (decision 0106).
      const version = await app.caches.tokenVersion(result.userId);
      if (version === undefined) throw unauthorized();
      if (version !== (result.tokenVersion ?? 0)) throw unauthorized('token_expired');
      request.auth = result;
    }

    app.decorate('authenticate', async (request: FastifyRequest) => readToken(request, true));
    app.decorate('optionalAuth', async (request: FastifyRequest) => readToken(request, false));
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await readToken(request, true);
      if (request.auth?.role !== 'admin') throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['config'] },
);
