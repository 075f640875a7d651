import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * Where the browser tests' screenshots of a feature go: docs/screenshots/<folder>, which the
 * repository keeps, when SCREENSHOTS=1 asks for them; otherwise test-results/screenshots/<folder>,
 * so that a test run leaves the working tree as it found it. Playwright makes the folders.
 */
export const screenshotsDir = (folder: string) =>
  process.env.SCREENSHOTS
    ? join(root, 'docs', 'screenshots', folder)
    : join(root, 'test-results', 'screenshots', folder);

/** The path of one screenshot, `folder/name.png`, as `screenshotsDir` places it. */
export const screenshotPath = (relative: string) => {
  const slash = relative.indexOf('/');
  return join(screenshotsDir(relative.slice(0, slash)), relative.slice(slash + 1));
};
