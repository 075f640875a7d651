import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CaseHistoryEntry } from '@portal/contract';
import { EntityType, UploadKind } from '@portal/domain';
import { browserTimeZone, formatInZone } from '../../../shared/format/zoned-time';
import { DocumentTiles } from '../../../shared/documents';
import { NotesPanel } from '../../../shared/notes';
import { useCaseHistory } from '../api/case-details';
import { useCaseOutlet } from './case-preview-page';

export function CaseNotesTab() {
  const accessorial = useCaseOutlet();
  return <NotesPanel entity={{ type: EntityType.CASE, id: accessorial.id }} />;
}

const UPLOAD_KINDS = [UploadKind.proofOfDelivery, UploadKind.shipmentMiscellaneous] as const;

export function CaseDocumentsTab() {
  const accessorial = useCaseOutlet();
  return (
    <DocumentTiles
      source={{ kind: 'case', id: accessorial.id }}
      uploadKinds={UPLOAD_KINDS}
      dropoffs={accessorial.dropoffs.map((stop) => ({
        stopId: stop.stopId,
        stopNumber: stop.stopNumber,
        label: `Stop ${stop.stopNumber} - ${stop.city}, ${stop.state}`,
      }))}
      references={{ caseId: accessorial.id, shipmentId: accessorial.shipment?.id }}
      additionalData={{ caseNumber: accessorial.caseNumber, caseType: accessorial.caseType }}
    />
  );
}

// "InProgressAwaitingCarrier" -> "In Progress Awaiting Carrier"
const words = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2');

function describe(entry: CaseHistoryEntry): string {
  switch (entry.action) {
    case 'Created':
      return 'Accessorial request created';
    case 'StatusChanged':
      return `Status changed from ${words(entry.fromValue ?? 'None')} to ${words(entry.toValue ?? 'None')}`;
    case 'ResolutionChanged':
      return `Resolution set to ${words(entry.toValue ?? 'None')}`;
    case 'AssigneeChanged':
      return entry.toValue ? `Assigned to ${entry.toValue}` : 'Unassigned';
    default:
      return words(entry.action);
  }
}

export function CaseHistoryTab() {
  const accessorial = useCaseOutlet();
  const history = useCaseHistory(accessorial.caseNumber);
  if (history.isPending) return <Skeleton variant="rounded" height={160} />;
  if (history.isError) return <Alert severity="error">{history.error.message}</Alert>;
  if (history.data.data.length === 0)
    return <Typography color="text.secondary">No history yet</Typography>;
  return (
    <Paper variant="outlined">
      <List aria-label="History">
        {history.data.data.map((entry) => (
          <ListItem key={entry.id} divider>
            <ListItemText
              primary={describe(entry)}
              secondary={`${formatInZone(entry.occurredAt, browserTimeZone())}${entry.user ? ` · ${entry.user.firstName} ${entry.user.lastName}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
