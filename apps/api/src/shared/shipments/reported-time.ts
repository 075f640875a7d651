import {
  canDoShipmentTask,
  REPORTED_TIME_CLOCK_SKEW_MINUTES,
  SHIPMENT_TASK_DESCRIPTIONS,
  zonedDateTimeToUtc,
  type ShipmentActor,
  type ShipmentTask,
} from '@portal/domain';
import { forbidden, invalidField } from '../http/errors';

const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;
const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,6})?)?$/;

/**
 * A time as users report it: an instant with its offset, or a wall-clock time read in the stop's
 * IANA zone ("2026-03-08T09:30" at a Chicago stop is 15:30Z in winter).
 */
export function parseReportedTime(value: string, timeZone: string, field: string): Date {
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) throw invalidField(field, `${field} is not a valid time`);
    return instant;
  }
  const local = LOCAL.exec(text);
  if (!local) throw invalidField(field, `${field} must be an ISO time or YYYY-MM-DDTHH:mm`);
  try {
    return zonedDateTimeToUtc(local[1]!, local[2]!, timeZone);
  } catch {
    throw invalidField(field, `${field} is not a valid date and time`);
  }
}

export function assertNotInFuture(instant: Date, field: string, now: Date): void {
  if (instant.getTime() > now.getTime() + REPORTED_TIME_CLOCK_SKEW_MINUTES * 60_000) {
    throw invalidField(field, `${field} is in the future; report what has happened`);
  }
}

/** 403 unless the caller's relation to the shipment allows the task. */
export function assertTask(task: ShipmentTask, actor: ShipmentActor | null): ShipmentActor {
  if (!canDoShipmentTask(task, actor)) {
    throw forbidden(`You may not ${SHIPMENT_TASK_DESCRIPTIONS[task]} on this shipment.`);
  }
  return actor!;
}
