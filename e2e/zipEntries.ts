import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { Download } from 'playwright-core';

/** The names inside a downloaded zip, sorted, read with Info-ZIP once the browser has it all. */
export async function zipEntries(download: Download): Promise<string[]> {
  const path = await download.path();
  expect(execFileSync('unzip', ['-t', path], { encoding: 'utf8' })).toContain('No errors detected');
  return execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n').sort();
}
