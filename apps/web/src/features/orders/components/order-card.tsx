import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderListItem } from '@portal/contract';
import { useNavigate } from 'react-router';
import { formatPlace } from '../../../shared/format';
import { zonedTime } from '../../../shared/format/zoned-time';

const STATUS_COLORS: Record<string, 'primary' | 'warning' | 'success' | 'default'> = {
  Open: 'primary',
  'In Progress': 'warning',
  Completed: 'success',
  Cancelled: 'default',
};

export function OrderStatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={STATUS_COLORS[status] ?? 'default'} />;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {value}
      </Typography>
    </Box>
  );
}

/** One order in the list: lane, first pickup on its own clock, weight and units; opens the preview. */
export function OrderCard({ order }: { order: OrderListItem }) {
  const navigate = useNavigate();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Order ${order.orderNumber}`}
      onClick={() => void navigate(`/orders/${order.orderNumber}/preview/details`)}
      sx={{ p: 2, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Order {order.orderNumber}
        </Typography>
        {order.purchaseOrderNumber && (
          <Typography variant="body2" color="text.secondary">
            PO {order.purchaseOrderNumber}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {order.shipment && (
          <Chip
            size="small"
            variant="outlined"
            label={`Shipment ${order.shipment.shipmentNumber}`}
          />
        )}
        <OrderStatusChip status={order.status} />
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, minWidth: 0 }}>
        <Typography variant="body1" noWrap>
          {order.origin ? formatPlace(order.origin) : '—'}
        </Typography>
        <ArrowForward fontSize="small" color="action" aria-label="to" />
        <Typography variant="body1" noWrap>
          {order.destination ? formatPlace(order.destination) : '—'}
        </Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Fact
          label="Pickup"
          value={order.origin ? zonedTime(order.pickupAt, order.origin.timeZone) : '—'}
        />
        <Fact
          label="Mode"
          value={`${order.shippingMode.displayName} · ${order.equipmentMode.displayName}`}
        />
        <Fact label="Weight" value={`${order.totalWeightPounds.toLocaleString('en-US')} lb`} />
        <Fact label="Units" value={String(order.totalPackageCount)} />
      </Box>
    </Card>
  );
}
