import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Close from '@mui/icons-material/Close';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SHIPMENT_MESSAGES, type NavigationCount } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { navigationCountQueryOptions } from '../../../shared/counts/navigation-counts';
import { useCurrentUser } from '../../../shared/session';
import { formatInstant, formatMoney, formatPlace } from '../../../shared/format';
import { useRateRequestPreview, useTenderPreview } from '../api/preview-records';
import { useRecentPayments } from '../api/recent-payments';
import { CarrierScorecardCard } from './carrier-scorecard-card';
import { zonedRange, zonedTime } from '../../../shared/format/zoned-time';
import { STATUS_COLORS, place, placeTime } from '../../../shared/shipments/shipment-format';
import {
  nextStopIndex,
  shipmentDetailOptions,
  shipmentStopsOptions,
} from '../../../shared/shipments/shipment-queries';

interface Glance {
  count: NavigationCount;
  /** The dashboard sub-path that brings this card to the front. */
  section: 'shipments' | 'tenders' | 'rates' | 'accounting';
  title: string;
  caption: string;
  to: string;
  icon: ReactNode;
}

const GLANCES: Glance[] = [
  {
    count: 'shipmentsNeedingUpdates',
    section: 'shipments',
    title: 'Shipments Needing Updates',
    caption: 'Loads waiting for a tracking update',
    to: '/all-shipments?needsUpdates=true',
    icon: <LocalShippingOutlined />,
  },
  {
    count: 'sentTenders',
    section: 'tenders',
    title: 'Open Tenders',
    caption: 'Tenders waiting for your answer',
    to: '/tenders?status=0',
    icon: <AssignmentOutlined />,
  },
  {
    count: 'openRateRequests',
    section: 'rates',
    title: 'Open Rate Requests',
    caption: 'Customers waiting for your rate',
    to: '/rates',
    icon: <RequestQuoteOutlined />,
  },
  {
    count: 'accountingActionRequired',
    section: 'accounting',
    title: 'Accounting Action Required',
    caption: 'Delivered loads not invoiced yet',
    to: '/accounting?view=actionRequired',
    icon: <AccountBalanceOutlined />,
  },
];

function formatDate(iso: string) {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

/** The carrier's day at a glance; every /dashboard sub-path shows it (spec section 2). */
export function DashboardPage() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const focus = pathname.split('/')[2]?.toLowerCase();
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Welcome back, {user.firstName}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          mb: 3,
        }}
      >
        {GLANCES.map((glance) => (
          <GlanceCard key={glance.count} glance={glance} focused={focus === glance.section} />
        ))}
      </Box>
      <CarrierScorecardCard carrierId={user.companyId} />
      <RecentPayments />
      <DashboardPreview />
    </Box>
  );
}

