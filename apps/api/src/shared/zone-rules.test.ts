import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localDateTimeInZone, zonedDateTimeToUtc } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { newerBundledZoneRules, warnOfOlderZoneRules, ZONE_RULES_DIR } from './zone-rules';

const bundled = readFileSync(join(ZONE_RULES_DIR, 'VERSION'), 'utf8').trim();

function zoneRulesOfNode(env: NodeJS.ProcessEnv): string {
  const answer = spawnSync(process.execPath, ['-p', 'process.versions.tz'], {
    env,
    encoding: 'utf8',
  });
  expect(answer.status).toBe(0);
  return answer.stdout.trim();
}

describe('the bundled zone rules', () => {
  it('are what a Node started with ICU_TIMEZONE_FILES_DIR reads, whatever its own release', () => {
    expect(zoneRulesOfNode({ ...process.env, ICU_TIMEZONE_FILES_DIR: ZONE_RULES_DIR })).toBe(
      bundled,
    );
  });

  it('are in force in the test processes: Alberta and British Columbia keep summer time from November 2026', () => {
    expect(newerBundledZoneRules()).toBeUndefined();
    // The first winter on the new rules: Edmonton stays on UTC-6 and Vancouver on UTC-7.
    expect(zonedDateTimeToUtc('2026-11-15', '08:00', 'America/Edmonton').toISOString()).toBe(
      '2026-11-15T14:00:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-11-15', '08:00', 'America/Vancouver').toISOString()).toBe(
      '2026-11-15T15:00:00.000Z',
    );
    expect(localDateTimeInZone(new Date('2026-12-15T12:00:00Z'), 'America/Edmonton')).toBe(
      '2026-12-15T06:00',
    );
    // Their neighbours still change their clocks.
    expect(zonedDateTimeToUtc('2026-11-15', '08:00', 'America/Denver').toISOString()).toBe(
      '2026-11-15T15:00:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-11-15', '08:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-15T16:00:00.000Z',
    );
  });

  it('are named at start, with the folder to start with, by a process whose own rules are older', () => {
    const warnings: { object: object; message: string }[] = [];
    const logger = {
      warn: (object: object, message: string) => warnings.push({ object, message }),
    };
    warnOfOlderZoneRules(logger, '2025c');
    expect(warnings).toEqual([
      {
        object: { zoneRules: '2025c', bundled },
        message: `This Node.js converts local times with time zone rules older than the portal's own: start it with ICU_TIMEZONE_FILES_DIR=${ZONE_RULES_DIR}`,
      },
    ]);
    warnOfOlderZoneRules(logger, bundled);
    warnOfOlderZoneRules(logger, '2099a');
    expect(warnings).toHaveLength(1);
  });
});
