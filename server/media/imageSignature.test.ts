import { describe, expect, it } from 'vitest';
import { avatarKind, detectImageKind } from './imageSignature';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]);

describe('image signatures', () => {
  it('recognises content whatever the name', () => {
    expect(detectImageKind(png)).toBe('png');
    expect(detectImageKind(jpeg)).toBe('jpeg');
    expect(detectImageKind(Buffer.from('GIF89a'))).toBe('gif');
    expect(detectImageKind(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });

  it('accepts an avatar only when name and content agree', () => {
    expect(avatarKind('me.PNG', png)).toBe('png');
    expect(avatarKind('me.jpeg', jpeg)).toBe('jpeg');
    expect(avatarKind('me.jpg', png)).toBeNull();
    expect(avatarKind('me.png.exe', png)).toBeNull();
    expect(avatarKind('me.pdf', Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
