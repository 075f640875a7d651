import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PaymentDetail } from '@portal/contract';
import { PAYMENT_DETAIL_PAGE_SIZE } from '@portal/domain';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatCalendarDate, formatMoney } from '../../../shared/format';
import { DetailDrawer, QueryContent } from '../../../shared/ui/detail-drawer';
import { paymentCsvHref, usePaymentDetail } from '../api/payments';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

function PaymentBody({
  payment,
  page,
  onPageChange,
}: {
  payment: PaymentDetail;
  page: number;
  onPageChange(page: number): void;
}) {
  return (
    <Stack sx={{ gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Remittance">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(4, minmax(0, 1fr))',
            },
            gap: 2,
          }}
        >
          <Fact label="Payment Date">{formatCalendarDate(payment.paymentDate)}</Fact>
          <Fact label="Method">{payment.paymentMethod}</Fact>
          <Fact label="Paid To">{payment.payee.name}</Fact>
          <Fact label="Carrier">{payment.carrier.name}</Fact>
          <Fact label="Invoices">{payment.invoiceCount}</Fact>
          <Fact label="Invoice Total">{formatMoney(payment.invoiceTotal)}</Fact>
          <Fact label="Fees">{formatMoney(payment.feeTotal)}</Fact>
          <Fact label="Amount Paid">{formatMoney(payment.amount)}</Fact>
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="paid-invoices-heading">
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5 }}>
          <Typography id="paid-invoices-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
            Invoices Paid
          </Typography>
          <Button
            href={paymentCsvHref(payment.checkNumber)}
            download
            startIcon={<DownloadIcon />}
            size="small"
          >
            CSV
          </Button>
        </Stack>
        <TableContainer>
          <Table size="small" aria-labelledby="paid-invoices-heading">
            <TableHead>
              <TableRow>
                <TableCell>Invoice</TableCell>
                <TableCell>Your Invoice #</TableCell>
                <TableCell>Shipment</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell align="right">Fee</TableCell>
                <TableCell align="right">Paid</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payment.invoices.data.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>
                    <MuiLink
                      component={Link}
                      to={`/accounting/${encodeURIComponent(invoice.invoiceNumber)}/preview`}
                    >
                      {invoice.invoiceNumber}
                    </MuiLink>
                  </TableCell>
                  <TableCell>{invoice.carrierInvoiceNumber ?? '—'}</TableCell>
                  <TableCell>{invoice.shipmentNumber ?? '—'}</TableCell>
                  <TableCell align="right">{formatMoney(invoice.invoiceAmount)}</TableCell>
                  <TableCell align="right">{formatMoney(invoice.quickPayFee)}</TableCell>
                  <TableCell align="right">{formatMoney(invoice.amountPaid)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TablePagination
                  count={payment.invoices.totalCount}
                  page={page - 1}
                  rowsPerPage={PAYMENT_DETAIL_PAGE_SIZE}
                  rowsPerPageOptions={[PAYMENT_DETAIL_PAGE_SIZE]}
                  onPageChange={(_, next) => onPageChange(next + 1)}
                />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}

/** /payments/{checkNumber}/preview: the remittance over its list, with the invoices it paid. */
export function PaymentDrawer() {
  const { checkNumber = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [page, setPage] = useState(1);
  const detail = usePaymentDetail(checkNumber, page);
  const close = () => void navigate({ pathname: '/payments', search: location.search });
  return (
    <DetailDrawer
      titleId="payment-title"
      title={`Check ${checkNumber}`}
      closeLabel="Close payment"
      maxWidth={960}
      onClose={close}
    >
      <QueryContent query={detail} placeholderHeights={[240]}>
        {(payment) => <PaymentBody payment={payment} page={page} onPageChange={setPage} />}
      </QueryContent>
    </DetailDrawer>
  );
}
