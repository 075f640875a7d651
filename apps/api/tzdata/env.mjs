// What a Node process that our launchers start (the tests, the browser suite, `npm run dev`)
// needs in its environment to read current zone rules: this folder when the launching runtime's
// own rules are older than the ones here, nothing when they are as new (a newer Node's own win).
import { readFileSync } from 'node:fs';

const bundled = readFileSync(`${import.meta.dirname}/VERSION`, 'utf8').trim();

/** `{ ICU_TIMEZONE_FILES_DIR }` for a child process when this runtime's rules are older. */
export function zoneRulesEnv() {
  const runtime = process.versions.tz;
  return !runtime || runtime < bundled ? { ICU_TIMEZONE_FILES_DIR: import.meta.dirname } : {};
}
