import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AutomaticTendering } from '@portal/contract';
import {
  TENDER_ANSWER_WINDOW_MINUTES_MAX,
  TENDER_ANSWER_WINDOW_MINUTES_MIN,
  TENDER_RATE_MAX_DOLLARS,
} from '@portal/domain';
import { useState } from 'react';
import { formatInstant, formatMoney } from '../../../shared/format';
import { toast } from '../../../shared/notifications';
import { useSendManualTender, useTenderCarriers } from '../api/automatic-tendering';
import { tenderAnswerText } from './tender-answer';

/** A tender's rate in dollars: above zero, at most the largest a tender may carry. */
export const isTenderRate = (dollars: number) => dollars > 0 && dollars <= TENDER_RATE_MAX_DOLLARS;

/** An answer window in whole minutes, within the allowed range. */
export const isAnswerWindow = (minutes: number) =>
  Number.isInteger(minutes) &&
  minutes >= TENDER_ANSWER_WINDOW_MINUTES_MIN &&
  minutes <= TENDER_ANSWER_WINDOW_MINUTES_MAX;

/** The operator tenders a Ready to Book load to one carrier, with an answer window. */
export function ManualTenderForm({ shipmentNumber }: { shipmentNumber: string }) {
  const carriers = useTenderCarriers().data?.data ?? [];
  const send = useSendManualTender(shipmentNumber);
  const [carrierId, setCarrierId] = useState('');
  const [rate, setRate] = useState('');
  const [minutes, setMinutes] = useState('60');
  const rateValue = Number(rate);
  const windowValue = Number(minutes);
  const valid =
    carrierId !== '' && rate !== '' && isTenderRate(rateValue) && isAnswerWindow(windowValue);
  return (
    <Card variant="outlined" component="section" aria-label="Tender to one carrier">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Tender to One Carrier
        </Typography>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            send.mutate(
              {
                carrierId,
                answerWindowMinutes: windowValue,
                carrierRate: {
                  rateType: 'Flat',
                  chargeRateType: 'LineHaul',
                  rate: Math.round(rateValue * 100) / 100,
                },
              },
              {
                onSuccess: (answer) => {
                  const sent = answer.data.manualTenders[0];
                  toast.success(
                    sent
                      ? `Tender ${sent.tenderNumber} sent to ${sent.carrier.name}`
                      : 'Tender sent',
                  );
                },
              },
            );
          }}
        >
          <TextField
            select
            size="small"
            label="Carrier"
            value={carrierId}
            onChange={(event) => setCarrierId(event.target.value)}
            sx={{ maxWidth: 360 }}
          >
            {carriers.map((carrier) => (
              <MenuItem key={carrier.id} value={carrier.id}>
                {carrier.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Rate"
              size="small"
              value={rate}
              onChange={(event) => setRate(event.target.value.replace(/[^0-9.]/g, ''))}
              error={rate !== '' && !isTenderRate(rateValue)}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
              sx={{ maxWidth: 220 }}
            />
            <TextField
              label="Answer window (min)"
              size="small"
              type="number"
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
              error={!isAnswerWindow(windowValue)}
              helperText={`${TENDER_ANSWER_WINDOW_MINUTES_MIN} to ${TENDER_ANSWER_WINDOW_MINUTES_MAX} minutes`}
              sx={{ maxWidth: 220 }}
            />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={!valid || send.isPending}>
              Send Tender
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The tenders the operator sent by hand on this load, and how each was answered. */
export function ManualTenders({ tenders }: { tenders: AutomaticTendering['manualTenders'] }) {
  return (
    <Card variant="outlined" component="section" aria-label="Tenders sent by hand">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Tenders Sent by Hand
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Tenders sent by hand">
            <TableHead>
              <TableRow>
                <TableCell>Tender</TableCell>
                <TableCell>Carrier</TableCell>
                <TableCell>Rate</TableCell>
                <TableCell>Answer</TableCell>
                <TableCell>Expires</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tenders.map((tender) => (
                <TableRow key={tender.tenderId}>
                  <TableCell>{tender.tenderNumber}</TableCell>
                  <TableCell>{tender.carrier.name}</TableCell>
                  <TableCell>{formatMoney(tender.rate)}</TableCell>
                  <TableCell>{tenderAnswerText(tender)}</TableCell>
                  <TableCell>{formatInstant(tender.expiresAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}
