import type { DetentionDraft, DetentionDraftList } from '@portal/contract';
import { detentionAtStop, stopClockTime, type DetentionTerms } from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { findVisibleShipment, parseShipmentKey } from '../../shared/shipments/find-shipment';
import { notFound } from '../../shared/http/errors';
import {
  companyBrief,
  detentionCasesOfShipment,
  stopsWithTimes,
  trackingAtStop,
} from './write-repository';

const iso = (value: Date | string) => new Date(value).toISOString();
const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export async function detentionTermsOf(tx: Tx, customerCompanyId: string): Promise<DetentionTerms> {
  const customer = await companyBrief(tx, customerCompanyId);
  return {
    freeMinutes: customer.detentionFreeMinutes,
    rateCentsPerHour: customer.detentionRateCents,
  };
}

/** The words a drafted detention request carries. */
export function detentionWording(
  stop: {
    stopNumber: number;
    locationName: string;
    city: string;
    state: string;
    ianaTimezone: string;
    arrivedAt: Date | string;
    departedAt: Date | string;
  },
  terms: DetentionTerms,
  estimate: { billableHours: number; amountCents: number },
) {
  return {
    subject: `Detention at ${stop.locationName}, ${stop.city}, ${stop.state}`,
    description:
      `Stop ${stop.stopNumber}: arrived ${stopClockTime(stop.arrivedAt, stop.ianaTimezone)}, ` +
      `departed ${stopClockTime(stop.departedAt, stop.ianaTimezone)}. ` +
      `Requesting ${estimate.billableHours} hours of detention after ${terms.freeMinutes / 60} free hours ` +
      `at ${money(terms.rateCentsPerHour)} per hour (${money(estimate.amountCents)}).`,
  };
}

/**
 * GET api/v2/cases/detention_drafts?shipmentId=: for the shipment's carrier, every stop whose
 * departure came later than arrival plus the customer's free time, drafted as a detention request
 * (arrival and departure, billable hours at the customer's rate, the tracking events there).
 */
export async function detentionDrafts(
  ctx: AppContext,
  caller: Caller,
  shipmentKey: string,
): Promise<DetentionDraftList> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const shipment = await findVisibleShipment(
      tx,
      caller.scope,
      parseShipmentKey(shipmentKey, 'shipmentId'),
    );
    // Only the carrier hauling the load asks for detention on it.
    if (caller.scope.kind !== 'carrier' || shipment.carrierCompanyId !== caller.companyId)
      throw notFound('Shipment');
    const terms = await detentionTermsOf(tx, shipment.customerCompanyId);
    const [stops, filed] = await Promise.all([
      stopsWithTimes(tx, shipment.id),
      detentionCasesOfShipment(tx, shipment.id),
    ]);
    const filedByStop = new Map(filed.map((row) => [row.shipmentStopId, row.caseNumber]));
    const drafts: DetentionDraft[] = [];
    for (const stop of stops) {
      const estimate = detentionAtStop(stop.arrivedAt, stop.departedAt, terms);
      if (!estimate || !stop.arrivedAt || !stop.departedAt) continue;
      const times = { ...stop, arrivedAt: stop.arrivedAt, departedAt: stop.departedAt };
      const events = await trackingAtStop(tx, shipment.id, times);
      drafts.push({
        shipmentStopId: stop.id,
        stopNumber: stop.stopNumber,
        stopType: stop.stopType,
        locationName: stop.locationName,
        city: stop.city,
        state: stop.state,
        ianaTimezone: stop.ianaTimezone,
        arrivedAt: iso(stop.arrivedAt),
        departedAt: iso(stop.departedAt),
        dwellMinutes: estimate.dwellMinutes,
        freeMinutes: terms.freeMinutes,
        billableHours: estimate.billableHours,
        ratePerHour: terms.rateCentsPerHour / 100,
        amountRequested: estimate.amountCents / 100,
        ...detentionWording(times, terms, estimate),
        evidence: events.map((event) => ({
          id: event.id,
          activityType: event.activityType,
          occurredAt: iso(event.occurredAt),
          city: event.city,
          state: event.state,
          note: event.note,
        })),
        filedCaseNumber: filedByStop.get(stop.id) ?? null,
      });
    }
    return { data: drafts };
  });
}
