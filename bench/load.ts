/** A bounded closed-loop load: `concurrency` workers send `total` requests to one loopback app. */
export interface LoadResult {
  name: string;
  total: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

export async function load(
  name: string,
  total: number,
  concurrency: number,
  send: (i: number) => Promise<Response>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const response = await send(i);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    total,
    concurrency,
    seconds,
    perSecond: total / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    failures,
  };
}

export function printResult(database: string, r: LoadResult): void {
  console.log(
    `${database.padEnd(9)} ${r.name.padEnd(28)} ${r.total} req, c=${r.concurrency}: ${r.perSecond.toFixed(0)} req/s, ` +
      `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, failures ${r.failures}`,
  );
}
