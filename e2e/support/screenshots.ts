import { join } from 'node:path';

/**
 * Where the browser tests' screenshots go: docs/screenshots, which the repository keeps, when
 * SCREENSHOTS=1 asks for them; otherwise test-results/screenshots, so that a test run leaves the
 * working tree as it found it. Playwright makes the folders.
 */
const base = join(
  import.meta.dirname,
  '..',
  '..',
  ...(process.env.SCREENSHOTS ? ['docs', 'screenshots'] : ['test-results', 'screenshots']),
);

/** A screenshot's path (or a feature's folder of them) under that place: `shell/dashboard-375.png`. */
export const screenshotPath = (...parts: string[]) => join(base, ...parts);
