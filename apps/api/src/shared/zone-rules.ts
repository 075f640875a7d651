import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiRoot } from './paths';

// ICU's zone files of a newer tz release than some supported Node lines carry (apps/api/tzdata,
// decision 258). ICU reads them in place of its own only when the process starts with
// ICU_TIMEZONE_FILES_DIR naming their folder: setting it later has no effect.

export const ZONE_RULES_DIR = join(apiRoot, 'tzdata');

/** The tz release of the bundled rules when this process reads older ones, else undefined. */
export function newerBundledZoneRules(runtime = process.versions.tz): string | undefined {
  const bundled = readFileSync(join(ZONE_RULES_DIR, 'VERSION'), 'utf8').trim();
  return !runtime || runtime < bundled ? bundled : undefined;
}

/** A warning at start when this process converts local times with older zone rules than ours. */
export function warnOfOlderZoneRules(
  logger: { warn: (object: object, message: string) => void },
  runtime = process.versions.tz,
) {
  const bundled = newerBundledZoneRules(runtime);
  if (!bundled) return;
  logger.warn(
    { zoneRules: runtime, bundled },
    `This Node.js converts local times with time zone rules older than the portal's own: start it with ICU_TIMEZONE_FILES_DIR=${ZONE_RULES_DIR}`,
  );
}
