import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { InvoiceCharge } from '@portal/contract';
import { INVOICE_MESSAGES } from '@portal/domain';
import { Link } from 'react-router';
import { formatMoney, toCents } from '../format';

/** A charge of either kind of invoice; a carrier invoice's accessorials name their request. */
type Charge = InvoiceCharge & { caseNumber?: string | null };

const chargeTotalCents = (charge: Charge) => Math.round(toCents(charge.rate) * charge.units);

/** Charges: Description, Rate Type, Rate, Unit, Total, and a summary row with the sum. */
export function ChargesTable({ charges }: { charges: readonly Charge[] }) {
  const totalCents = charges.reduce((sum, charge) => sum + chargeTotalCents(charge), 0);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="invoice-charges-heading">
      <Typography id="invoice-charges-heading" variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        Charges
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="invoice-charges-heading">
          <TableHead>
            <TableRow>
              <TableCell>Description</TableCell>
              <TableCell>Rate Type</TableCell>
              <TableCell align="right">Rate</TableCell>
              <TableCell align="right">Unit</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {charges.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                  {INVOICE_MESSAGES.noCharges}
                </TableCell>
              </TableRow>
            ) : (
              <>
                {charges.map((charge) => (
                  <TableRow key={charge.id}>
                    <TableCell>
                      {charge.description}
                      {charge.caseNumber && (
                        <>
                          {' '}
                          <MuiLink
                            component={Link}
                            to={`/cases/${encodeURIComponent(charge.caseNumber)}/preview`}
                          >
                            (Accessorial Request {charge.caseNumber})
                          </MuiLink>
                        </>
                      )}
                    </TableCell>
                    <TableCell>{charge.chargeTypeName}</TableCell>
                    <TableCell align="right">{formatMoney(charge.rate)}</TableCell>
                    <TableCell align="right">{charge.units}</TableCell>
                    <TableCell align="right">
                      {formatMoney(chargeTotalCents(charge) / 100)}
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
                  <TableCell colSpan={4}>Total</TableCell>
                  <TableCell align="right">{formatMoney(totalCents / 100)}</TableCell>
                </TableRow>
              </>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
