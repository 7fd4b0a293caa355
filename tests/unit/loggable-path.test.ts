import { describe, expect, it } from 'vitest';
import { loggablePath } from '../../server/http/correlation';

// The ID-capture link and the signing document links are capabilities: the token in the path is
// all it takes to open them, so the request log must never hold it.
describe('request log paths', () => {
  it.each([
    ['/progress/id-verification/capture/k3Jd9sQ2xYz', '/progress/id-verification/capture/[token]'],
    ['/api/id-verification/capture/k3Jd9sQ2xYz', '/api/id-verification/capture/[token]'],
    ['/signing/document/abcDEF123', '/signing/document/[token]'],
    ['/signing/document/abcDEF123.pdf', '/signing/document/[token]'],
    ['/api/contracting/signing/document/abcDEF123/pdf', '/api/contracting/signing/document/[token]/pdf'],
    ['/api/contracting/signing/document/abcDEF123/sign', '/api/contracting/signing/document/[token]/sign'],
  ])('replaces the token in %s', (path, logged) => {
    expect(loggablePath(path)).toBe(logged);
  });

  it('leaves other paths alone', () => {
    expect(loggablePath('/progress/SR-DEFAULT-10001/signing/review')).toBe('/progress/SR-DEFAULT-10001/signing/review');
    expect(loggablePath('/search')).toBe('/search');
  });
});
