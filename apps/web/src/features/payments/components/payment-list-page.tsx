import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PaymentSummary } from '@portal/contract';
import {
  AP_INVOICE_MESSAGES,
  INVOICE_MESSAGES,
  PAYMENTS_DEFAULT_RANGE_MONTHS,
  isoDateInZone,
  lastMonths,
} from '@portal/domain';
import { useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { formatCalendarDate, formatMoney } from '../../../shared/format';
import {
  ListLayout,
  useDebouncedSearch,
  useFilterDraft,
  useListUrlState,
} from '../../../shared/list-layout';
import { usePaymentList, type PaymentRange } from '../api/payments';

interface PaymentFilterValues extends Record<string, string> {
  paymentStartDate: string;
  paymentEndDate: string;
}

/** Opens on the last 3 months (spec section 9); a chosen range replaces them. */
function defaultFilters(): PaymentFilterValues {
  const [start, end] = lastMonths(isoDateInZone(new Date()), PAYMENTS_DEFAULT_RANGE_MONTHS);
  return { paymentStartDate: start, paymentEndDate: end };
}

function PaymentCard({ payment }: { payment: PaymentSummary }) {
  const navigate = useNavigate();
  const location = useLocation();
  const to = {
    pathname: `/payments/${encodeURIComponent(payment.checkNumber)}/preview`,
    search: location.search,
  };
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Check ${payment.checkNumber}`}
      onClick={() => void navigate(to)}
      sx={{ p: 2, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          <MuiLink component={Link} to={to} onClick={(event) => event.stopPropagation()}>
            Check {payment.checkNumber}
          </MuiLink>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatCalendarDate(payment.paymentDate)} · {payment.paymentMethod}
        </Typography>
        <Typography sx={{ ml: 'auto', fontWeight: 600 }}>{formatMoney(payment.amount)}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Paid to {payment.payeeName}
        {payment.payeeName !== payment.carrierName ? ` for ${payment.carrierName}` : ''}
      </Typography>
    </Card>
  );
}

/** /payments: remittances, newest first, 20 a page, the last 3 months unless a range is chosen. */
export function PaymentListPage() {
  const defaults = useMemo(defaultFilters, []);
  const list = useListUrlState<PaymentFilterValues>({
    defaultView: 'all',
    defaultFilters: defaults,
  });
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);
  const [searchText, setSearchText] = useDebouncedSearch(list.search, list.setSearch);
  const range: PaymentRange = {
    ...(list.search ? { checkNumber: list.search } : {}),
    ...(list.filters.paymentStartDate ? { paymentStartDate: list.filters.paymentStartDate } : {}),
    ...(list.filters.paymentEndDate ? { paymentEndDate: list.filters.paymentEndDate } : {}),
  };
  const payments = usePaymentList(range);
  const items = payments.data?.pages.flatMap((page) => page.data) ?? [];
  const total = payments.data?.pages[0]?.totalCount;

  return (
    <Box sx={{ height: '100%' }}>
      <ListLayout<PaymentSummary>
        views={[{ value: 'all', label: 'Payments', count: total }]}
        view={list.view}
        onViewChange={list.setView}
        filters={
          <Stack sx={{ gap: 2 }}>
            <TextField
              type="date"
              size="small"
              label="Payment Start Date"
              value={draft.paymentStartDate}
              onChange={(event) => setDraft({ ...draft, paymentStartDate: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label="Payment End Date"
              value={draft.paymentEndDate}
              onChange={(event) => setDraft({ ...draft, paymentEndDate: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        }
        onApplyFilters={applyDraft}
        onResetFilters={resetDraft}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search by check number"
        items={items}
        getKey={(payment) => payment.id}
        renderItem={(payment) => <PaymentCard payment={payment} />}
        isLoading={payments.isPending}
        hasNextPage={payments.hasNextPage}
        isFetchingNextPage={payments.isFetchingNextPage}
        fetchNextPage={() => void payments.fetchNextPage()}
        emptyText={AP_INVOICE_MESSAGES.noPayments}
        endText={INVOICE_MESSAGES.endOfList}
      />
      <Outlet />
    </Box>
  );
}
