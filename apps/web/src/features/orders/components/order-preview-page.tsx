import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderDetail } from '@portal/contract';
import { useState } from 'react';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { formatPlace } from '../../../shared/format';
import { SubPageTabs } from '../../../shared/ui/sub-page-tabs';
import { useOrderDetail } from '../api/order-detail';
import { BookLtlDialog, isLtlOrder } from './book-ltl-dialog';
import { ConsolidateDialog } from './consolidate-dialog';
import { DuplicateOrderDialog } from './duplicate-order-dialog';
import { OrderStatusChip } from './order-card';

const SUB_PAGES = [
  { path: 'details', label: 'Details' },
  { path: 'logistics', label: 'Logistics' },
] as const;

/** The order the sub-pages show. */
export function useOrderOutlet() {
  return useOutletContext<OrderDetail>();
}

/** /orders/{orderNumber}/preview: the order, its actions, and the Details and Logistics tabs. */
export function OrderPreviewPage() {
  const { orderNumber = '' } = useParams();
  const detail = useOrderDetail(orderNumber);
  const [dialog, setDialog] = useState<'duplicate' | 'consolidate' | 'bookLtl' | null>(null);
  const order = detail.data;

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
        <IconButton component={Link} to="/orders" aria-label="Back to Orders">
          <ArrowBackIcon />
        </IconButton>
        <Typography
          variant="h5"
          component="h1"
          sx={{ flex: 1, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
        >
          Order {orderNumber}
        </Typography>
        {order && <OrderStatusChip status={order.status} />}
      </Stack>

      {detail.isPending ? (
        <Skeleton variant="rounded" height={140} />
      ) : detail.isError ? (
        <Alert severity="error">Order {orderNumber} could not be found.</Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, mb: 2 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {detail.data.origin ? formatPlace(detail.data.origin) : '—'} to{' '}
              {detail.data.destination ? formatPlace(detail.data.destination) : '—'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {detail.data.shippingMode.displayName} · {detail.data.equipmentMode.displayName} ·{' '}
              {detail.data.totalWeightPounds.toLocaleString('en-US')} lb ·{' '}
              {detail.data.totalPackageCount} units · Source {detail.data.orderSource}
              {detail.data.shipment && (
                <>
                  {' · '}
                  <MuiLink
                    component={Link}
                    to={`/all-shipments/${detail.data.shipment.shipmentNumber}/preview/details`}
                  >
                    Shipment {detail.data.shipment.shipmentNumber}
                  </MuiLink>{' '}
                  ({detail.data.shipment.status.displayName})
                </>
              )}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {detail.data.isEditable && (
                <Button variant="outlined" component={Link} to={`/orders/${orderNumber}/edit`}>
                  Edit
                </Button>
              )}
              <Button variant="outlined" onClick={() => setDialog('duplicate')}>
                Duplicate
              </Button>
              {detail.data.isEditable && (
                <Button variant="contained" onClick={() => setDialog('consolidate')}>
                  Consolidate
                </Button>
              )}
              {detail.data.isEditable && isLtlOrder(detail.data) && (
                <Button variant="contained" onClick={() => setDialog('bookLtl')}>
                  Book LTL
                </Button>
              )}
            </Stack>
          </Paper>
          <SubPageTabs label="Order sections" pages={SUB_PAGES} />
          <Box>
            <Outlet context={detail.data} />
          </Box>
          <DuplicateOrderDialog
            open={dialog === 'duplicate'}
            orderNumber={orderNumber}
            onClose={() => setDialog(null)}
          />
          {dialog === 'consolidate' && (
            <ConsolidateDialog order={detail.data} onClose={() => setDialog(null)} />
          )}
          {dialog === 'bookLtl' && (
            <BookLtlDialog order={detail.data} onClose={() => setDialog(null)} />
          )}
        </>
      )}
    </Container>
  );
}
