import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
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
import { TenderOfferStatus } from '@portal/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatInstant, formatMoney } from '../../../shared/format';
import { toast } from '../../../shared/notifications';
import {
  useAutomaticTendering,
  useStartWaterfall,
  useStopWaterfall,
  useTenderCarriers,
  useWaterfalls,
} from '../api/automatic-tendering';
import {
  isAnswerWindow,
  isTenderRate,
  ManualTenderForm,
  ManualTenders,
} from './manual-tender-form';
import { tenderAnswerText } from './tender-answer';

/** /operations/tendering: the operator's waterfalls, and one shipment's automatic tendering. */
export function OperatorTenderingPage() {
  const [params, setParams] = useSearchParams();
  const shipment = params.get('shipment') ?? '';
  const [typed, setTyped] = useState(shipment);
  const open = (number: string) => {
    setTyped(number);
    setParams(number ? { shipment: number } : {});
  };
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Automatic Tendering
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
        }}
      >
        <WaterfallQueue onOpen={open} current={shipment} />
        <Stack spacing={2}>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            onSubmit={(event) => {
              event.preventDefault();
              open(typed.trim());
            }}
          >
            <TextField
              size="small"
              label="Shipment number"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <Button type="submit" variant="outlined">
              Open
            </Button>
          </Stack>
          {shipment && <ShipmentTendering shipmentNumber={shipment} />}
        </Stack>
      </Box>
    </Box>
  );
}

