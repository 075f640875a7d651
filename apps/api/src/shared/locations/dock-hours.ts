import {
  describeDockHours,
  dockStopTypeFor,
  isDockOpenAt,
  localDateTimeInZone,
  type DockHours,
} from '@portal/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { invalidField } from '../http/errors';

// A stop's appointment must fall inside the dock hours of its location (decision 172): the hours of
// the location's dock schedules that serve the stop (pickups ship, deliveries receive), read on the
// stop's own wall clock. A location with no such schedule is open 00:00-23:59 every day.

interface ScheduleHours {
  name: string;
  hours: DockHours[];
}

async function schedulesServing(
  tx: Tx,
  locationId: string,
  stopType: string,
): Promise<ScheduleHours[]> {
  const rows = await tx
    .selectFrom('dockSchedules as s')
    .innerJoin('dockHours as h', 'h.dockScheduleId', 's.id')
    .select([
      's.id',
      's.name',
      'h.dayOfWeek',
      'h.isClosed',
      'h.isTwentyFourHour',
      sql<string>`to_char(h.start_time, 'HH24:MI')`.as('startTime'),
      sql<string>`to_char(h.end_time, 'HH24:MI')`.as('endTime'),
    ])
    .where('s.locationId', '=', locationId)
    .where(sql<boolean>`${dockStopTypeFor(stopType)} = any (s.stop_types)`)
    .orderBy('s.name')
    .orderBy('s.id')
    .orderBy('h.dayOfWeek')
    .execute();
  const byId = new Map<string, ScheduleHours>();
  for (const row of rows) {
    const schedule = byId.get(row.id) ?? { name: row.name, hours: [] };
    schedule.hours.push({
      dayOfWeek: row.dayOfWeek,
      isClosed: row.isClosed,
      isTwentyFourHour: row.isTwentyFourHour,
      startTime: row.startTime,
      endTime: row.endTime,
    });
    byId.set(row.id, schedule);
  }
  return [...byId.values()];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Refuses (400 naming `field`) an appointment at a time none of the location's dock schedules for
 * this kind of stop is open, with the hours in the message.
 */
export async function assertWithinDockHours(
  tx: Tx,
  stop: {
    locationId: string | null;
    locationName: string;
    stopType: string;
    ianaTimezone: string;
    stopNumber: number;
  },
  appointment: Date,
  field: string,
): Promise<void> {
  if (!stop.locationId) return;
  const schedules = await schedulesServing(tx, stop.locationId, stop.stopType);
  if (schedules.length === 0) return;
  const local = localDateTimeInZone(appointment, stop.ianaTimezone);
  const [date = '', time = ''] = local.split('T');
  const dayOfWeek = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (schedules.some((schedule) => isDockOpenAt(schedule.hours, dayOfWeek, time))) return;
  const hours = schedules
    .map((schedule) =>
      schedules.length > 1
        ? `${schedule.name}: ${describeDockHours(schedule.hours)}`
        : describeDockHours(schedule.hours),
    )
    .join('; ');
  throw invalidField(
    field,
    `The appointment (${WEEKDAYS[dayOfWeek]} ${date} ${time}, ${stop.ianaTimezone}) at stop ${stop.stopNumber} is outside the dock hours of ${stop.locationName}: ${hours}`,
  );
}
