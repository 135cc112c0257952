import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/auth/builtin/passwords.js';

describe('password hashes', () => {
  it('verify the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse!', a)).toBe(false);
  });

  it('refuse malformed stored values', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$aa$bb')).toBe(false);
  });
});
