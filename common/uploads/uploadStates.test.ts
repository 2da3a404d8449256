import { describe, expect, it } from 'vitest';
import {
  canCancel,
  DISPLAY_PRIORITY,
  isActive,
  isFinished,
  progressPercent,
  UPLOAD_STATES,
} from './uploadStates';

describe('upload states', () => {
  it('ranks the six states as §4 lists them', () => {
    const ranked = [...UPLOAD_STATES].sort((a, b) => DISPLAY_PRIORITY[a] - DISPLAY_PRIORITY[b]);
    expect(ranked).toEqual(['uploading', 'waiting', 'succeeded', 'creating', 'failed', 'aborted']);
  });

  it('counts waiting, uploading and creating as active, the rest as finished', () => {
    expect(UPLOAD_STATES.filter(isActive)).toEqual(['waiting', 'uploading', 'creating']);
    expect(UPLOAD_STATES.filter(isFinished)).toEqual(['succeeded', 'failed', 'aborted']);
  });

  it('offers cancel only while waiting or uploading', () => {
    expect(UPLOAD_STATES.filter(canCancel)).toEqual(['waiting', 'uploading']);
  });
});

describe('progressPercent', () => {
  it('floors the percent while uploading', () => {
    expect(progressPercent('uploading', 999, 1000)).toBe(99);
    expect(progressPercent('uploading', 1, 3)).toBe(33);
    expect(progressPercent('uploading', 0, 1000)).toBe(0);
  });

  it('is 100 once creating or succeeded, and for failed (§2)', () => {
    expect(progressPercent('creating', 10, 1000)).toBe(100);
    expect(progressPercent('succeeded', 0, 1000)).toBe(100);
    expect(progressPercent('failed', 0, 1000)).toBe(100);
  });

  it('is 0 while waiting, and keeps where an aborted upload stopped', () => {
    expect(progressPercent('waiting', 500, 1000)).toBe(0);
    expect(progressPercent('aborted', 420, 1000)).toBe(42);
  });

  it('stays within 0..100 for an empty file or odd byte counts', () => {
    expect(progressPercent('uploading', 0, 0)).toBe(0);
    expect(progressPercent('uploading', 2000, 1000)).toBe(100);
    expect(progressPercent('uploading', -5, 1000)).toBe(0);
  });
});
