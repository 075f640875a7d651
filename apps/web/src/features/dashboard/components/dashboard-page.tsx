import './dashboard.css';
import type { NavigationCount } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { navigationCountQueryOptions } from '../../../shared/counts/navigation-counts';
import { useCurrentUser } from '../../../shared/session';
import { formatMoney } from '../../../shared/format/money';
import { formatCount } from '../../../shared/format/numbers';
import { useRecentPayments } from '../api/recent-payments';
import { InTurn } from '../../../shared/ui/drawn-in-turn';
import {
  ACCOUNT_BALANCE_OUTLINED,
  ASSIGNMENT_OUTLINED,
  LOCAL_SHIPPING_OUTLINED,
  REQUEST_QUOTE_OUTLINED,
} from '../../../shared/ui/plain/icon-paths';
import {
  PlainAlert,
  PlainButtonLink,
  PlainIcon,
  PlainSkeleton,
} from '../../../shared/ui/plain/plain';
import { CarrierScorecardCard } from './carrier-scorecard-card';

interface Glance {
  count: NavigationCount;
  /** The dashboard sub-path that brings this card to the front. */
  section: 'shipments' | 'tenders' | 'rates' | 'accounting';
  title: string;
  caption: string;
  to: string;
  /** The Material icon's path. */
  icon: string;
}

const GLANCES: Glance[] = [
  {
    count: 'shipmentsNeedingUpdates',
    section: 'shipments',
    title: 'Shipments Needing Updates',
    caption: 'Loads waiting for a tracking update',
    to: '/all-shipments?needsUpdates=true',
    icon: LOCAL_SHIPPING_OUTLINED,
  },
  {
    count: 'sentTenders',
    section: 'tenders',
    title: 'Open Tenders',
    caption: 'Tenders waiting for your answer',
    to: '/tenders?status=0',
    icon: ASSIGNMENT_OUTLINED,
  },
  {
    count: 'openRateRequests',
    section: 'rates',
    title: 'Open Rate Requests',
    caption: 'Customers waiting for your rate',
    to: '/rates',
    icon: REQUEST_QUOTE_OUTLINED,
  },
  {
    count: 'accountingActionRequired',
    section: 'accounting',
    title: 'Accounting Action Required',
    caption: 'Delivered loads not invoiced yet',
    to: '/accounting?view=actionRequired',
    icon: ACCOUNT_BALANCE_OUTLINED,
  },
];

// The preview panel (a drawer with the record's own queries) loads only on a preview sub-path,
// /dashboard/{kind}/{key}/preview.
const DashboardPreview = lazy(() => import('./dashboard-preview'));

function formatDate(iso: string) {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

/**
 * The carrier's day at a glance; every /dashboard sub-path shows it (spec section 2). It is drawn by
 * dashboard.css, not MUI: the page a signed-in phone opens first renders no styled component
 * (decision 275).
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const [, , kind, key, preview] = useLocation().pathname.split('/');
  const focus = kind?.toLowerCase();
  return (
    <div className="dashboard">
      <h2 className="dashboard-welcome">Welcome back, {user.firstName}</h2>
      <div className="dashboard-glances">
        {GLANCES.map((glance) => (
          <InTurn key={glance.count}>
            <GlanceCard glance={glance} focused={focus === glance.section} />
          </InTurn>
        ))}
      </div>
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
    </div>
  );
}

function GlanceCard({ glance, focused }: { glance: Glance; focused: boolean }) {
  return (
    <section
      aria-label={glance.title}
      className={focused ? 'dashboard-card dashboard-card--focused' : 'dashboard-card'}
    >
      <RouterLink to={glance.to} className="dashboard-glance-action">
        <div className="dashboard-card-content">
          <div className="dashboard-glance-title">
            <PlainIcon path={glance.icon} />
            <h3 className="dashboard-card-title">{glance.title}</h3>
          </div>
          <GlanceCount count={glance.count} />
          <p className="dashboard-caption">{glance.caption}</p>
        </div>
      </RouterLink>
    </section>
  );
}

// The count alone follows its query: its answer redraws the figure, not the card around it.
function GlanceCount({ count }: { count: NavigationCount }) {
  const answer = useQuery(navigationCountQueryOptions(count));
  return (
    <p className="dashboard-glance-count" data-testid={`dashboard-count-${count}`}>
      {answer.isSuccess ? (
        formatCount(answer.data)
      ) : answer.isError ? (
        '—'
      ) : (
        <PlainSkeleton width={60} />
      )}
    </p>
  );
}

function RecentPayments() {
  const payments = useRecentPayments();
  return (
    <section aria-label="Recent Payments" className="dashboard-card">
      <div className="dashboard-card-content">
        <div className="dashboard-card-header">
          <h3 className="dashboard-card-title">Recent Payments</h3>
          <PlainButtonLink to="/payments" variant="text" size="small">
            View all
          </PlainButtonLink>
        </div>
        {payments.isPending ? (
          <div className="dashboard-skeletons">
            {[0, 1, 2].map((row) => (
              <PlainSkeleton key={row} height={32} />
            ))}
          </div>
        ) : payments.isError ? (
          <PlainAlert severity="error">{payments.error.message}</PlainAlert>
        ) : payments.data.data.length === 0 ? (
          <p className="dashboard-secondary">No payments in the last 3 months</p>
        ) : (
          <ul className="dashboard-payments">
            {payments.data.data.map((payment) => (
              <li key={payment.id}>
                <div>
                  <RouterLink
                    to={`/payments/${encodeURIComponent(payment.checkNumber)}/preview`}
                    className="dashboard-link"
                  >
                    Check {payment.checkNumber}
                  </RouterLink>
                  <p className="dashboard-caption">
                    {formatDate(payment.paymentDate)} · {payment.paymentMethod} · to{' '}
                    {payment.payeeName}
                  </p>
                </div>
                <p className="dashboard-amount">{formatMoney(payment.amount)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
