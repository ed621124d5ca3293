import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error is a failure: spy on it and assert nothing was logged.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0)
    throw new Error(`console.error was called:\n${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`);
});
