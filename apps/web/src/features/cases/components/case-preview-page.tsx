import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaseDetail } from '@portal/contract';
import { CASE_TYPE_DISPLAY_NAMES, DATE_FORMAT, type CaseType } from '@portal/domain';
import dayjs from 'dayjs';
import { Link, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { useCaseDetail } from '../api/case-details';
import { formatMoney } from '../../../shared/format/money';
import { SubPageTabs } from '../../../shared/ui/sub-page-tabs';
import type { CaseListState } from './case-card';
import { CaseStaffActions } from './case-staff-actions';
import { CaseStatusChip } from './case-status-chip';

const SUB_PAGES = [
  { path: 'notes', label: 'Notes' },
  { path: 'documents', label: 'Documents' },
  { path: 'history', label: 'History' },
] as const;

/** The case the sub-pages show. */
export function useCaseOutlet() {
  return useOutletContext<CaseDetail>();
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** /cases/{caseNumber}/preview: the accessorial request, with its notes, documents and history. */
export function CasePreviewPage() {
  const { caseNumber = '' } = useParams();
  const detail = useCaseDetail(caseNumber);
  // Back to the list as it was left (view, filters, search), when the case was opened from it.
  const listSearch = (useLocation().state as CaseListState | null)?.listSearch ?? '';

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
        <IconButton
          component={Link}
          to={`/cases${listSearch}`}
          aria-label="Back to Accessorial Requests"
        >
          <ArrowBackIcon />
        </IconButton>
        <Typography
          variant="h5"
          component="h1"
          sx={{ flex: 1, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
        >
          Accessorial Request {caseNumber}
        </Typography>
        {detail.data && <CaseStatusChip label={detail.data.statusDescription} />}
      </Stack>

      {detail.isPending ? (
        <Skeleton variant="rounded" height={140} />
      ) : detail.isError ? (
        <Alert severity="error">{detail.error.message}</Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, mb: 2 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {detail.data.subject}
            </Typography>
            {detail.data.description && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {detail.data.description}
              </Typography>
            )}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: {
                  xs: 'repeat(2, minmax(0, 1fr))',
                  md: 'repeat(4, minmax(0, 1fr))',
                },
                gap: 2,
                mt: 2,
                mb: 0,
              }}
            >
              <Fact label="Type">
                {CASE_TYPE_DISPLAY_NAMES[detail.data.caseType as CaseType] ?? detail.data.caseType}
              </Fact>
              <Fact label="Shipment">
                {detail.data.shipment ? (
                  <MuiLink
                    component={Link}
                    to={`/all-shipments/${detail.data.shipment.shipmentNumber}/preview/details`}
                  >
                    {detail.data.shipment.shipmentNumber}
                  </MuiLink>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label="Lane">
                {detail.data.shipment
                  ? `${detail.data.shipment.origin.city}, ${detail.data.shipment.origin.state} to ${detail.data.shipment.destination.city}, ${detail.data.shipment.destination.state}`
                  : '—'}
              </Fact>
              <Fact label="Amount requested">{formatMoney(detail.data.amountRequested)}</Fact>
              <Fact label="Amount approved">{formatMoney(detail.data.amountApproved)}</Fact>
              <Fact label="Assignee">
                {detail.data.assignee
                  ? `${detail.data.assignee.firstName} ${detail.data.assignee.lastName}`
                  : 'Unassigned'}
              </Fact>
              <Fact label="Created">{dayjs(detail.data.createDateTime).format(DATE_FORMAT)}</Fact>
            </Box>
          </Paper>
          <CaseStaffActions key={detail.data.version} accessorial={detail.data} />
          <SubPageTabs label="Accessorial request sections" pages={SUB_PAGES} />
          <Outlet context={detail.data} />
        </>
      )}
    </Container>
  );
}
