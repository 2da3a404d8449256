import { describe, expect, it } from 'vitest';
import { DOWNLOAD_IDS_MAX } from '../api/downloads';
import {
  canDownloadAllRounds,
  effectiveChoice,
  initialChoice,
  severalAssetsSummary,
  zipParts,
} from './downloadChoice';

describe('canDownloadAllRounds', () => {
  it('offers all rounds for one asset with more than one round only', () => {
    expect(canDownloadAllRounds([{ asset_versions_count: 2 }])).toBe(true);
    expect(canDownloadAllRounds([{ asset_versions_count: 1 }])).toBe(false);
    expect(canDownloadAllRounds([{ asset_versions_count: 3 }, { asset_versions_count: 3 }])).toBe(false);
    expect(canDownloadAllRounds([])).toBe(false);
  });

  it('never offers it on a shared view', () => {
    expect(canDownloadAllRounds([{ asset_versions_count: 4 }], true)).toBe(false);
  });
});

describe('initialChoice and effectiveChoice', () => {
  it("starts from the user's resolution, original when unknown", () => {
    expect(initialChoice('low_res')).toEqual({
      resolution: 'low_res',
      withRoundNumber: false,
      allRounds: false,
    });
    expect(initialChoice(undefined).resolution).toBe('original');
  });

  it('forces round numbers on with all rounds', () => {
    const choice = { resolution: 'original' as const, withRoundNumber: false, allRounds: true };
    expect(effectiveChoice(choice, true)).toEqual({ ...choice, withRoundNumber: true });
  });

  it('drops all rounds when they are not offered, and keeps the round number as chosen', () => {
    const choice = { resolution: 'low_res' as const, withRoundNumber: false, allRounds: true };
    expect(effectiveChoice(choice, false)).toEqual({ ...choice, allRounds: false });
    expect(
      effectiveChoice({ ...choice, allRounds: false, withRoundNumber: true }, false).withRoundNumber,
    ).toBe(true);
  });
});

describe('zipParts and severalAssetsSummary', () => {
  it('keeps a selection within one link whole, and cuts a larger one into links of at most 1,000', () => {
    expect(zipParts([1, 2, 3])).toEqual([[1, 2, 3]]);
    const ids = Array.from({ length: DOWNLOAD_IDS_MAX * 2 + 1 }, (_, i) => i);
    expect(zipParts(ids).map((part) => part.length)).toEqual([DOWNLOAD_IDS_MAX, DOWNLOAD_IDS_MAX, 1]);
    expect(zipParts(ids).flat()).toEqual(ids);
  });

  it('says how many zips the dialog will make', () => {
    expect(severalAssetsSummary(24)).toBe('24 assets as one zip');
    expect(severalAssetsSummary(DOWNLOAD_IDS_MAX)).toBe('1000 assets as one zip');
    expect(severalAssetsSummary(2400)).toBe('2400 assets as 3 zips');
  });
});
