import { describe, expect, it } from 'vitest';
import { EnvError, apiTransportOf, parseEnv } from '~/lib/shared/env.server';

// Which way the storefront's API calls go (decision 071): in memory only when the API is this
// process's own built-in backend, over HTTP for anything else or when asked.

function transportFor(vars: Record<string, string>) {
  return apiTransportOf(parseEnv({ PORT: '3100', ...vars }));
}

describe('the API transport', () => {
  it('is in memory for the built-in backend: no COMMERCE_API_URL, or this process on loopback', () => {
    expect(transportFor({})).toBe('in-process');
    expect(transportFor({ COMMERCE_API_URL: 'http://127.0.0.1:3100' })).toBe('in-process');
    expect(transportFor({ COMMERCE_API_URL: 'http://localhost:3100/' })).toBe('in-process');
  });

  it('is HTTP for another API, another port or a path prefix, and whenever SHOWROOM_API_TRANSPORT=http', () => {
    expect(transportFor({ COMMERCE_API_URL: 'https://platform.example.com' })).toBe('http');
    expect(transportFor({ COMMERCE_API_URL: 'http://127.0.0.1:3200' })).toBe('http');
    expect(transportFor({ COMMERCE_API_URL: 'http://127.0.0.1:3100/commerce' })).toBe('http');
    expect(transportFor({ SHOWROOM_API_TRANSPORT: 'http' })).toBe('http');
  });

  it('refuses in-process for an API that is not this process', () => {
    expect(() =>
      transportFor({ SHOWROOM_API_TRANSPORT: 'in-process', COMMERCE_API_URL: 'https://platform.example.com' }),
    ).toThrow(EnvError);
  });
});
