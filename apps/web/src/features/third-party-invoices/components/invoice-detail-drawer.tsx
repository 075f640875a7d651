import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
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
import { DetailDrawer, QueryContent } from '../../../shared/ui/detail-drawer';
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
    <DetailDrawer
      titleId="invoice-detail-title"
      title={`Invoice ${invoiceNumber}`}
      context={lane ?? ''}
      badge={
        detail.data && (
          <InvoiceStatusChip
            status={detail.data.status}
            label={
              THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[
                detail.data.status as ThirdPartyInvoiceStatus
              ] ?? detail.data.status
            }
            size="small"
          />
        )
      }
      closeLabel="Close invoice"
      maxWidth={1040}
      onClose={close}
    >
      <QueryContent query={detail} placeholderHeights={[120, 220]}>
        {(invoice) => <InvoiceBody invoice={invoice} />}
      </QueryContent>
      <ExpiredTrackingTokenDialog />
    </DetailDrawer>
  );
}
