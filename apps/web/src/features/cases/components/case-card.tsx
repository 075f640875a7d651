import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaseListItem } from '@portal/contract';
import { CASE_TYPE_DISPLAY_NAMES, DATE_FORMAT, type CaseType } from '@portal/domain';
import dayjs from 'dayjs';
import { useLocation, useNavigate } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { CaseStatusChip } from './case-status-chip';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
        {value}
      </Typography>
    </Box>
  );
}

/** The list the case was opened from, so the case page's back arrow returns to it. */
export interface CaseListState {
  listSearch: string;
}

/** One accessorial request in the list; clicking it opens the case. */
export function CaseCard({ item }: { item: CaseListItem }) {
  const navigate = useNavigate();
  const location = useLocation();
  const open = () =>
    void navigate(`/cases/${encodeURIComponent(item.caseNumber)}/preview/notes`, {
      state: { listSearch: location.search } satisfies CaseListState,
    });
  const typeName = CASE_TYPE_DISPLAY_NAMES[item.caseType as CaseType] ?? item.caseType;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Accessorial request ${item.caseNumber}`}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open();
      }}
      tabIndex={0}
      sx={{ p: 2, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {item.caseNumber}
        </Typography>
        <Chip label={typeName} size="small" variant="outlined" />
        <Box sx={{ flex: 1 }} />
        <CaseStatusChip label={item.statusDescription} size="small" />
      </Stack>
      <Typography variant="body2" sx={{ mb: 1.5 }} noWrap>
        {item.subject}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        <Fact label="Shipment" value={item.shipment?.shipmentNumber ?? '—'} />
        <Fact
          label="Lane"
          value={
            item.shipment
              ? `${item.shipment.origin.city}, ${item.shipment.origin.state} → ${item.shipment.destination.city}, ${item.shipment.destination.state}`
              : '—'
          }
        />
        <Fact label="Requested" value={formatMoney(item.amountRequested)} />
        <Fact label="Created" value={dayjs(item.createDateTime).format(DATE_FORMAT)} />
        <Fact
          label="Assignee"
          value={
            item.assignee ? `${item.assignee.firstName} ${item.assignee.lastName}` : 'Unassigned'
          }
        />
      </Box>
    </Card>
  );
}
