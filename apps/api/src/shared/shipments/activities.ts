import type { Tx } from '../../db/database';
import { iso, personName } from './present';

// Tracking activities as every shipment screen shows them: newest first, with the stop and the
// person who reported them.

export function activityQuery(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('trackingActivities as activity')
    .leftJoin('shipmentStops as stop', 'stop.id', 'activity.shipmentStopId')
    .leftJoin('users as author', 'author.id', 'activity.createdBy')
    .select([
      'activity.id',
      'activity.activityType',
      'activity.occurredAt',
      'activity.city',
      'activity.state',
      'activity.latitude',
      'activity.longitude',
      'activity.note',
      'activity.source',
      'stop.stopNumber',
      'author.id as authorId',
      'author.firstName as authorFirstName',
      'author.lastName as authorLastName',
    ])
    .where('activity.shipmentId', '=', shipmentId)
    .orderBy('activity.occurredAt', 'desc')
    .orderBy('activity.createdAt', 'desc');
}

export type ActivityRow = Awaited<ReturnType<ReturnType<typeof activityQuery>['execute']>>[number];

export function presentActivity(row: ActivityRow) {
  return {
    id: row.id,
    activityType: row.activityType,
    occurredAt: iso(row.occurredAt)!,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    note: row.note,
    source: row.source,
    stopNumber: row.stopNumber,
    createdBy: row.authorId
      ? {
          id: row.authorId,
          name: personName({
            firstName: row.authorFirstName ?? '',
            lastName: row.authorLastName ?? '',
          }),
        }
      : null,
  };
}
