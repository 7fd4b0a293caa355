import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import '../support/matchers';
import { TEST_COMMERCE_API_URL, isLocalRequest, server } from '../support/msw';

// The storefront calls the commerce API played by msw. Set before any app module reads the
// environment: app/lib/shared/env.server.ts parses it once and caches it for the run.
process.env.COMMERCE_API_URL = TEST_COMMERCE_API_URL;

beforeAll(() => {
  server.listen({
    // A request no handler answers fails the test (msw logs it with console.error and the
    // call rejects), except calls to the process itself: the Express harness on 127.0.0.1.
    onUnhandledRequest(request, print) {
      if (isLocalRequest(request)) return;
      print.error();
    },
  });
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
});

// An unexpected console.error fails the test: errors must be expected and asserted. A test
// that expects one says so with `vi.spyOn(console, 'error').mockImplementation(() => {})`
// and asserts on the spy. The recorder is a plain function, not a vi spy, so a test file's
// vi.restoreAllMocks() cannot switch this rule off.
/* eslint-disable no-console -- this is the guard that watches console.error */
const originalConsoleError = console.error;
let unexpectedErrors: unknown[][] = [];
beforeEach(() => {
  unexpectedErrors = [];
  console.error = (...args: unknown[]) => {
    unexpectedErrors.push(args);
    originalConsoleError(...args);
  };
});
afterEach(() => {
  console.error = originalConsoleError;
  if (unexpectedErrors.length > 0) {
    const calls = unexpectedErrors.map((call) => call.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called unexpectedly:\n${calls}`);
  }
});
/* eslint-enable no-console */
