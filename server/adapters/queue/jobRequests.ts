import type { Logger } from 'pino';
import { currentRequestId } from '../../requestContext';
import type { JobPayload } from './jobQueue';

/** The payload key a job's request id is stored under; the handler never sees it. */
const REQUEST_ID_KEY = 'requestId';

/** The payload to store: the sender's, with the id of the request it is sent in, when there is one. */
export function withRequestId(payload: JobPayload): JobPayload {
  const requestId = currentRequestId();
  return requestId === undefined ? payload : { ...payload, [REQUEST_ID_KEY]: requestId };
}

/** A stored payload apart: the sender's payload, and the request id it carried. */
export function splitRequestId(stored: JobPayload): { payload: JobPayload; requestId: string | undefined } {
  const { [REQUEST_ID_KEY]: requestId, ...payload } = stored;
  return typeof requestId === 'string' ? { payload, requestId } : { payload: stored, requestId: undefined };
}

/** The logger of one run: its lines name the job and the request that caused it, as the request's do. */
export function jobLogger(log: Logger, id: string, name: string, requestId: string | undefined): Logger {
  return log.child({ jobId: id, job: name, ...(requestId === undefined ? {} : { reqId: requestId }) });
}