function GlanceCard({ glance, focused }: { glance: Glance; focused: boolean }) {
  const count = useQuery(navigationCountQueryOptions(glance.count));
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={glance.title}
      sx={{ borderColor: focused ? 'primary.main' : undefined, borderWidth: focused ? 2 : 1 }}
    >
      <CardActionArea component={RouterLink} to={glance.to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'primary.main' }}>
            {glance.icon}
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {glance.title}
            </Typography>
          </Stack>
          <Typography
            variant="h3"
            component="p"
            sx={{ my: 1, fontWeight: 500 }}
            data-testid={`dashboard-count-${glance.count}`}
          >
            {count.isSuccess ? (
              count.data.toLocaleString('en-US')
            ) : count.isError ? (
              '—'
            ) : (
              <Skeleton width={60} />
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {glance.caption}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function RecentPayments() {
  const payments = useRecentPayments();
  return (
    <Card variant="outlined" component="section" aria-label="Recent Payments">
      <CardContent>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Recent Payments
          </Typography>
          <Button component={RouterLink} to="/payments" size="small">
            View all
          </Button>
        </Stack>
        {payments.isPending ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={32} />
            ))}
          </Stack>
        ) : payments.isError ? (
          <Alert severity="error">{payments.error.message}</Alert>
        ) : payments.data.data.length === 0 ? (
          <Typography color="text.secondary">No payments in the last 3 months</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {payments.data.data.map((payment) => (
              <Box
                component="li"
                key={payment.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  justifyContent: 'space-between',
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Box>
                  <Link
                    component={RouterLink}
                    to={`/payments/${encodeURIComponent(payment.checkNumber)}/preview`}
                    sx={{ fontWeight: 600 }}
                  >
                    Check {payment.checkNumber}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {formatDate(payment.paymentDate)} · {payment.paymentMethod} · to{' '}
                    {payment.payeeName}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 600 }}>{formatMoney(payment.amount)}</Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The dashboard's preview sub-routes: a side panel leading to the full page. The accounting preview
 * is the invoice itself, in the accounting drawer (app/dashboard-accounting-preview.tsx).
 */
function DashboardPreview() {
  const navigate = useNavigate();
  const [, , kind, key, preview] = useLocation().pathname.split('/');
  if (preview?.toLowerCase() !== 'preview' || !key) return null;
  const value = decodeURIComponent(key);
  const targets: Record<string, { title: string; to: string }> = {
    shipments: {
      title: `Shipment ${value}`,
      to: `/all-shipments/${key}/preview/details`,
    },
    tenders: { title: 'Tender', to: `/tenders/${key}` },
    rates: { title: 'Rate Request', to: `/rates/${key}/preview` },
  };
  const target = targets[kind?.toLowerCase() ?? ''];
  if (!target) return null;
  const close = () => navigate(`/dashboard/${kind}`);
  return (
    <Drawer anchor="right" open onClose={close}>
      <Box sx={{ width: { xs: '100vw', sm: 360 }, p: 2 }} role="region" aria-label={target.title}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {target.title}
          </Typography>
          <IconButton aria-label="Close" onClick={close}>
            <Close />
          </IconButton>
        </Stack>
        {kind?.toLowerCase() === 'shipments' && <ShipmentPreview shipmentNumber={value} />}
        {kind?.toLowerCase() === 'tenders' && <TenderPreview tenderKey={value} />}
        {kind?.toLowerCase() === 'rates' && <RateRequestPreview id={value} />}
        <Button component={RouterLink} to={target.to} variant="contained" sx={{ mt: 2 }}>
          Open {target.title}
        </Button>
      </Box>
    </Drawer>
  );
}

function PreviewFact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * /dashboard/shipments/{shipmentNumber}/preview: the shipment itself, its times on the clock of the
 * stop they belong to, as on the shipment's own page.
 */
function ShipmentPreview({ shipmentNumber }: { shipmentNumber: string }) {
  const detail = useQuery(shipmentDetailOptions(shipmentNumber));
  const stops = useQuery(shipmentStopsOptions(shipmentNumber));
  if (detail.isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />;
  if (detail.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {SHIPMENT_MESSAGES.unableToAccess}
      </Alert>
    );
  const shipment = detail.data;
  const list = stops.data?.data ?? [];
  const next = list[nextStopIndex(list)];
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {place(shipment.origin)} to {place(shipment.destination)}
        </Typography>
        <Chip
          size="small"
          label={shipment.status.displayName}
          color={STATUS_COLORS[shipment.status.value] ?? 'default'}
          aria-label={`Status ${shipment.status.displayName}`}
        />
      </Stack>
      <PreviewFact label="Pickup" value={placeTime(shipment.pickupAt, shipment.origin)} />
      <PreviewFact label="Delivery" value={placeTime(shipment.deliveryAt, shipment.destination)} />
      <PreviewFact label="Carrier Rate" value={formatMoney(shipment.carrierRate)} />
      {stops.isPending ? (
        <Skeleton height={48} />
      ) : stops.isError ? (
        <Alert severity="error">{stops.error.message}</Alert>
      ) : next ? (
        <PreviewFact
          label="Next Stop"
          value={`Stop ${next.stopNumber} of ${list.length} · ${next.stopType} · ${next.locationName}, ${next.locationAddress.city}, ${next.locationAddress.state} · ${
            next.appointment
              ? zonedTime(next.appointment.at, next.ianaTimezone)
              : zonedRange(next.early?.at, next.late?.at, next.ianaTimezone)
          }`}
        />
      ) : (
        <PreviewFact label="Next Stop" value="Every stop completed" />
      )}
    </Stack>
  );
}

/** /dashboard/tenders/{tenderId}/preview: the tender itself, not only its title. */
function TenderPreview({ tenderKey }: { tenderKey: string }) {
  const tender = useTenderPreview(tenderKey, true);
  if (tender.isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />;
  if (tender.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {tender.error.message}
      </Alert>
    );
  const data = tender.data.data;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        Tender {data.tenderNumber} · {data.isExpired ? 'Expired' : data.status.displayName}
      </Typography>
      <Typography>
        {formatPlace(data.origin)} to {formatPlace(data.destination)}
      </Typography>
      <PreviewFact label="Shipment" value={data.shipmentNumber} />
      <PreviewFact label="Customer" value={data.customer.name} />
      <PreviewFact label="Offered Rate" value={formatMoney(data.carrierRate.rate)} />
      <PreviewFact label="Pickup" value={formatInstant(data.pickupAt)} />
      <PreviewFact label="Answer By" value={formatInstant(data.expiresAt)} />
    </Stack>
  );
}

/** /dashboard/rates/{rateId}/preview: the rate request itself. */
function RateRequestPreview({ id }: { id: string }) {
  const request = useRateRequestPreview(id, true);
  if (request.isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />;
  if (request.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {request.error.message}
      </Alert>
    );
  const data = request.data.data;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        Shipment {data.shipmentNumber} · {data.status}
      </Typography>
      <Typography>
        {formatPlace(data.origin)} to {formatPlace(data.destination)}
      </Typography>
      <PreviewFact label="Customer" value={data.customer.name} />
      <PreviewFact label="Pickup" value={formatInstant(data.pickupAt)} />
      <PreviewFact
        label="Your Offer"
        value={data.offeredRate === null ? 'Not answered yet' : formatMoney(data.offeredRate)}
      />
    </Stack>
  );
}
