import { describe, expect, it } from 'vitest';
import { record } from './testRecords';
import {
  averageProgress,
  SPEED_AFTER_MS,
  timeLeftText,
  totalSecondsLeft,
  uploadSecondsLeft,
  uploadSpeed,
} from './uploadTiming';

const sending = (bytes: number, startedAt = 0, startBytes = 0, size = 1000) =>
  record({ state: 'uploading', bytesUploaded: bytes, startedAt, startBytes, size });

describe('speed', () => {
  it('is unknown for the first 500 ms', () => {
    expect(SPEED_AFTER_MS).toBe(500);
    expect(uploadSpeed(sending(100), 499)).toBeNull();
    expect(uploadSpeed(sending(100), 500)).toBe(200);
  });

  it('counts only what this session sent, not what a resumed upload already had', () => {
    expect(uploadSpeed(sending(600, 0, 500), 1000)).toBe(100);
  });

  it('is unknown before any byte moved and for rows that are not sending', () => {
    expect(uploadSpeed(sending(0), 2000)).toBeNull();
    expect(uploadSpeed(record({ state: 'creating', startedAt: 0, bytesUploaded: 1000 }), 2000)).toBeNull();
    expect(uploadSpeed(record(), 2000)).toBeNull();
  });

  it("gives one upload's seconds left from its own speed", () => {
    expect(uploadSecondsLeft(sending(250), 1000)).toBe(3);
    expect(uploadSecondsLeft(sending(250), 100)).toBeNull();
  });
});

describe('totalSecondsLeft', () => {
  it('divides what is left, waiting files included, by the combined speed', () => {
    // 200 B/s and 100 B/s; 600 + 800 left, plus a waiting 1000: 2400 B at 300 B/s.
    const records = [
      sending(400, 0),
      sending(200, 0),
      record({ size: 1000 }),
      record({ state: 'succeeded' }),
    ];
    expect(totalSecondsLeft(records, 2000)).toBe(8);
  });

  it('is unknown while no speed is known, and zero when nothing is left', () => {
    expect(totalSecondsLeft([sending(100, 0)], 100)).toBeNull();
    expect(totalSecondsLeft([record()], 5000)).toBeNull();
    expect(totalSecondsLeft([record({ state: 'succeeded' })], 5000)).toBe(0);
    expect(totalSecondsLeft([], 5000)).toBe(0);
  });
});

describe('timeLeftText', () => {
  it('says it is calculating while the time is unknown', () => {
    expect(timeLeftText(null)).toBe('Calculating time left');
    expect(timeLeftText(Number.POSITIVE_INFINITY)).toBe('Calculating time left');
  });

  it('says less than a minute under 60 s', () => {
    expect(timeLeftText(0)).toBe('Less than a minute');
    expect(timeLeftText(59.9)).toBe('Less than a minute');
  });

  it('counts minutes, rounded up, singular for one', () => {
    expect(timeLeftText(60)).toBe('1 minute left');
    expect(timeLeftText(61)).toBe('2 minutes left');
    expect(timeLeftText(59 * 60)).toBe('59 minutes left');
  });

  it('counts hours from 60 minutes on', () => {
    expect(timeLeftText(59 * 60 + 1)).toBe('1 hour left');
    expect(timeLeftText(3600)).toBe('1 hour left');
    expect(timeLeftText(2.6 * 3600)).toBe('3 hours left');
  });
});

describe('averageProgress', () => {
  it('is the sum of the percents over the count, floored', () => {
    const records = [sending(500), record({ state: 'succeeded' }), record(), record({ state: 'failed' })];
    // 50 + 100 + 0 + 100 = 250 over 4.
    expect(averageProgress(records)).toBe(62);
  });

  it('is 0 with no uploads and 100 when all are stored', () => {
    expect(averageProgress([])).toBe(0);
    expect(averageProgress([record({ state: 'creating' }), record({ state: 'succeeded' })])).toBe(100);
  });
});
