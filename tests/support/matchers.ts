import { expect } from 'vitest';

// Readable assertions for what loaders and actions return or throw: a Response, or the
// `data(body, { status })` result of single fetch.
//   await expect(loader(args)).rejects.toRedirectTo('/sign-in?redirectTo=%2Faccount')
//   expect(await action(args)).toHaveStatus(400)

type DataWithInit = { type: 'DataWithResponseInit'; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

/** Status and Location of a Response or a single-fetch `data()` result; null when it is neither. */
function readResult(received: unknown): { status: number; location: string | null } | null {
  if (received instanceof Response) return { status: received.status, location: received.headers.get('location') };
  if (isDataWithInit(received)) {
    return { status: received.init?.status ?? 200, location: new Headers(received.init?.headers).get('location') };
  }
  return null;
}

function describeValue(received: unknown): string {
  if (received instanceof Error) return `${received.name}: ${received.message}`;
  try {
    return JSON.stringify(received)?.slice(0, 200) ?? String(received);
  } catch {
    return String(received);
  }
}

/** Path, query and hash of a Location header, so an absolute same-origin URL matches its path. */
function pathOf(location: string): string {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(location)) return location;
  const url = new URL(location);
  return `${url.pathname}${url.search}${url.hash}`;
}

expect.extend({
  toHaveStatus(received: unknown, expected: number) {
    const result = readResult(received);
    if (!result) {
      return {
        pass: false,
        message: () => `expected a Response or data() result with status ${expected}, got ${describeValue(received)}`,
      };
    }
    return {
      pass: result.status === expected,
      message: () => `expected status ${this.isNot ? 'not ' : ''}${expected}, got ${result.status}`,
      actual: result.status,
      expected,
    };
  },

  toRedirectTo(received: unknown, expected: string, status?: number) {
    const result = readResult(received);
    if (!result) {
      return {
        pass: false,
        message: () => `expected a redirect Response to ${expected}, got ${describeValue(received)}`,
      };
    }
    const isRedirect = result.status >= 300 && result.status < 400 && result.location !== null;
    const target =
      result.location === null ? null : expected.startsWith('/') ? pathOf(result.location) : result.location;
    const pass = isRedirect && target === expected && (status === undefined || result.status === status);
    return {
      pass,
      message: () =>
        this.isNot
          ? `expected no redirect to ${expected}, but got ${result.status} to ${result.location}`
          : isRedirect
            ? `expected a redirect to ${expected}${status ? ` with status ${status}` : ''}, got ${result.status} to ${result.location}`
            : `expected a redirect to ${expected}, got status ${result.status} without a redirect`,
      actual: result.location,
      expected,
    };
  },
});

interface ShowroomMatchers<R = unknown> {
  /** A 3xx Response (thrown or returned) whose Location is `path`; optionally with this status. */
  toRedirectTo(path: string, status?: number): R;
  /** A Response or a single-fetch `data()` result with this status. */
  toHaveStatus(status: number): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- vitest's own declaration is `Assertion<T = any>`, and a merged interface must repeat it
  interface Assertion<T = any> extends ShowroomMatchers<T> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds our matchers to vitest's interface
  interface AsymmetricMatchersContaining extends ShowroomMatchers {}
}
