import { test as base, expect, type ConsoleMessage } from '@playwright/test';

// Every browser test fails on an unexpected console error or uncaught page error, and on the
// warnings that mean a screen rendered nothing for a moment (React Router's missing fallback).
const FAILING_WARNINGS = [/No `HydrateFallback` element provided/];

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        // A failed resource's message does not name it: its address is added.
        if (message.type() === 'error')
          errors.push(
            message.location().url
              ? `${message.text()} (${message.location().url})`
              : message.text(),
          );
        else if (
          message.type() === 'warning' &&
          FAILING_WARNINGS.some((pattern) => pattern.test(message.text()))
        )
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
