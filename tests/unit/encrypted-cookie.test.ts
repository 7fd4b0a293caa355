import { createCookieSessionStorage } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { createEncryptedCookie } from '../../app/lib/encrypted-cookie.server';

const secret = 'a-session-secret-that-is-long-enough-0123456789';

describe('the encrypted session cookie', () => {
  it('carries no readable token or e-mail, reads back, and a tampered or foreign cookie reads as empty', async () => {
    const storage = createCookieSessionStorage<{ email: string; token: string }>({
      cookie: createEncryptedCookie('showroom_session', { secrets: [secret], path: '/' }),
    });
    const session = await storage.getSession();
    session.set('email', 'jane.doe@example.com');
    session.set('token', 'eyJhbGciOiJIUzI1NiJ9.secret-token');
    const setCookie = await storage.commitSession(session);
    const value = decodeURIComponent(setCookie.split(';')[0]!.split('=').slice(1).join('='));
    const decoded = Buffer.from(value.split('.')[0]!, 'base64').toString('utf8');
    expect(setCookie + decoded).not.toContain('jane.doe');
    expect(setCookie + decoded).not.toContain('secret-token');
    const back = await storage.getSession(setCookie.split(';')[0]);
    expect(back.get('email')).toBe('jane.doe@example.com');
    const other = createCookieSessionStorage<{ email: string }>({
      cookie: createEncryptedCookie('showroom_session', {
        secrets: ['another-secret-that-is-long-enough-0123456789'],
        path: '/',
      }),
    });
    expect((await other.getSession(setCookie.split(';')[0])).get('email')).toBeUndefined();
  });
});
