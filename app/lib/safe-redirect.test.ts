import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirect('/progress/SR-1?x=1')).toBe('/progress/SR-1?x=1');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a relative path', 'account'],
    ['a control character', '/ok\nSet-Cookie: x'],
    ['nothing', null],
  ])('falls back for %s', (_label, target) => {
    expect(safeRedirect(target, '/home')).toBe('/home');
  });
});
