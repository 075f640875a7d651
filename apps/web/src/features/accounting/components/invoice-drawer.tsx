import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ApInvoiceDetail } from '@portal/contract';
import { ApInvoiceStatus, DOCUMENT_MESSAGES, EntityType, UploadKind } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DocumentTiles, uploadDropoffs, useOrderDropoffs } from '../../../shared/documents';
import { ChargesTable } from '../../../shared/invoices';
import { NotesPanel } from '../../../shared/notes';
import { useCurrentUser } from '../../../shared/session';
import { DetailDrawer, QueryContent } from '../../../shared/ui/detail-drawer';
import { useAccountingDetail } from '../api/invoice-detail';
import { accountingKeys } from '../api/keys';
import { ApStatusChip } from './ap-status-chip';
import { PayStatusNotice } from './pay-status';
import { QuickPayPanel } from './quick-pay-panel';
import { AccountingSidePanel } from './invoice-side-panel';
import { SubmitInvoiceForm } from './submit-invoice-form';

function InvoiceBody({ invoice }: { invoice: ApInvoiceDetail }) {
  const user = useCurrentUser();
  const client = useQueryClient();
  const dropoffs = useOrderDropoffs(invoice.shipmentNumber);
  const isCarrier = user.companyKind === 'carrier';
  const isDraft = invoice.apInvoiceStatus.value === ApInvoiceStatus.Draft;
  // Only the carrier files paper, until the invoice is paid.
  const readOnly = !isCarrier || invoice.apInvoiceStatus.value >= ApInvoiceStatus.PaidInFull;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Stack sx={{ gap: 2, minWidth: 0 }}>
        <PayStatusNotice payStatus={invoice.payStatus} />
        {isCarrier && isDraft && <SubmitInvoiceForm invoice={invoice} />}
        {isCarrier && <QuickPayPanel invoice={invoice} />}
        <Box component="section" aria-label="Documents">
          <DocumentTiles
            source={{ kind: 'apInvoice', id: invoice.id }}
            uploadKinds={[UploadKind.proofOfDelivery, UploadKind.apInvoice]}
            references={{ apInvoiceId: invoice.id, shipmentId: invoice.shipmentId }}
            dropoffs={uploadDropoffs(dropoffs.data)}
            emptyText={DOCUMENT_MESSAGES.noneForInvoice}
            readOnly={readOnly}
            onUploaded={() =>
              // A proof of delivery changes what the invoice is waiting for.
              void client.invalidateQueries({
                queryKey: accountingKeys.detail(invoice.invoiceNumber),
              })
            }
          />
        </Box>
        <ChargesTable charges={invoice.charges} />
        <NotesPanel entity={{ type: EntityType.AP_INVOICE, id: invoice.id }} title="Comments" />
      </Stack>
      <AccountingSidePanel invoice={invoice} />
    </Box>
  );
}

/**
 * /accounting/{invoiceNumber}/preview (and /invoices/...): the invoice over its list, so closing it
 * returns to the same view, filters, search and scroll position.
 */
export function AccountingInvoiceDrawer({ listPath }: { listPath: string }) {
  const { invoiceNumber = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const detail = useAccountingDetail(invoiceNumber);

  const close = () => {
    void client.invalidateQueries({ queryKey: accountingKeys.lists() });
    void navigate({ pathname: listPath, search: location.search });
  };
  const lane =
    detail.data?.lane.originCity && detail.data.lane.destinationCity
      ? `${detail.data.lane.originCity}, ${detail.data.lane.originState} to ${detail.data.lane.destinationCity}, ${detail.data.lane.destinationState}`
      : '';

  return (
    <DetailDrawer
      titleId="ap-invoice-title"
      title={`Invoice ${invoiceNumber}`}
      context={lane}
      badge={detail.data && <ApStatusChip status={detail.data.apInvoiceStatus} size="small" />}
      closeLabel="Close invoice"
      maxWidth={1080}
      onClose={close}
    >
      <QueryContent query={detail} placeholderHeights={[120, 220]}>
        {(invoice) => <InvoiceBody invoice={invoice} />}
      </QueryContent>
    </DetailDrawer>
  );
}
