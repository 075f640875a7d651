import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RateRequestDetail } from '@portal/contract';
import { RATE_REQUEST_MESSAGES, TENDER_RATE_MAX_DOLLARS } from '@portal/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { formatInstant, formatMoney, formatPlace } from '../../../shared/format';
import { toast } from '../../../shared/notifications';
import { useCurrentUser } from '../../../shared/session';
import { useRateRequestDetail, useRespondToRateRequest } from '../api/rate-requests';
import { RateRequestStatusChip } from './rate-request-card';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * /rates/{rateId}/preview (the request and the answer) and /rates/{rateId}/preview/details (the
 * load's stops and measures).
 */
export function RateRequestPage({ part }: { part: 'preview' | 'details' }) {
  const { rateId = '' } = useParams();
  const detail = useRateRequestDetail(rateId);
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Button component={RouterLink} to="/rates" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Rate Requests
      </Button>
      {detail.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : detail.isError ? (
        <Alert severity="error">
          {detail.error.message === 'Rate request not found'
            ? 'Rate request not found.'
            : detail.error.message}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <RateRequestHeader request={detail.data.data} />
          <Stack direction="row" spacing={1}>
            <Button
              component={RouterLink}
              to={`/rates/${rateId}/preview`}
              variant={part === 'preview' ? 'contained' : 'text'}
            >
              Answer
            </Button>
            <Button
              component={RouterLink}
              to={`/rates/${rateId}/preview/details`}
              variant={part === 'details' ? 'contained' : 'text'}
            >
              Details
            </Button>
          </Stack>
          {part === 'preview' ? (
            <AnswerPanel request={detail.data.data} />
          ) : (
            <LoadDetails request={detail.data.data} />
          )}
        </Stack>
      )}
    </Box>
  );
}

function RateRequestHeader({ request }: { request: RateRequestDetail }) {
  return (
    <Card variant="outlined" component="header">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
            Rate Request · Shipment {request.shipmentNumber}
          </Typography>
          <RateRequestStatusChip request={request} />
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1, mt: 1, alignItems: { sm: 'center' } }}
        >
          <Typography variant="h6" component="p">
            {formatPlace(request.origin)}
          </Typography>
          <ArrowForward color="action" aria-label="to" />
          <Typography variant="h6" component="p">
            {formatPlace(request.destination)}
          </Typography>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            gap: 2,
            mt: 2,
          }}
        >
          <Fact label="Customer" value={request.customer.name} />
          <Fact label="Pickup" value={formatInstant(request.pickupAt)} />
          <Fact label="Delivery" value={formatInstant(request.deliveryAt)} />
          <Fact label="Equipment" value={request.equipment.join(', ') || '—'} />
        </Box>
      </CardContent>
    </Card>
  );
}

function AnswerPanel({ request }: { request: RateRequestDetail }) {
  const user = useCurrentUser();
  const respond = useRespondToRateRequest(request.id);
  const [amount, setAmount] = useState('');
  const value = Number(amount);
  const valid = amount.trim() !== '' && value > 0 && value <= TENDER_RATE_MAX_DOLLARS;
  const base = { shipmentId: request.shipmentId, respondingContactId: user.id };

  return (
    <Card variant="outlined" component="section" aria-label="Your answer">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Your Answer
        </Typography>
        {request.offeredRate !== null && (
          <Typography sx={{ mb: 1 }}>
            Offered {formatMoney(request.offeredRate)} on {formatInstant(request.respondedAt)}
            {request.respondingContact ? ` by ${request.respondingContact.name}` : ''}.
          </Typography>
        )}
        {request.awardedAt && (
          <Alert severity="success" sx={{ mb: 1 }}>
            Your offer was awarded: the shipment is booked to you.
          </Alert>
        )}
        {request.answerRefusal ? (
          <Alert severity="info">{request.answerRefusal}</Alert>
        ) : (
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
            onSubmit={(event) => {
              event.preventDefault();
              if (!valid) return;
              respond.mutate(
                { ...base, response: 'Offer', amount: Math.round(value * 100) / 100 },
                { onSuccess: () => toast.success(RATE_REQUEST_MESSAGES.offered) },
              );
            }}
          >
            <TextField
              label="Offer Amount"
              size="small"
              value={amount}
              onChange={(event) => setAmount(event.target.value.replace(/[^0-9.]/g, ''))}
              error={amount !== '' && !valid}
              helperText={amount !== '' && !valid ? 'Enter an amount above $0' : ' '}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
            <Button type="submit" variant="contained" disabled={!valid || respond.isPending}>
              Send Offer
            </Button>
            <Button
              color="error"
              disabled={respond.isPending}
              onClick={() =>
                respond.mutate(
                  { ...base, response: 'Decline' },
                  { onSuccess: () => toast.success(RATE_REQUEST_MESSAGES.declined) },
                )
              }
            >
              Decline
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function LoadDetails({ request }: { request: RateRequestDetail }) {
  return (
    <Card variant="outlined" component="section" aria-label="Load details">
      <CardContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2, mb: 2 }}>
          <Fact label="Status" value={request.shipmentStatus?.displayName ?? '—'} />
          <Fact
            label="Distance"
            value={request.totalMiles ? `${request.totalMiles.toLocaleString('en-US')} mi` : '—'}
          />
          <Fact
            label="Weight"
            value={
              request.totalWeightPounds
                ? `${request.totalWeightPounds.toLocaleString('en-US')} lb`
                : '—'
            }
          />
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Stops
        </Typography>
        {request.stops.length === 0 ? (
          <Typography color="text.secondary">The load is no longer open to you.</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {request.stops.map((stop) => (
              <Box
                component="li"
                key={stop.shipmentStopId}
                sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
              >
                <Chip size="small" label={`${stop.stopNumber}. ${stop.stopType}`} sx={{ mr: 1 }} />
                {stop.locationAddress.city}, {stop.locationAddress.state} {stop.locationAddress.zip}
                <Typography variant="body2" color="text.secondary">
                  {stop.early?.local.replace('T', ' ') ?? '—'} to{' '}
                  {stop.late?.local.replace('T', ' ') ?? '—'} ({stop.ianaTimezone})
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
