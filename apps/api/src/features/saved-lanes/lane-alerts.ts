import { ACCESS } from '@portal/domain';
import type { Database } from '../../db/database';
import { notifyPeople, usersWithAccess } from '../../shared/notifications/notify';
import { claimLaneMatches, type LaneMatch } from './repository';

/** The channel migration 0130 announces a load on when it becomes Ready to Book. */
export const LOAD_POSTED_CHANNEL = 'portal_load_posted';
export const SAVED_LANE_MATCH = 'SavedLaneMatch';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'America/Chicago',
});

function describe(match: LaneMatch): { title: string; body: string; link: string } {
  const pickup = match.pickupAt ? `, pickup ${day.format(new Date(match.pickupAt))}` : '';
  const price =
    match.maxBuyCents === null ? '' : `, ${money.format(Number(match.maxBuyCents) / 100)}`;
  return {
    title: 'New load on your saved lane',
    body: `Load ${match.shipmentNumber}: ${match.originCity}, ${match.originState} to ${match.destinationCity}, ${match.destinationState}${pickup}${price}`,
    link: `/available-freight/${match.shipmentNumber}`,
  };
}

/**
 * Tells carriers of a load that has just become Ready to Book and matches their saved lanes: the
 * lane's owner, or every load board user of the carrier when the lane has none. Runs as the system
 * (no caller: it reads every carrier's lanes) after the change committed.
 */
export async function announceLoad(db: Database, shipmentId: string): Promise<number> {
  return db.system(async (tx) => {
    const matches = await claimLaneMatches(tx, shipmentId);
    for (const match of matches) {
      const people = match.userId
        ? [{ id: match.userId, companyId: match.companyId }]
        : await usersWithAccess(tx, [match.companyId], ACCESS.carrierPortal);
      await notifyPeople(tx, people, { kind: SAVED_LANE_MATCH, ...describe(match) });
    }
    return matches.length;
  });
}

/** Listens for posted loads for as long as the server runs; answers a function that stops it. */
export async function listenForPostedLoads(
  db: Database,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  return db.listen(LOAD_POSTED_CHANNEL, (payload) => {
    if (!/^[0-9a-f-]{36}$/i.test(payload)) return;
    announceLoad(db, payload).catch(onError);
  });
}
