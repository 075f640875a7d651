import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShipmentListItem } from '@portal/contract';
import { Link } from 'react-router';
import { STATUS_COLORS, place, placeTime } from '../../../shared/shipments/shipment-format';
import { formatMoney } from '../../../shared/format/money';

/** One shipment in the booking, tracking or my-shipments list. */
export function ShipmentCard({ shipment }: { shipment: ShipmentListItem }) {
  return (
    <Card variant="outlined" component="article" aria-label={`Shipment ${shipment.shipmentNumber}`}>
      <CardActionArea
        component={Link}
        to={`/all-shipments/${shipment.shipmentNumber}/preview/details`}
        sx={{ p: { xs: 1.5, md: 2 } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {shipment.shipmentNumber}
          </Typography>
          <Chip
            size="small"
            label={shipment.status.displayName}
            color={STATUS_COLORS[shipment.status.value] ?? 'default'}
          />
          {shipment.needsUpdate && <Chip size="small" color="error" label="Needs update" />}
          {shipment.isOnTime === false && <Chip size="small" color="warning" label="Late" />}
          <Typography variant="body2" sx={{ ml: 'auto', fontWeight: 600 }}>
            {shipment.carrierRate === null ? '' : formatMoney(shipment.carrierRate)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {place(shipment.origin)} → {place(shipment.destination)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Pickup {placeTime(shipment.pickupAt, shipment.origin)} · Delivery{' '}
          {placeTime(shipment.deliveryAt, shipment.destination)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {[
            shipment.equipmentTypes.join(', '),
            shipment.totalMiles === null ? null : `${shipment.totalMiles} mi`,
            shipment.drivers.length > 0
              ? `Driver ${shipment.drivers.map((driver) => driver.name).join(', ')}`
              : null,
            shipment.shippingProNumber ? `PRO ${shipment.shippingProNumber}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
