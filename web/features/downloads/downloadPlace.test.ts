import { describe, expect, it } from 'vitest';
import { placeDownloadSummary, placeDownloadTitle } from './downloadPlace';

describe('the download dialog of a place', () => {
  it('names the whole project, its folders included', () => {
    const project = { name: 'Autumn Lookbook', folderId: null };
    expect(placeDownloadTitle(project)).toBe('Download Project');
    expect(placeDownloadSummary(project)).toBe('All assets of Autumn Lookbook, folders included, as one zip');
  });

  it('names one folder', () => {
    const folder = { name: 'Final selects', folderId: 7 };
    expect(placeDownloadTitle(folder)).toBe('Download Folder');
    expect(placeDownloadSummary(folder)).toBe('All assets of the folder Final selects as one zip');
  });

  it('cuts a long name at 50 characters', () => {
    const summary = placeDownloadSummary({ name: 'x'.repeat(80), folderId: 3 });
    expect(summary).toBe(`All assets of the folder ${'x'.repeat(49)}… as one zip`);
  });
});
