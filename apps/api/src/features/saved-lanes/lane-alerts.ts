import { ACCESS } from '@portal/domain';
import type { Database, Tx } from '../../db/database';
import { notifyPeople, usersWithAccess } from '../../shared/notifications/notify';
import { claimLaneMatches, takeWaitingAnnouncements, type LaneMatch } from './repository';

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

// Loads announced per transaction when catching up.
const ANNOUNCE_BATCH = 50;

/**
 * Tells carriers of a load that has just become Ready to Book and matches their saved lanes: the
 * lane's owner, or every load board user of the carrier when the lane has none. Runs as the system
 * (no caller: it reads every carrier's lanes) after the change committed.
 */
async function announceLoad(tx: Tx, shipmentId: string): Promise<number> {
  const matches = await claimLaneMatches(tx, shipmentId);
  for (const match of matches) {
    const people = match.userId
      ? [{ id: match.userId, companyId: match.companyId }]
      : await usersWithAccess(tx, [match.companyId], ACCESS.carrierPortal);
    await notifyPeople(tx, people, { kind: SAVED_LANE_MATCH, ...describe(match) });
  }
  return matches.length;
}

/**
 * Announces every load written down as posted (migration 0175) and not announced yet, whether it
 * was posted a moment ago or while no API process was listening. Each load is taken, told and
 * marked in one transaction: a failure leaves it waiting, and two processes never both take it.
 * Answers how many lanes were told.
 */
export async function announceWaitingLoads(db: Database): Promise<number> {
  let told = 0;
  for (;;) {
    const batch = await db.system(async (tx) => {
      const shipmentIds = await takeWaitingAnnouncements(tx, ANNOUNCE_BATCH);
      for (const shipmentId of shipmentIds) told += await announceLoad(tx, shipmentId);
      return shipmentIds.length;
    });
    if (batch < ANNOUNCE_BATCH) return told;
  }
}

/**
 * Listens for posted loads for as long as the server runs, after first announcing the ones posted
 * while nobody listened; answers a function that stops it.
 */
export async function listenForPostedLoads(
  db: Database,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  // One pass at a time; a message during a pass asks for one more pass after it.
  let running: Promise<void> | null = null;
  let again = false;
  const announce = () => {
    if (running) {
      again = true;
      return;
    }
    running = announceWaitingLoads(db)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          announce();
        }
      });
  };
  const stop = await db.listen(LOAD_POSTED_CHANNEL, announce);
  announce();
  return async () => {
    await stop();
    await running;
  };
}
