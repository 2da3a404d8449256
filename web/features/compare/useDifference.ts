import { useEffect, useRef, useState } from 'react';
import type { DifferenceAnswer, DifferenceRequest } from './differenceWorker';

export type DifferenceResult =
  | { status: 'loading' }
  | { status: 'failed' }
  | {
      status: 'ready';
      /** The difference painted at the base preview's size, to be drawn in the view. */
      image: ImageBitmap;
      tolerance: number;
      changed: number;
      compared: number;
    };

/**
 * The difference of two rounds' previews at `tolerance` (0–255), worked out in a worker: it reads
 * the pair once (none while either address is null) and paints it for each tolerance; while one
 * is being painted the latest tolerance asked for waits, and the others are dropped.
 */
export function useDifference(
  baseUrl: string | null,
  otherUrl: string | null,
  tolerance: number,
): DifferenceResult {
  const pairKey = `${baseUrl ?? ''}\n${otherUrl ?? ''}`;
  // The answer for the pair it was made of: another pair shows 'loading' until its own comes.
  const [answer, setAnswer] = useState<{ key: string; result: DifferenceResult } | null>(null);
  const worker = useRef<{ post: (tolerance: number) => void } | null>(null);
  const wanted = useRef(tolerance);

  useEffect(() => {
    if (!baseUrl || !otherUrl) return;
    const key = `${baseUrl}\n${otherUrl}`;
    const thread = new Worker(new URL('./differenceWorker.ts', import.meta.url), { type: 'module' });
    let busy = false;
    const post = (at: number) => {
      busy = true;
      thread.postMessage({ type: 'tolerance', tolerance: at } satisfies DifferenceRequest);
    };
    thread.addEventListener('message', (event: MessageEvent<DifferenceAnswer>) => {
      busy = false;
      const reply = event.data;
      if (reply.type === 'failed') return setAnswer({ key, result: { status: 'failed' } });
      const { image, tolerance: at, changed, compared } = reply;
      setAnswer({ key, result: { status: 'ready', image, tolerance: at, changed, compared } });
      if (wanted.current !== at) post(wanted.current);
    });
    thread.addEventListener('error', () => setAnswer({ key, result: { status: 'failed' } }));
    thread.postMessage({ type: 'pair', baseUrl, otherUrl } satisfies DifferenceRequest);
    post(wanted.current);
    worker.current = { post: (at) => (busy ? undefined : post(at)) };
    return () => {
      worker.current = null;
      thread.terminate();
    };
  }, [baseUrl, otherUrl]);

  useEffect(() => {
    wanted.current = tolerance;
    worker.current?.post(tolerance);
  }, [tolerance]);
  return answer && answer.key === pairKey ? answer.result : { status: 'loading' };
}
