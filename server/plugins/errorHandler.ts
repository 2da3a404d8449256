import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_ERROR, GENERIC_ERROR_LATER, PAYLOAD_TOO_LARGE } from '@common/api/errors';
import { PaymentError } from '../adapters/payments/paymentProvider';
import { AppError, invalidRecord, notFound } from '../errors';
import { isInfrastructureFault } from './infrastructureFaults';

/** Seconds a client is asked to wait when the database or the store did not answer. */
const UNAVAILABLE_RETRY_SECONDS = 5;

export function errorBody(error: AppError) {
  return {
    response: {
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
    },
  };
}

/** Every failure leaves the API in the envelope of API.md, with the spec's code and message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    let error: AppError;
    if (raw instanceof AppError) {
      error = raw;
    } else if (raw instanceof PaymentError) {
      error = new AppError(400, raw.code, raw.message);
    } else if (hasZodFastifySchemaValidationErrors(raw)) {
      const details: Record<string, string[]> = {};
      for (const issue of raw.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'base';
        (details[key] ??= []).push(issue.message ?? 'Invalid value');
      }
      error = invalidRecord(details);
    } else if (raw.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || raw.code === 'FST_REQ_FILE_TOO_LARGE') {
      error = new AppError(413, 'payload_too_large', PAYLOAD_TOO_LARGE);
    } else if (raw.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || raw.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      error = new AppError(400, 'bad_request', 'The request body is not valid JSON.');
    } else if (raw.statusCode === 429) {
      error = new AppError(429, 'rate_limited', raw.message);
    } else if (raw.statusCode && raw.statusCode >= 400 && raw.statusCode < 500) {
      error = new AppError(raw.statusCode, raw.statusCode === 404 ? 'not_found' : 'bad_request', raw.message);
    } else if (isInfrastructureFault(raw)) {
      // The database or the store did not answer: nothing was done, and the same call may work soon.
      request.log.warn({ err: raw }, 'database or storage unavailable');
      error = new AppError(503, 'service_unavailable', GENERIC_ERROR_LATER, {
        retry_after_seconds: UNAVAILABLE_RETRY_SECONDS,
      });
    } else {
      request.log.error({ err: raw }, 'unhandled error');
      error = new AppError(500, 'internal_error', GENERIC_ERROR);
    }
    // Refused before its body was all read (an upload stopped at the storage limit): the rest is
    // not read, and the connection it would still arrive on is closed once the answer is sent.
    if (!request.raw.complete) void reply.header('connection', 'close');
    if (
      (error.status === 429 || error.status === 503) &&
      typeof error.details?.retry_after_seconds === 'number'
    ) {
      void reply.header('retry-after', String(error.details.retry_after_seconds));
    }
    return reply.status(error.status).send(errorBody(error));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(notFound())));
}
