import { afterEach, describe, expect, it, vi } from 'vitest';

// The catch-all answers 404; the test-only failing page exists only in test mode.

type Thrown = { type?: string; init?: { status?: number } | null } | Error;

async function thrownBy(run: () => Promise<unknown>): Promise<Thrown> {
  try {
    await run();
  } catch (error) {
    return error as Thrown;
  }
  throw new Error('expected the loader to throw');
}

function statusOf(thrown: Thrown): number | undefined {
  return thrown instanceof Error ? undefined : thrown.init?.status;
}

const request = (path: string) => new Request(`http://localhost${path}`);
const originalEnv = { ...process.env };

afterEach(() => {
  process.env = { ...originalEnv };
  vi.resetModules();
});

describe('catch-all route', () => {
  it('answers 404 for GET and POST', async () => {
    const route = await import('./$');
    expect(statusOf(await thrownBy(() => route.loader()))).toBe(404);
    expect(statusOf(await thrownBy(() => route.action()))).toBe(404);
    expect(route.handle.pageType).toBe('notFound');
  });
});

describe('/__test/server-error', () => {
  it('throws a plain Error (a 500) in test mode', async () => {
    const route = await import('./[__test].server-error');
    const thrown = await thrownBy(() => route.loader({ request: request('/__test/server-error') }));
    expect(thrown).toBeInstanceOf(Error);
  });

  it('is an unknown URL (404) outside test mode', async () => {
    process.env.NODE_ENV = 'production';
    process.env.SHOWROOM_TEST_MODE = '0';
    vi.resetModules();
    const route = await import('./[__test].server-error');
    expect(statusOf(await thrownBy(() => route.loader({ request: request('/__test/server-error') })))).toBe(404);
  });
});
