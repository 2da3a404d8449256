import { readdirSync, readFileSync } from 'node:fs';

const PAGE_KB = 4;

/** The bench's own clients, which are not the server's. */
const CLIENTS = new Set(['bash', 'xargs', 'curl']);

/** Resident memory, in bytes, of this process's descendants (the converters it runs), from /proc. */
export function descendantsRss(root = process.pid): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      if (CLIENTS.has(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) continue;
      rss.set(Number(entry), Number(fields[21]) * PAGE_KB * 1024);
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let parent = parents.get(pid); parent !== undefined && parent > 1; parent = parents.get(parent)) {
      if (parent === root) {
        total += bytes;
        break;
      }
    }
  }
  return total;
}

/** Samples the peak resident memory of this process and of its descendants until stopped. */
export function samplePeaks(everyMs = 100) {
  const peaks = { server: process.memoryUsage().rss, children: 0 };
  const timer = setInterval(() => {
    peaks.server = Math.max(peaks.server, process.memoryUsage().rss);
    peaks.children = Math.max(peaks.children, descendantsRss());
  }, everyMs);
  return { peaks, stop: () => clearInterval(timer) };
}

export const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
