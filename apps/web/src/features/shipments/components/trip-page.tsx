import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { useTrip } from '../api/shipment-lists';
import { STATUS_COLORS, place, placeTime } from '../../../shared/shipments/shipment-format';

/** /all-shipments/trip/{tripId}: the loads of one trip, in order. */
export function TripPage() {
  const { tripId = '' } = useParams();
  const trip = useTrip(tripId);
  if (trip.isPending) return <Skeleton variant="rounded" height={200} />;
  if (trip.isError) return <Alert severity="error">{trip.error.message}</Alert>;
  const { data } = trip.data;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Trip {data.tripNumber}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {data.carrier.name}
      </Typography>
      <Paper variant="outlined">
        <List aria-label="Trip shipments">
          {data.shipments.map((shipment) => (
            <ListItemButton
              key={shipment.id}
              divider
              component={Link}
              to={`/all-shipments/${shipment.shipmentNumber}/preview/details`}
            >
              <ListItemText
                primary={
                  <>
                    {shipment.shipmentNumber}{' '}
                    <Chip
                      size="small"
                      label={shipment.status.displayName}
                      color={STATUS_COLORS[shipment.status.value] ?? 'default'}
                    />
                  </>
                }
                secondary={`${place(shipment.origin)} → ${place(shipment.destination)} · ${placeTime(shipment.pickupAt, shipment.origin)}`}
              />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </Box>
  );
}
