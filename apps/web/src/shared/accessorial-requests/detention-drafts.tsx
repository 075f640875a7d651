import AccessTimeIcon from '@mui/icons-material/AccessTime';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaseCreated, DetentionDraft } from '@portal/contract';
import { CASE_MESSAGES, CaseType, stopClockTime } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../format/money';
import { toast } from '../notifications';
import { useDetentionDrafts, useFileAccessorialRequest } from './api';

/** A stop time on the stop's own clock. */
const hoursAndMinutes = (minutes: number) =>
  `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;

// "CheckCall" -> "Check Call"
const words = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2');

function DraftCard({
  draft,
  shipmentId,
  onFiled,
}: {
  draft: DetentionDraft;
  shipmentId: string;
  onFiled?: ((created: CaseCreated) => void) | undefined;
}) {
  const fileRequest = useFileAccessorialRequest();
  // One key per draft shown: a double click files it once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const file = async () => {
    const filed = await fileRequest.mutateAsync({
      body: {
        shipmentId,
        caseType: CaseType.Detention,
        amountRequested: draft.amountRequested,
        subject: draft.subject,
        description: draft.description,
        shipmentStopId: draft.shipmentStopId,
        attachTrackingEvidence: true,
      },
      files: [],
      idempotencyKey,
    });
    toast.success(CASE_MESSAGES.created);
    onFiled?.(filed.created);
  };

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`Detention at stop ${draft.stopNumber}`}
      sx={{ p: { xs: 1.5, md: 2 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <AccessTimeIcon color="warning" fontSize="small" />
        <Typography variant="subtitle2" component="h4" sx={{ flex: 1 }}>
          {draft.subject}
        </Typography>
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
          m: 0,
        }}
      >
        {[
          ['Arrived', stopClockTime(draft.arrivedAt, draft.ianaTimezone)],
          ['Departed', stopClockTime(draft.departedAt, draft.ianaTimezone)],
          [
            'At the stop',
            `${hoursAndMinutes(draft.dwellMinutes)} (${draft.freeMinutes / 60} h free)`,
          ],
          [
            'Billable',
            `${draft.billableHours} h × ${formatMoney(draft.ratePerHour)} = ${formatMoney(draft.amountRequested)}`,
          ],
        ].map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="dt">
              {label}
            </Typography>
            <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
        Evidence: {draft.evidence.length} tracking{' '}
        {draft.evidence.length === 1 ? 'event' : 'events'}
      </Typography>
      {draft.evidence.length > 0 && (
        <List dense disablePadding aria-label={`Tracking events at stop ${draft.stopNumber}`}>
          {draft.evidence.map((event) => (
            <ListItem key={event.id} disableGutters sx={{ py: 0 }}>
              <ListItemText
                primary={`${stopClockTime(event.occurredAt, draft.ianaTimezone)} · ${words(event.activityType)}${event.note ? ` · ${event.note}` : ''}`}
                slotProps={{ primary: { variant: 'body2' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        {draft.filedCaseNumber ? (
          <Typography variant="body2">
            Filed as{' '}
            <Link to={`/cases/${draft.filedCaseNumber}/preview/notes`}>
              case {draft.filedCaseNumber}
            </Link>
          </Typography>
        ) : (
          <Button variant="contained" onClick={() => void file()} disabled={fileRequest.isPending}>
            File Detention Request
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The detention requests the shipment's stop times support (time at a stop past the customer's free
 * time), filled in for the carrier: one click files one with its tracking events as evidence.
 * Shows nothing when no stop ran over.
 */
export function DetentionDrafts({
  shipment,
  onFiled,
}: {
  shipment: { id: string; shipmentNumber: string };
  onFiled?: (created: CaseCreated) => void;
}) {
  const drafts = useDetentionDrafts(shipment.shipmentNumber);
  if (drafts.isPending) return null;
  if (drafts.isError) return <Alert severity="error">{drafts.error.message}</Alert>;
  if (drafts.data.data.length === 0) return null;
  return (
    <Stack component="section" aria-label="Detention drafted from stop times" sx={{ gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Detention drafted from stop times
      </Typography>
      {drafts.data.data.map((draft) => (
        <DraftCard
          key={draft.shipmentStopId}
          draft={draft}
          shipmentId={shipment.id}
          onFiled={onFiled}
        />
      ))}
    </Stack>
  );
}
