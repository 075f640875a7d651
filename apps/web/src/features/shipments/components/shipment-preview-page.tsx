import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShipmentDetail } from '@portal/contract';
import { ERROR_REDIRECT_DELAY_MS, SHIPMENT_MESSAGES, isDriverOnlyUser } from '@portal/domain';
import { useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { useShipmentDetail } from '../api/shipment-detail';
import { StatusActions } from './status-actions';
import { Fact, FactGrid } from './fact';
import { STATUS_COLORS, place, placeTime } from '../../../shared/shipments/shipment-format';
import { SubPageTabs } from '../../../shared/ui/sub-page-tabs';
import { useCurrentUser, useDriverAppMode } from '../../../shared/session';
import { DriverLoadPage } from './driver/driver-load-page';
import { formatMoney } from '../../../shared/format/money';

const SUB_PAGES = [
  { path: 'details', label: 'Details' },
  { path: 'financials', label: 'Financials' },
  { path: 'cases', label: 'Cases' },
  { path: 'documents', label: 'Documents' },
  { path: 'SignedRateConfirmation', label: 'Signed Rate Confirmation' },
] as const;

/** The shipment the sub-pages show. */
export function useShipmentOutlet() {
  return useOutletContext<ShipmentDetail>();
}

/**
 * "Unable to access shipment...redirecting to last page", then back one page after 3 seconds
 * (to the shipments list when the shipment was the first page opened).
 */
function UnableToAccess() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (location.key === 'default') void navigate('/all-shipments', { replace: true });
      else void navigate(-1);
    }, ERROR_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, location.key]);
  return (
    <Alert severity="error" role="alert">
      {SHIPMENT_MESSAGES.unableToAccess}
    </Alert>
  );
}

/**
 * A driver (a driver-only user, or anyone in driver app mode) on a load they drive gets the phone
 * screen; everyone else the dispatcher's preview.
 */
function DriverScreenOr({ shipment, children }: { shipment: ShipmentDetail; children: ReactNode }) {
  const user = useCurrentUser();
  const driverMode = useDriverAppMode();
  if (shipment.relation === 'driver' && (driverMode || isDriverOnlyUser(user.roles)))
    return <DriverLoadPage shipment={shipment} />;
  return children;
}

/** /all-shipments/{shipmentNumber}/preview and its sub-pages. */
export function ShipmentPreviewPage() {
  const { shipmentNumber = '' } = useParams();
  const detail = useShipmentDetail(shipmentNumber);
  const shipment = detail.data;
  // Money is the carrier's, its factoring company's and the operator's business (decision 057).
  const pages = SUB_PAGES.filter(
    (page) => page.path !== 'financials' || shipment?.relation !== 'driver',
  );

  const page = (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <IconButton
          component={Link}
          to={shipment?.relation === 'driver' ? '/my-shipments' : '/all-shipments'}
          aria-label="Back to Shipments"
        >
          <ArrowBackIcon />
        </IconButton>
        <Typography
          variant="h5"
          component="h2"
          sx={{ flex: 1, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
        >
          Shipment {shipmentNumber}
        </Typography>
        {shipment && (
          <Chip
            label={shipment.status.displayName}
            color={STATUS_COLORS[shipment.status.value] ?? 'default'}
            aria-label={`Status ${shipment.status.displayName}`}
          />
        )}
      </Stack>

      {detail.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : detail.isError || !shipment ? (
        <UnableToAccess />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, mb: 2 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {place(shipment.origin)} to {place(shipment.destination)}
            </Typography>
            <FactGrid>
              <Fact label="Pickup">{placeTime(shipment.pickupAt, shipment.origin)}</Fact>
              <Fact label="Delivery">{placeTime(shipment.deliveryAt, shipment.destination)}</Fact>
              <Fact label="Equipment">
                {shipment.equipmentTypes.map((type) => type.displayName).join(', ') || '—'}
                {shipment.equipmentLengthFeet ? ` · ${shipment.equipmentLengthFeet} ft` : ''}
              </Fact>
              <Fact label="Weight">
                {shipment.totalWeightPounds === null
                  ? '—'
                  : `${shipment.totalWeightPounds.toLocaleString('en-US')} lb`}
              </Fact>
              <Fact label="Miles">{shipment.totalMiles ?? '—'}</Fact>
              {shipment.relation === 'customer' ? (
                <Fact label="Customer rate">{formatMoney(shipment.customerRate)}</Fact>
              ) : (
                shipment.relation !== 'driver' && (
                  <Fact label="Carrier rate">{formatMoney(shipment.carrierRate)}</Fact>
                )
              )}
              <Fact label="Order">{shipment.orderNumber ?? '—'}</Fact>
              <Fact label="PRO number">{shipment.shippingProNumber ?? '—'}</Fact>
              <Fact label="Trip">
                {shipment.trip ? (
                  <Link to={`/all-shipments/trip/${shipment.trip.id}`}>
                    {shipment.trip.tripNumber}
                  </Link>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label="Carrier">{shipment.carrier?.name ?? '—'}</Fact>
            </FactGrid>
            <StatusActions shipment={shipment} />
          </Paper>
          <SubPageTabs label="Shipment sections" pages={pages} />
          <Outlet context={shipment} />
        </>
      )}
    </Box>
  );
  return shipment ? <DriverScreenOr shipment={shipment}>{page}</DriverScreenOr> : page;
}
