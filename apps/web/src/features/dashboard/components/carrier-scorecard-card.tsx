import type { CarrierScorecard } from '@portal/contract';
import { PlainAlert, PlainSkeleton } from '../../../shared/ui/plain/plain';
import { useCarrierScorecard } from '../api/carrier-scorecard';

type Ratio = CarrierScorecard['data']['onTimePickup'];

/** The bar's colour: green from 90%, amber from 75%, red below; grey with nothing to measure. */
function tone(percent: number | null) {
  if (percent === null) return 'none';
  return percent >= 90 ? 'success' : percent >= 75 ? 'warning' : 'error';
}

function Measure({ label, ratio, detail }: { label: string; ratio: Ratio; detail: string }) {
  return (
    <section aria-label={label}>
      <p className="dashboard-caption">{label}</p>
      <p className="dashboard-measure">{ratio.percent === null ? '—' : `${ratio.percent}%`}</p>
      <span className={`dashboard-bar dashboard-bar--${tone(ratio.percent)}`} aria-hidden>
        <span style={{ transform: `translateX(${(ratio.percent ?? 0) - 100}%)` }} />
      </span>
      <span className="dashboard-small">
        {ratio.total === 0
          ? 'Nothing to measure yet'
          : `${ratio.count} of ${ratio.total} ${detail}`}
      </span>
    </section>
  );
}

/**
 * The carrier's scorecard over the last 90 days, from its own loads (decision 124); drawn by
 * dashboard.css (decision 275).
 */
export function CarrierScorecardCard({ carrierId }: { carrierId: string }) {
  const scorecard = useCarrierScorecard(carrierId);
  return (
    <section aria-label="Carrier Scorecard" className="dashboard-card dashboard-scorecard">
      <div className="dashboard-card-content">
        <h3 className="dashboard-card-title">Carrier Scorecard</h3>
        {scorecard.isPending ? <PlainSkeleton height={96} /> : null}
        {scorecard.isError ? (
          <PlainAlert severity="error">{scorecard.error.message}</PlainAlert>
        ) : null}
        {scorecard.data ? (
          <>
            <p className="dashboard-caption dashboard-scorecard-period">
              Last {scorecard.data.periodDays} days · {scorecard.data.shipmentCount} loads hauled
            </p>
            <div className="dashboard-measures">
              <Measure
                label="On-Time Pickup"
                ratio={scorecard.data.onTimePickup}
                detail="pickups"
              />
              <Measure
                label="On-Time Delivery"
                ratio={scorecard.data.onTimeDelivery}
                detail="deliveries"
              />
              <Measure
                label="Tender Acceptance"
                ratio={scorecard.data.tenderAcceptance}
                detail="tenders answered"
              />
              <section aria-label="Claims">
                <p className="dashboard-caption">Claims</p>
                <p className="dashboard-measure">{scorecard.data.claims.count}</p>
                <p className="dashboard-small dashboard-claims-detail">
                  {scorecard.data.claims.open} open
                  {scorecard.data.claims.perHundredShipments === null
                    ? ''
                    : ` · ${scorecard.data.claims.perHundredShipments} per 100 loads`}
                </p>
              </section>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