function WaterfallQueue({ onOpen, current }: { onOpen(number: string): void; current: string }) {
  const waterfalls = useWaterfalls();
  return (
    <Card variant="outlined" component="section" aria-label="Waterfalls">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Waterfalls
        </Typography>
        {waterfalls.isError && <Alert severity="error">{waterfalls.error.message}</Alert>}
        {waterfalls.data?.data.length === 0 && (
          <Typography color="text.secondary">No waterfalls yet</Typography>
        )}
        <Stack spacing={1}>
          {waterfalls.data?.data.map((waterfall) => (
            <Box
              key={waterfall.id}
              component="button"
              type="button"
              onClick={() => onOpen(waterfall.shipmentNumber)}
              sx={{
                textAlign: 'left',
                p: 1.5,
                border: 1,
                borderRadius: 1,
                borderColor: current === waterfall.shipmentNumber ? 'primary.main' : 'divider',
                bgcolor: 'background.paper',
                cursor: 'pointer',
                font: 'inherit',
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  Shipment {waterfall.shipmentNumber}
                </Typography>
                <Chip
                  size="small"
                  label={waterfall.status}
                  color={
                    waterfall.status === 'Running'
                      ? 'info'
                      : waterfall.status === 'Accepted'
                        ? 'success'
                        : 'default'
                  }
                />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {formatMoney(waterfall.rate)} · step {Math.max(waterfall.currentPosition + 1, 0)} of{' '}
                {waterfall.steps}
                {waterfall.currentCarrier ? ` · ${waterfall.currentCarrier}` : ''}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ShipmentTendering({ shipmentNumber }: { shipmentNumber: string }) {
  const tendering = useAutomaticTendering(shipmentNumber);
  if (tendering.isPending) return <Typography>Loading…</Typography>;
  if (tendering.isError) return <Alert severity="error">{tendering.error.message}</Alert>;
  const state = tendering.data.data;
  return (
    <Stack spacing={2}>
      <WaterfallView state={state} />
      {state.manualTenders.length > 0 && <ManualTenders tenders={state.manualTenders} />}
      {state.canStart && <ManualTenderForm shipmentNumber={shipmentNumber} />}
      {state.canStart && <StartForm shipmentNumber={shipmentNumber} />}
    </Stack>
  );
}

function WaterfallView({ state }: { state: AutomaticTendering }) {
  const stop = useStopWaterfall(state.shipmentNumber);
  const waterfall = state.waterfall;
  return (
    <Card variant="outlined" component="section" aria-label={`Shipment ${state.shipmentNumber}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3">
            Shipment {state.shipmentNumber}
          </Typography>
          <Chip size="small" label={state.shipmentStatus.displayName} />
          {waterfall && <Chip size="small" color="info" label={`Waterfall ${waterfall.status}`} />}
          <Box sx={{ flex: 1 }} />
          {waterfall?.status === 'Running' && (
            <Button
              color="error"
              variant="outlined"
              disabled={stop.isPending}
              onClick={() =>
                stop.mutate(undefined, { onSuccess: () => toast.success('Waterfall stopped') })
              }
            >
              Stop Waterfall
            </Button>
          )}
        </Stack>
        {!waterfall ? (
          <Typography color="text.secondary">
            {state.canStart
              ? 'No waterfall yet: choose the carriers below.'
              : state.manualTenders.some(
                    (tender) =>
                      tender.tenderStatus.value === TenderOfferStatus.Sent && !tender.isExpired,
                  )
                ? 'A tender sent by hand is waiting for its answer.'
                : 'Automatic tendering starts on a Ready to Book load.'}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              At {formatMoney(waterfall.carrierRate.rate)}, started{' '}
              {formatInstant(waterfall.createdAt)}
            </Typography>
            <Table size="small" aria-label="Waterfall steps">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>Carrier</TableCell>
                  <TableCell>Window</TableCell>
                  <TableCell>Tender</TableCell>
                  <TableCell>Answer</TableCell>
                  <TableCell>Expires</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {waterfall.steps.map((step) => (
                  <TableRow
                    key={step.position}
                    selected={step.position === waterfall.currentPosition}
                  >
                    <TableCell>{step.position + 1}</TableCell>
                    <TableCell>{step.carrier.name}</TableCell>
                    <TableCell>{step.answerWindowMinutes} min</TableCell>
                    <TableCell>{step.tenderNumber ?? 'Not sent'}</TableCell>
                    <TableCell>{tenderAnswerText(step)}</TableCell>
                    <TableCell>{formatInstant(step.expiresAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

interface DraftStep {
  carrierId: string;
  answerWindowMinutes: number;
}

function StartForm({ shipmentNumber }: { shipmentNumber: string }) {
  const carriers = useTenderCarriers().data?.data ?? [];
  const start = useStartWaterfall(shipmentNumber);
  const [rate, setRate] = useState('');
  const [steps, setSteps] = useState<DraftStep[]>([]);
  const [adding, setAdding] = useState('');
  const rateValue = Number(rate);
  const valid =
    rate !== '' &&
    isTenderRate(rateValue) &&
    steps.length > 0 &&
    steps.every((step) => isAnswerWindow(step.answerWindowMinutes));
  const move = (index: number, by: number) =>
    setSteps((current) => {
      const next = [...current];
      const [step] = next.splice(index, 1);
      next.splice(index + by, 0, step!);
      return next;
    });
  const nameOf = (id: string) => carriers.find((carrier) => carrier.id === id)?.name ?? id;

  return (
    <Card variant="outlined" component="section" aria-label="Start automatic tendering">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Start Automatic Tendering
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Rate"
            size="small"
            value={rate}
            onChange={(event) => setRate(event.target.value.replace(/[^0-9.]/g, ''))}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
            sx={{ maxWidth: 220 }}
          />
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              label="Add carrier"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
              sx={{ minWidth: 260 }}
            >
              {carriers
                .filter((carrier) => !steps.some((step) => step.carrierId === carrier.id))
                .map((carrier) => (
                  <MenuItem key={carrier.id} value={carrier.id}>
                    {carrier.name}
                  </MenuItem>
                ))}
            </TextField>
            <Button
              disabled={!adding}
              onClick={() => {
                setSteps((current) => [...current, { carrierId: adding, answerWindowMinutes: 60 }]);
                setAdding('');
              }}
            >
              Add
            </Button>
          </Stack>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {steps.map((step, index) => (
              <li key={step.carrierId}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
                  <Typography sx={{ minWidth: 180 }}>{nameOf(step.carrierId)}</Typography>
                  <TextField
                    size="small"
                    type="number"
                    label="Answer window (min)"
                    value={step.answerWindowMinutes}
                    onChange={(event) =>
                      setSteps((current) =>
                        current.map((item, at) =>
                          at === index
                            ? { ...item, answerWindowMinutes: Number(event.target.value) }
                            : item,
                        ),
                      )
                    }
                    sx={{ width: 170 }}
                  />
                  <IconButton
                    aria-label="Move up"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label="Move down"
                    disabled={index === steps.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label="Remove"
                    onClick={() => setSteps((current) => current.filter((_, at) => at !== index))}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </li>
            ))}
          </Box>
          <Box>
            <Button
              variant="contained"
              disabled={!valid || start.isPending}
              onClick={() =>
                start.mutate(
                  {
                    carrierRate: {
                      rateType: 'Flat',
                      chargeRateType: 'LineHaul',
                      rate: Math.round(rateValue * 100) / 100,
                    },
                    carriers: steps,
                  },
                  { onSuccess: () => toast.success('Waterfall started') },
                )
              }
            >
              Start Waterfall
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
