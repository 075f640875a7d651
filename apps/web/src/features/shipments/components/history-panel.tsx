import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ShipmentDetail, ShipmentHistoryEntry } from '@portal/contract';
import { useShipmentHistory } from '../api/shipment-detail';
import { dateTime } from '../../../shared/shipments/shipment-format';

// "DriverAssigned" -> "Driver assigned"
const sentence = (value: string) => {
  const words = value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function describe(entry: ShipmentHistoryEntry) {
  if (entry.action === 'StatusChanged')
    return `Status changed from ${entry.fromStatus?.displayName ?? 'None'} to ${entry.toStatus?.displayName ?? 'None'}`;
  return sentence(entry.action);
}

/** Who changed what on the shipment, and when, newest last as the server keeps it. */
export function HistoryPanel({ shipment }: { shipment: ShipmentDetail }) {
  const history = useShipmentHistory(shipment.shipmentNumber);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 } }}
      component="section"
      aria-label="History"
    >
      <Typography variant="h6" component="h3">
        History
      </Typography>
      {history.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : history.isError ? (
        <Alert severity="error">{history.error.message}</Alert>
      ) : (
        <List dense aria-label="Shipment history">
          {history.data.data.map((entry) => (
            <ListItem key={entry.id} divider disableGutters>
              <ListItemText
                primary={describe(entry)}
                secondary={`${dateTime(entry.occurredAt)}${entry.user ? ` · ${entry.user.name}, ${entry.user.companyName}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
