/** Network failures on the way to the database or the store: the connection, not the request, failed. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL's own: connection exceptions (class 08), shutting down or starting (57P0x), too many connections. */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[1-3]|53300)$/;
/** What node-postgres and the AWS SDK say when the other end went away mid-way. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|socket hang up)/;

/**
 * The database or the object store did not answer (refused, reset, timed out, or a 5xx of the
 * store): the request may succeed in a moment, so it is answered 503, not 500. Follows `cause`s and
 * an AggregateError's errors (a connection tried on several addresses).
 */
export function isInfrastructureFault(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
    errors?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_UNAVAILABLE.test(e.code)))
    return true;
  if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
  if (e.name === 'TimeoutError') return true;
  // An S3 service error: the store answered, but 5xx (SlowDown, ServiceUnavailable, InternalError).
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isInfrastructureFault(inner, depth + 1)))
    return true;
  return isInfrastructureFault(e.cause, depth + 1);
}
