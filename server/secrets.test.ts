import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './secrets';

describe('password hashes', () => {
  it('hash with the app cost unless told otherwise, and say the cost in the hash', async () => {
    expect((await hashPassword('correct horse battery')).split('$').slice(0, 4)).toEqual([
      'scrypt',
      '16384',
      '8',
      '1',
    ]);
    expect((await hashPassword('correct horse battery', 1024)).split('$')[1]).toBe('1024');
  });

  it('check a password against the cost stored in its hash, whatever the app cost is now', async () => {
    for (const cost of [1024, 16384]) {
      const stored = await hashPassword('correct horse battery', cost);
      expect(await verifyPassword('correct horse battery', stored)).toBe(true);
      expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    }
  });

  it('refuse a hash of another kind or cut short', async () => {
    const stored = await hashPassword('correct horse battery', 1024);
    expect(await verifyPassword('correct horse battery', stored.replace(/^scrypt/, 'bcrypt'))).toBe(false);
    expect(await verifyPassword('correct horse battery', stored.split('$').slice(0, 4).join('$'))).toBe(
      false,
    );
  });
});
