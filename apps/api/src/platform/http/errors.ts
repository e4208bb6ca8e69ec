import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translateAnyMessage } from '@vtc/shared/i18n/server-messages';
import { pickLanguage, type Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { AppError, type FieldError } from '../lib/app-error.ts';
import { isConnectionError } from '../lib/pg-errors.ts';
import { isUnreadableMultipart } from './input-guard.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    /** Translates a message key into the language of this request. */
    t(key: string, params?: Record<string, string | number>): string;
  }
}

export type ErrorBody = { message: string; code: string; errors?: FieldError[] };

/** Fastify's own error codes that are the caller's fault, with the status and key to answer. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_value'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_value'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'invalid_value'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large'],
  FST_PARTS_LIMIT: [413, 'payload_too_large'],
  FST_FILES_LIMIT: [413, 'payload_too_large'],
  FST_FIELDS_LIMIT: [413, 'payload_too_large'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'invalid_value'],
  FST_ERR_VALIDATION: [400, 'validation_failed'],
};

/** A form shows one message per field: the first rule that failed. */
function firstPerField(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.path) && seen.add(e.path));
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Every error leaves as `{ message, code, errors? }` with the message in the caller's language
 * (decisions §1). Unexpected errors are logged and answered without any detail.
 */
/** An error's parameters as its message shows them: dates on Paris clocks in the reader's language. */
function readableParams(params: AppError['params'], language: Language): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      value instanceof Date ? formatParisDateTime(value, language) : typeof value === 'object' ? formatEuros(value.euroCents, language) : value,
    ]),
  );
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.decorateRequest('lang', 'fr');
  app.decorateRequest('t', function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
    return translateAnyMessage(key, this.lang, params);
  });
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429 && typeof error.params.retryAfter === 'number') reply.header('retry-after', error.params.retryAfter);
      return send(reply, error.statusCode, {
        message: request.t(error.code, readableParams(error.params, request.lang)),
        code: error.code,
        ...(error.fieldErrors && {
          errors: error.fieldErrors.map((e) => ({ path: e.path, message: request.t(e.message) })),
        }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, {
        message: request.t('validation_failed'),
        code: 'validation_failed',
        errors: firstPerField(
          error.validation.map((issue) => ({
            path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
            message: request.t(issue.message ?? 'invalid_value'),
          })),
        ),
      });
    }
    if (error.statusCode === 429) {
      return send(reply, 429, { message: request.t('too_many_requests'), code: 'too_many_requests' });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, code] = known;
      return send(reply, status, { message: request.t(code), code });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, { message: request.t('invalid_value'), code: 'invalid_value' });
    }
    if (isConnectionError(error)) {
      // The database is restarting or unreachable: the pool reconnects by itself, the caller may retry.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, { message: request.t('database_unavailable'), code: 'database_unavailable' });
    }
    if (isUnreadableMultipart(request, error)) {
      return send(reply, 400, { message: request.t('form_data_invalid'), code: 'form_data_invalid' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, { message: request.t('internal_error'), code: 'internal_error' });
  });
});
