import { describe, expect, it } from 'vitest';
import { isInfrastructureFault } from './infrastructureFaults';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isInfrastructureFault', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset', withCode('ECONNRESET')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['PostgreSQL shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['a connection exception', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['an S3 5xx', Object.assign(new Error('SlowDown'), { $metadata: { httpStatusCode: 503 } })],
    ['an SDK timeout', Object.assign(new Error('t'), { name: 'TimeoutError' })],
    ['a cause', new Error('wrapped', { cause: withCode('EPIPE') })],
    ['an AggregateError', new AggregateError([withCode('ECONNREFUSED')])],
  ])('is %s', (_name, error) => {
    expect(isInfrastructureFault(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError('x is undefined')],
    ['a constraint violation', withCode('23505', 'duplicate key')],
    ['an S3 4xx', Object.assign(new Error('AccessDenied'), { $metadata: { httpStatusCode: 403 } })],
    ['nothing', undefined],
    ['a string', 'ECONNRESET'],
  ])('is not %s', (_name, error) => {
    expect(isInfrastructureFault(error)).toBe(false);
  });
});
