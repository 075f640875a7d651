// What a Node process that our launchers start (the tests, the browser suite, `npm run dev`)
// needs in its environment to read current zone rules: this folder when the launching runtime's
// own rules are older than the ones here, nothing when they are as new (a newer Node's own win).
import { readFileSync } from 'node:fs';

export const ZONE_RULES_DIR = import.meta.dirname;
export const ZONE_RULES_VERSION = readFileSync(`${ZONE_RULES_DIR}/VERSION`, 'utf8').trim();

/** True when `runtime` (a tz release such as "2025c") is older than the bundled rules. */
export function hasOlderZoneRules(runtime = process.versions.tz) {
  return !runtime || runtime < ZONE_RULES_VERSION;
}

/** `{ ICU_TIMEZONE_FILES_DIR }` for a child process when this runtime's rules are older. */
export function zoneRulesEnv() {
  return hasOlderZoneRules() ? { ICU_TIMEZONE_FILES_DIR: ZONE_RULES_DIR } : {};
}
