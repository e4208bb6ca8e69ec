import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RefreshTokenBody,
  RefreshTokenResponse,
  RegisterBody,
  ResendVerificationResponse,
  ResetPasswordBody,
  SignInLinkBody,
  SignInLinkRequestBody,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '@vtc/shared/auth/auth-schemas';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { ErrorResponse } from '../../platform/lib/api-schemas.ts';
import { AppError, unauthorized } from '../../platform/lib/app-error.ts';
import { accountAndAddressLimit } from '../../platform/lib/rate-limits.ts';
import {
  login,
  logout,
  refresh,
  register,
  requestPasswordReset,
  requestSignInLink,
  resendVerification,
  resetPassword,
  signInWithLink,
  verifyEmail,
  type AuthDeps,
} from './auth-service.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): AuthDeps => ({ db: app.db, config: app.config, accessTokens: app.accessTokens, rateLimits: app.rateLimits });
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW };
  // A page load refreshes once per tab: a looser limit than sign-in, still bounded per address.
  const refreshRateLimit = { max: app.config.AUTH_RATE_LIMIT_MAX * 6, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW };

  app.post(
    '/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account and open a session',
        body: RegisterBody,
        response: { 201: LoginResponse },
      },
    },
    async (request, reply) => {
      const session = await register(deps(), request.body, request.lang);
      setRefreshCookie(reply, app.config, session.refreshToken);
      return reply.status(201).send({ message: request.t('register_success'), ...session });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Open a session',
        description:
          'Also sets the refresh token in an HttpOnly cookie (path /api/auth) for browsers. Past a few attempts on one account, from any address, answers 429 with Retry-After.',
        body: LoginBody,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const session = await login(deps(), request.body);
      setRefreshCookie(reply, app.config, session.refreshToken);
      return { message: request.t('login_success'), ...session };
    },
  );

  app.post(
    '/refreshToken',
    {
      config: { rateLimit: refreshRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Trade a refresh token for a new access token and a new refresh token (rotation)',
        description:
          'A refresh token works once. Presenting a used one revokes every token of its session. The token comes in `refresh_token` (answered with `refreshToken`) or in the cookie set at sign-in (answered by a new cookie only).',
        body: RefreshTokenBody,
        response: { 200: RefreshTokenResponse },
      },
    },
    async (request, reply) => {
      const fromBody = request.body.refresh_token;
      const presented = fromBody ?? readRefreshCookie(request);
      if (!presented) throw unauthorized('refresh_token_invalid');
      try {
        const tokens = await refresh(deps(), presented);
        setRefreshCookie(reply, app.config, tokens.refreshToken);
        return fromBody ? tokens : { token: tokens.token };
      } catch (error) {
        // A tab that lost the race to another must not delete the cookie the winner just set.
        const raced = error instanceof AppError && error.params.reason === 'raced';
        if (!fromBody && !raced) clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session: revoke its refresh token (from the body or the cookie) and clear the cookie',
        description:
          'Every access token of the account issued before is refused from then on (401 token_expired); the account’s other sessions get a new one through their refresh token.',
        body: RefreshTokenBody,
        response: { 200: MessageResponse },
      },
    },
    async (request, reply) => {
      // An expired access token still names the session to end, so it is read without app.authenticate.
      const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      const claims = bearer ? await app.accessTokens.verify(bearer) : undefined;
      await logout(deps(), request.body.refresh_token ?? readRefreshCookie(request), typeof claims === 'object' ? claims : undefined);
      clearRefreshCookie(reply);
      return { message: request.t('logout_success') };
    },
  );

  app.post(
    '/forgotPassword',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use password reset link',
        body: ForgotPasswordBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await requestPasswordReset(deps(), request.body.email, request.lang);
      return { message: request.t('password_reset_sent') };
    },
  );

  app.post(
    '/resetPassword',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the e-mailed token, and open a session',
        description:
          'Works while the account is locked, and lifts the lock. Every earlier session ends, its access tokens included; a new one opens (answered and set in the refresh cookie like a sign-in, decision 0179). 400 reset_token_invalid otherwise.',
        body: ResetPasswordBody,
        response: { 200: LoginResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const session = await resetPassword(deps(), request.body.token, request.body.password);
      setRefreshCookie(reply, app.config, session.refreshToken);
      return { message: request.t('password_reset_done'), ...session };
    },
  );

  app.post(
    '/signInLink',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a one-time sign-in link',
        description: 'The same answer whether or not an account has this address. The link expires after SIGN_IN_LINK_TTL_MINUTES.',
        body: SignInLinkRequestBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await requestSignInLink(deps(), request.body.email, request.lang);
      return { message: request.t('sign_in_link_sent') };
    },
  );

  app.post(
    '/signInWithLink',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Trade a mailed sign-in link for a session',
        description:
          'Single use. Works while the account is locked against password guesses, and lifts the lock. Answers and sets the refresh cookie like a sign-in; 400 sign_in_link_invalid otherwise.',
        body: SignInLinkBody,
        response: { 200: LoginResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const session = await signInWithLink(deps(), request.body.token);
      setRefreshCookie(reply, app.config, session.refreshToken);
      return { message: request.t('login_success'), ...session };
    },
  );

  const verifySchema = {
    tags: ['auth'],
    summary: 'Verify the account’s e-mail address with the mailed token',
    description: [
      'Single use, expires after EMAIL_VERIFICATION_TTL_HOURS, valid only for the address it was sent to (400 verification_token_invalid',
      'otherwise). No session needed: the link may be opened on another device. Mail held for the account is then sent, oldest first.',
      'GET takes the token in the query (the link itself), POST in the body (the web page).',
    ].join(' '),
    response: { 200: VerifyEmailResponse, 400: ErrorResponse },
  };
  app.get(
    '/verifyEmail',
    { config: { rateLimit }, schema: { ...verifySchema, querystring: VerifyEmailBody } },
    async (request) => {
      const { email } = await verifyEmail(deps(), request.query.token);
      return { message: request.t('email_verified'), email };
    },
  );
  app.post(
    '/verifyEmail',
    { config: { rateLimit }, schema: { ...verifySchema, body: VerifyEmailBody } },
    async (request) => {
      const { email } = await verifyEmail(deps(), request.body.token);
      return { message: request.t('email_verified'), email };
    },
  );

  const resendLimit = accountAndAddressLimit(app, 'verification-resend', {
    accountMax: app.config.VERIFICATION_RESEND_MAX,
    addressMax: app.config.VERIFICATION_RESEND_MAX,
    timeWindow: app.config.VERIFICATION_RESEND_WINDOW,
  });
  app.post(
    '/resendVerification',
    {
      config: { rateLimit: resendLimit.rateLimit },
      preHandler: [app.authenticate, resendLimit.limitAccount],
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link to the signed-in account’s address',
        description:
          'verified: true (and no mail) when the address is verified already. Limited per account and per client address (429 too_many_requests).',
        security: [{ bearerAuth: [] }],
        response: { 200: ResendVerificationResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const { verified } = await resendVerification(deps(), requireAuth(request).userId);
      return { message: request.t(verified ? 'email_already_verified' : 'verification_sent'), verified };
    },
  );
};

export default authRoutes;
