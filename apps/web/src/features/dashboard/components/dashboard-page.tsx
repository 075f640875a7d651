import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NavigationCount } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { navigationCountQueryOptions } from '../../../shared/counts/navigation-counts';
import { useCurrentUser } from '../../../shared/session';
import { formatMoney } from '../../../shared/format/money';
import { formatCount } from '../../../shared/format/numbers';
import { useRecentPayments } from '../api/recent-payments';
import { InTurn } from '../../../shared/ui/drawn-in-turn';
import { CarrierScorecardCard } from './carrier-scorecard-card';

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

// The preview panel (a drawer with the record's own queries) loads only on a preview sub-path,
// /dashboard/{kind}/{key}/preview.
const DashboardPreview = lazy(() => import('./dashboard-preview'));

function formatDate(iso: string) {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

/** The carrier's day at a glance; every /dashboard sub-path shows it (spec section 2). */
export function DashboardPage() {
  const user = useCurrentUser();
  const [, , kind, key, preview] = useLocation().pathname.split('/');
  const focus = kind?.toLowerCase();
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
          <InTurn key={glance.count}>
            <GlanceCard glance={glance} focused={focus === glance.section} />
          </InTurn>
        ))}
      </Box>
      <InTurn>
        <CarrierScorecardCard carrierId={user.companyId} />
      </InTurn>
      <InTurn>
        <RecentPayments />
      </InTurn>
      {kind && key && preview?.toLowerCase() === 'preview' ? (
        <Suspense fallback={null}>
          <DashboardPreview kind={kind} recordKey={key} />
        </Suspense>
      ) : null}
    </Box>
  );
}

function GlanceCard({ glance, focused }: { glance: Glance; focused: boolean }) {
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
          <GlanceCount count={glance.count} />
          <Typography variant="body2" color="text.secondary">
            {glance.caption}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

// The count alone follows its query: its answer redraws the figure, not the card around it.
function GlanceCount({ count }: { count: NavigationCount }) {
  const answer = useQuery(navigationCountQueryOptions(count));
  return (
    <Typography
      variant="h3"
      component="p"
      sx={{ my: 1, fontWeight: 500 }}
      data-testid={`dashboard-count-${count}`}
    >
      {answer.isSuccess ? formatCount(answer.data) : answer.isError ? '—' : <Skeleton width={60} />}
    </Typography>
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
