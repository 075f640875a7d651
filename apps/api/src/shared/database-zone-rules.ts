import { localDateTimeInZone, zonedDateTimeToUtc } from '@portal/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database';

// The database converts local times with its own time zone rules: PostgreSQL with the tz data of
// its host (Debian's tzdata package, say), PGlite with the rules built into it, which may be older
// than the portal's (decision 258). A filter on a stop's local date takes each zone's start of day
// from this process instead (localDayStarts); what still converts in SQL (the third-party invoices'
// billing days, the demo seed) follows the database's rules, and the operator is told at start
// which zones differ. Nothing in the portal can update a database host's tz data.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The zones of the portal's freight: the Americas' (the United States, Canada, Mexico) and the Pacific's. */
const FREIGHT_ZONES = /^(America|Pacific)\//;
const freightZones = () =>
  Intl.supportedValuesOf('timeZone').filter((zone) => FREIGHT_ZONES.test(zone));

// Local days asked for lately: a list filter asks for the same few dates again and again.
const KEPT_DAYS = 100;
const keptDayStarts = new Map<string, string>();

/**
 * When a local day (YYYY-MM-DD) starts in each freight zone, by this process's rules, as JSON text
 * of `{ zone: ISO instant }` for SQL to look a row's zone up in (`$1::jsonb ->> zone`): a filter on
 * a stop's local date then holds whatever rules the database has (decision 258).
 */
export function localDayStarts(date: string): string {
  let starts = keptDayStarts.get(date);
  if (starts === undefined) {
    starts = JSON.stringify(
      Object.fromEntries(
        freightZones().map((zone) => [zone, zonedDateTimeToUtc(date, '00:00', zone).toISOString()]),
      ),
    );
    if (keptDayStarts.size >= KEPT_DAYS) keptDayStarts.clear();
    keptDayStarts.set(date, starts);
  }
  return starts;
}

/** When to compare from (now), and this process's wall-clock conversion (tests pass their own). */
export interface ZoneComparison {
  now?: Date;
  local?: (instant: Date, zone: string) => string;
}

/**
 * The zones whose wall-clock time the database gives otherwise than this process, now or at any
 * 30-day step of the coming year. Zones the database does not know are left out.
 */
export async function zonesConvertedOtherwise(
  db: Database,
  options: ZoneComparison = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  const local = options.local ?? localDateTimeInZone;
  const instants = Array.from(
    { length: 13 },
    (_, step) => new Date(now.getTime() + step * 30 * DAY_MS),
  );
  const zones = freightZones();
  const { rows } = await db.system((tx) =>
    sql<{ zone: string; step: number; local: string }>`
      select zone.name as zone, (instant.step - 1)::int as step,
             to_char(instant.at at time zone zone.name, 'YYYY-MM-DD"T"HH24:MI') as local
        from unnest(${zones}::text[]) as zone(name)
        join pg_timezone_names known on known.name = zone.name
       cross join unnest(${instants.map((instant) => instant.toISOString())}::timestamptz[])
             with ordinality as instant(at, step)`.execute(tx),
  );
  const differing = new Set<string>();
  for (const row of rows)
    if (local(instants[row.step]!, row.zone) !== row.local) differing.add(row.zone);
  return [...differing].sort();
}

/** A warning at start naming the zones the database converts otherwise; never stops the start. */
export async function warnOfDatabaseZoneRules(
  db: Database,
  logger: { warn: (object: object, message: string) => void },
  options: ZoneComparison = {},
): Promise<void> {
  let zones: string[];
  try {
    zones = await zonesConvertedOtherwise(db, options);
  } catch (error) {
    logger.warn({ err: error }, "The database's time zone rules could not be compared");
    return;
  }
  if (zones.length === 0) return;
  logger.warn(
    { zones },
    "The database converts local times in these zones with other time zone rules than the portal's: update its host's time zone data (tzdata)",
  );
}
