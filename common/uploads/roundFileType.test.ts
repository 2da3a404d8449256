import { describe, expect, it } from 'vitest';
import { fileTypeOf, roundTypeChange } from './roundFileType';

describe('roundTypeChange', () => {
  it('names the two types of a PNG onto a PSD', () => {
    expect(roundTypeChange('hero-v2.png', 'hero.psd')).toEqual({ from: 'PSD', to: 'PNG' });
    expect(roundTypeChange('report.pdf', 'photo.JPG')).toEqual({ from: 'JPEG', to: 'PDF' });
  });

  it('sees one type in two spellings or cases', () => {
    expect(roundTypeChange('b.jpeg', 'a.JPG')).toBeNull();
    expect(roundTypeChange('b.TIF', 'a.tiff')).toBeNull();
    expect(roundTypeChange('retouched.PSD', 'hero.psd')).toBeNull();
  });

  it('reads the type from the last extension', () => {
    expect(fileTypeOf('archive.tar.psb')).toBe('PSB');
    expect(fileTypeOf('no extension')).toBe('');
  });
});
