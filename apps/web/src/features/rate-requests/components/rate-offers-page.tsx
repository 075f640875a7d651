import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OPERATOR_RATE_OFFER_VIEWS, RATE_REQUEST_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatInstant, formatMoney, formatPlace } from '../../../shared/format';
import { toast } from '../../../shared/notifications';
import { useAwardOffer, useRateCarriers, useSendRateRequests } from '../api/operator-rate-requests';
import { useRateRequestDetail, useRateRequestList } from '../api/rate-requests';
import { RateRequestCard } from './rate-request-card';

/** /operations/rate-requests: the operator asks carriers to price loads and awards their offers. */
export function RateOffersPage() {
  const [params, setParams] = useSearchParams();
  // The offers to award first: the queue the Operations page counts.
  const view =
    OPERATOR_RATE_OFFER_VIEWS.find((candidate) => candidate.id === params.get('view')) ??
    OPERATOR_RATE_OFFER_VIEWS[0];
  const selected = params.get('request');
  const requests = useRateRequestList({
    ...(view.id === 'all' ? {} : { statuses: [...view.statuses] }),
    ...(view.awardableOnly ? { awardableOnly: true } : {}),
  });
  const items = requests.data?.pages.flatMap((page) => page.data) ?? [];
  const set = (next: Record<string, string | null>) => {
    const query = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value === null) query.delete(name);
      else query.set(name, value);
    }
    setParams(query);
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Rate Offers
      </Typography>
      <AskCarriers />
      <Tabs
        value={view.id}
        onChange={(_, value: string) => set({ view: value, request: null })}
        aria-label="Rate request views"
        variant="scrollable"
        sx={{ mb: 2 }}
      >
        {OPERATOR_RATE_OFFER_VIEWS.map((candidate) => (
          <Tab key={candidate.id} value={candidate.id} label={candidate.label} />
        ))}
      </Tabs>
      {requests.isError && <Alert severity="error">{requests.error.message}</Alert>}
      {requests.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">{RATE_REQUEST_MESSAGES.noMatchingRequests}</Typography>
      )}
      <Stack spacing={1.5}>
        {items.map((request) => (
          <RateRequestCard
            key={request.id}
            request={request}
            to={`/operations/rate-requests?${new URLSearchParams({ view: view.id, request: request.id }).toString()}`}
          />
        ))}
      </Stack>
      {requests.hasNextPage && (
        <Button onClick={() => void requests.fetchNextPage()} sx={{ mt: 2 }}>
          More
        </Button>
      )}
      {selected && <OfferDrawer id={selected} onClose={() => set({ request: null })} />}
    </Box>
  );
}

function OfferDrawer({ id, onClose }: { id: string; onClose(): void }) {
  const detail = useRateRequestDetail(id);
  const award = useAwardOffer(id);
  const request = detail.data?.data;
  return (
    <Drawer anchor="right" open onClose={onClose}>
      <Box sx={{ width: { xs: '100vw', sm: 420 }, p: 2 }} role="region" aria-label="Rate offer">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {request ? `Shipment ${request.shipmentNumber}` : 'Rate offer'}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        {detail.isError && <Alert severity="error">{detail.error.message}</Alert>}
        {request && (
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            <Typography>
              {formatPlace(request.origin)} to {formatPlace(request.destination)}
            </Typography>
            <Typography variant="body2">Carrier: {request.carrier.name}</Typography>
            <Typography variant="body2">Customer: {request.customer.name}</Typography>
            <Typography variant="body2">Pickup: {formatInstant(request.pickupAt)}</Typography>
            <Typography variant="body2">
              Load status: {request.shipmentStatus?.displayName ?? '—'}
            </Typography>
            <Typography variant="h5" component="p">
              {request.offeredRate === null ? 'No offer yet' : formatMoney(request.offeredRate)}
            </Typography>
            {request.respondingContact && (
              <Typography variant="body2">
                Offered by {request.respondingContact.name} on {formatInstant(request.respondedAt)}
              </Typography>
            )}
            {request.awardRefusal ? (
              <Alert severity="info">{request.awardRefusal}</Alert>
            ) : (
              <Button
                variant="contained"
                disabled={award.isPending}
                onClick={() =>
                  award.mutate(undefined, {
                    onSuccess: () => toast.success(RATE_REQUEST_MESSAGES.awarded),
                  })
                }
              >
                Award Offer
              </Button>
            )}
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}

function AskCarriers() {
  const carriers = useRateCarriers().data?.data ?? [];
  const send = useSendRateRequests();
  const [shipmentNumber, setShipmentNumber] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Card variant="outlined" component="section" aria-label="Ask carriers for rates" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Ask Carriers for Rates
        </Typography>
        <Stack
          component="form"
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(
              { shipmentNumber: shipmentNumber.trim(), carrierIds: chosen },
              {
                onSuccess: (answer) => {
                  toast.success(`Rate requests sent to ${answer.data.length} carrier(s)`);
                  setChosen([]);
                },
              },
            );
          }}
        >
          <TextField
            size="small"
            label="Shipment number"
            value={shipmentNumber}
            onChange={(event) => setShipmentNumber(event.target.value)}
          />
          <FormControl size="small" sx={{ minWidth: 280 }}>
            <InputLabel id="ask-carriers-label">Carriers</InputLabel>
            <Select
              labelId="ask-carriers-label"
              label="Carriers"
              multiple
              value={chosen}
              onChange={(event) => {
                const value = event.target.value;
                setChosen(typeof value === 'string' ? value.split(',') : value);
              }}
              renderValue={(ids) =>
                ids
                  .map((id) => carriers.find((carrier) => carrier.id === id)?.name ?? id)
                  .join(', ')
              }
            >
              {carriers.map((carrier) => (
                <MenuItem key={carrier.id} value={carrier.id}>
                  <Checkbox size="small" checked={chosen.includes(carrier.id)} />
                  <ListItemText primary={carrier.name} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button
            type="submit"
            variant="outlined"
            disabled={!shipmentNumber.trim() || chosen.length === 0 || send.isPending}
          >
            Send Rate Requests
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
