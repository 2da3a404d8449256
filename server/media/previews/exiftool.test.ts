import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeExiftool, readRawFacts } from './exiftool';
import { MEMORY_LIMITS } from './memoryLimits';

const DNG = join(import.meta.dirname, '../../../../shared/corpus/raw/dng_lg-h815_complete_600x338.dng');

afterAll(closeExiftool);

/** The exiftool processes this test process started, from /proc. */
function exiftoolChildren(): string[] {
  return readdirSync('/proc').filter((pid) => {
    try {
      const parent = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
      return (
        Number(parent) === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('exiftool')
      );
    } catch {
      return false;
    }
  });
}

describe('the long-running exiftool', () => {
  it('reads a RAW with its heap capped at its memory limit', async () => {
    expect(await readRawFacts(DNG, new AbortController().signal)).toMatchObject({ width: 600, height: 338 });
    const children = exiftoolChildren();
    expect(children.length).toBeGreaterThan(0);
    for (const pid of children) {
      const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
        .split('\n')
        .find((row) => row.startsWith('Max data size'));
      expect(line?.split(/\s{2,}/).slice(1, 3)).toEqual([
        String(MEMORY_LIMITS.exiftool),
        String(MEMORY_LIMITS.exiftool),
      ]);
    }
  });
});
