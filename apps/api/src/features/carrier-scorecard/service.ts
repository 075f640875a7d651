import type { CarrierScorecard } from '@portal/contract';
import { SCORECARD_WINDOW_DAYS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { notFound } from '../../shared/http/errors';
import * as repository from './repository';

const ratio = (count: number, total: number) => ({
  count,
  total,
  percent: total === 0 ? null : Math.round((count / total) * 100),
});

/**
 * A carrier's scorecard over the last 90 days, from its real shipments (decision 124): on-time
 * pickup and delivery, tender acceptance, and claims (accessorial requests on its loads). The
 * carrier itself, the factoring company that factors it and the operator may read it; anyone
 * else is answered as if the carrier did not exist.
 */
export async function carrierScorecard(
  ctx: AppContext,
  caller: Caller,
  carrierId: string,
): Promise<CarrierScorecard['data']> {
  const visible = caller.scope.kind === 'operator' || caller.scope.carrierIds.includes(carrierId);
  if (!visible) throw notFound('Carrier');
  const since = new Date(Date.now() - SCORECARD_WINDOW_DAYS * 24 * 3600 * 1000);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const carrier = await repository.findCarrier(tx, carrierId);
    if (!carrier) throw notFound('Carrier');
    const [stops, tenders, claims] = await Promise.all([
      repository.stopPunctuality(tx, carrierId, since),
      repository.tenderAnswers(tx, carrierId, since),
      repository.claims(tx, carrierId, since),
    ]);
    return {
      carrierId: carrier.id,
      carrierName: carrier.name,
      periodDays: SCORECARD_WINDOW_DAYS,
      shipmentCount: stops.shipments,
      onTimePickup: ratio(stops.pickupOnTime, stops.pickupMeasured),
      onTimeDelivery: ratio(stops.deliveryOnTime, stops.deliveryMeasured),
      tenderAcceptance: ratio(tenders.accepted, tenders.answered),
      claims: {
        count: claims.count,
        open: claims.open,
        perHundredShipments:
          stops.shipments === 0 ? null : Math.round((claims.count / stops.shipments) * 1000) / 10,
      },
    };
  });
}
