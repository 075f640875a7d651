import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CarrierScorecard } from '@portal/contract';
import { useCarrierScorecard } from '../api/carrier-scorecard';

type Ratio = CarrierScorecard['data']['onTimePickup'];

function Measure({ label, ratio, detail }: { label: string; ratio: Ratio; detail: string }) {
  return (
    <Box component="section" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 500 }}>
        {ratio.percent === null ? '—' : `${ratio.percent}%`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={ratio.percent ?? 0}
        color={
          ratio.percent === null
            ? 'inherit'
            : ratio.percent >= 90
              ? 'success'
              : ratio.percent >= 75
                ? 'warning'
                : 'error'
        }
        sx={{ height: 6, borderRadius: 3, my: 0.5 }}
        aria-hidden
      />
      <Typography variant="caption" color="text.secondary">
        {ratio.total === 0
          ? 'Nothing to measure yet'
          : `${ratio.count} of ${ratio.total} ${detail}`}
      </Typography>
    </Box>
  );
}

/** The carrier's scorecard over the last 90 days, from its own loads (decision 124). */
export function CarrierScorecardCard({ carrierId }: { carrierId: string }) {
  const scorecard = useCarrierScorecard(carrierId);
  return (
    <Card variant="outlined" component="section" aria-label="Carrier Scorecard" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Carrier Scorecard
        </Typography>
        {scorecard.isPending ? <Skeleton height={96} /> : null}
        {scorecard.isError ? <Alert severity="error">{scorecard.error.message}</Alert> : null}
        {scorecard.data ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Last {scorecard.data.periodDays} days · {scorecard.data.shipmentCount} loads hauled
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
              }}
            >
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
              <Box component="section" aria-label="Claims">
                <Typography variant="body2" color="text.secondary">
                  Claims
                </Typography>
                <Typography variant="h4" component="p" sx={{ fontWeight: 500 }}>
                  {scorecard.data.claims.count}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
                  {scorecard.data.claims.open} open
                  {scorecard.data.claims.perHundredShipments === null
                    ? ''
                    : ` · ${scorecard.data.claims.perHundredShipments} per 100 loads`}
                </Typography>
              </Box>
            </Box>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
