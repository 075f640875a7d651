import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceDetail } from '@portal/contract';
import {
  DOCUMENT_MESSAGES,
  EntityType,
  isThirdPartyInvoiceReadOnly,
  THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES,
  UploadKind,
  type ShipmentStatus,
  type ThirdPartyInvoiceStatus,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DocumentTiles, uploadDropoffs } from '../../../shared/documents';
import { NotesPanel } from '../../../shared/notes';
import { useInvoiceDetail } from '../api/invoice-detail';
import { useInvoiceShipment, useOrderDropoffs } from '../api/invoice-shipment';
import { thirdPartyInvoiceKeys } from '../api/keys';
import { AddInvoiceForm } from './add-invoice-form';
import { ChargesTable } from '../../../shared/invoices';
import { ExpiredTrackingTokenDialog } from './expired-token-dialog';
import { InvoiceSidePanel } from './invoice-side-panel';
import { InvoiceStatusChip } from './invoice-status-chip';

import { LIST_PATH } from './paths';

function InvoiceBody({ invoice }: { invoice: InvoiceDetail }) {
  const shipment = useInvoiceShipment(invoice.shipmentId);
  const shipmentNumber = shipment.data?.shipmentNumber;
  const dropoffs = useOrderDropoffs(shipmentNumber);
  const shipmentStatus = shipment.data?.status.value as ShipmentStatus | undefined;
  const readOnly = isThirdPartyInvoiceReadOnly(invoice.status);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 280px' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Stack sx={{ gap: 2, minWidth: 0 }}>
        <AddInvoiceForm key={invoice.version} invoice={invoice} shipmentStatus={shipmentStatus} />
        <Box component="section" aria-label="Documents">
          <DocumentTiles
            source={{ kind: 'thirdPartyInvoice', id: invoice.id }}
            uploadKinds={[UploadKind.proofOfDelivery, UploadKind.thirdParty]}
            references={{ thirdPartyInvoiceId: invoice.id, shipmentId: invoice.shipmentId }}
            dropoffs={uploadDropoffs(dropoffs.data)}
            emptyText={DOCUMENT_MESSAGES.noneForInvoice}
            readOnly={readOnly}
          />
        </Box>
        <ChargesTable charges={invoice.charges} />
        <NotesPanel entity={{ type: EntityType.THIRD_PARTY, id: invoice.id }} title="Comments" />
      </Stack>
      <InvoiceSidePanel
        invoice={invoice}
        shipmentNumber={shipmentNumber}
        shipmentStatus={shipmentStatus}
      />
    </Box>
  );
}

/**
 * /third-party-payer-invoices/{invoiceNumber}/preview: the invoice over its list, so closing it
 * returns to the same view, filters, search and scroll position.
 */
export function InvoiceDetailDrawer() {
  const { invoiceNumber = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const detail = useInvoiceDetail(invoiceNumber);
  const shipment = useInvoiceShipment(detail.data?.shipmentId);

  const close = () => {
    // Uploads and comments change the card's counts; the list reads them again.
    void client.invalidateQueries({ queryKey: thirdPartyInvoiceKeys.lists() });
    void client.invalidateQueries({ queryKey: thirdPartyInvoiceKeys.counts() });
    void navigate({ pathname: LIST_PATH, search: location.search });
  };

  const lane = shipment.data
    ? `${shipment.data.origin.city}, ${shipment.data.origin.state} to ${shipment.data.destination.city}, ${shipment.data.destination.state}`
    : undefined;

  return (
    <Drawer
      anchor="right"
      open
      onClose={close}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', md: 'min(1040px, calc(100% - 120px))' }, bgcolor: 'grey.50' },
          role: 'dialog',
          'aria-labelledby': 'invoice-detail-title',
        },
      }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 1.5, sm: 3 },
          py: 1.5,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          zIndex: 1,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {lane ?? ' '}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id="invoice-detail-title" variant="h6" component="h1">
              Invoice {invoiceNumber}
            </Typography>
            {detail.data && (
              <InvoiceStatusChip
                status={detail.data.status}
                label={
                  THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[
                    detail.data.status as ThirdPartyInvoiceStatus
                  ] ?? detail.data.status
                }
                size="small"
              />
            )}
          </Stack>
        </Box>
        <IconButton onClick={close} aria-label="Close invoice">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
        {detail.isPending ? (
          <Stack sx={{ gap: 2 }}>
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={220} />
          </Stack>
        ) : detail.isError ? (
          <Alert severity="error">{detail.error.message}</Alert>
        ) : (
          <InvoiceBody invoice={detail.data} />
        )}
      </Box>
      <ExpiredTrackingTokenDialog />
    </Drawer>
  );
}
