import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RefreshTokenBody,
  RefreshTokenResponse,
  RegisterBody,
  ResetPasswordBody,
} from '@vtc/shared/auth/auth-schemas';
import { login, refresh, register, requestPasswordReset, resetPassword, type AuthDeps } from './auth-service.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): AuthDeps => ({ db: app.db, config: app.config, accessTokens: app.accessTokens });
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW };

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
      return reply.status(201).send({ message: request.t('register_success'), ...session });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Open a session', body: LoginBody, response: { 200: LoginResponse } },
    },
    async (request) => {
      const session = await login(deps(), request.body);
      return { message: request.t('login_success'), ...session };
    },
  );

  app.post(
    '/refreshToken',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade a refresh token for a new access token and a new refresh token (rotation)',
        description: 'A refresh token works once. Presenting a used one revokes every token of its session.',
        body: RefreshTokenBody,
        response: { 200: RefreshTokenResponse },
      },
    },
    async (request) => refresh(deps(), request.body.refresh_token),
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
        summary: 'Choose a new password with the e-mailed token',
        body: ResetPasswordBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await resetPassword(deps(), request.body.token, request.body.password);
      return { message: request.t('password_reset_done') };
    },
  );
};

export default authRoutes;
