import { describe, expect, it } from 'vitest';
import { attachment } from './contentDisposition';

describe('attachment (RFC 6266)', () => {
  it('keeps an ASCII name as it is in both forms', () => {
    expect(attachment('shot 01.jpg')).toBe(
      `attachment; filename="shot 01.jpg"; filename*=UTF-8''shot%2001.jpg`,
    );
  });

  it('encodes accents and other scripts exactly, with an ASCII fallback', () => {
    const header = attachment('Café – été 京都.tif');
    expect(header).toContain('filename="Caf_ _ _t_ __.tif"');
    expect(header).toContain(
      `filename*=UTF-8''Caf%C3%A9%20%E2%80%93%20%C3%A9t%C3%A9%20%E4%BA%AC%E9%83%BD.tif`,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const header = attachment('a"b\\c\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain('filename="a_b_c__Set-Cookie: x=1.pdf"');
    expect(header).toContain("filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1.pdf");
  });
});
