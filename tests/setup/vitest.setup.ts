import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test: errors must be expected and asserted.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called unexpectedly:\n${calls.map((call) => call.map(String).join(' ')).join('\n')}`);
  }
});
