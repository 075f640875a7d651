import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TenderDetail } from '@portal/contract';
import { TENDER_MESSAGES, TenderOfferStatus } from '@portal/domain';
import { useCallback, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { toast } from '../../../shared/notifications';
import { useAnswerTender } from '../api/answer-tender';
import { useTenderDetail } from '../api/tender-detail';
import { formatInstant, formatMoney, formatPlace } from '../../../shared/format';
import { RejectTenderDialog } from './reject-tender-dialog';
import { TenderStatusChip } from './tender-status-chip';
import { TimeLeft } from './time-left';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

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

/** /tenders/{tenderId} and /tenders/{shipmentNumber}: the offer, the load, the time left, the answer. */
export function TenderDetailPage() {
  const { tenderIdOrShipmentNumber = '' } = useParams();
  const detail = useTenderDetail(tenderIdOrShipmentNumber);
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Button component={RouterLink} to="/tenders" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Tenders
      </Button>
      {detail.isPending ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : detail.isError ? (
        <Alert severity="error">
          {detail.error.message === 'Tender not found'
            ? 'Tender not found. It may have been sent to another carrier.'
            : detail.error.message}
        </Alert>
      ) : (
        <TenderView tender={detail.data.data} onExpired={() => void detail.refetch()} />
      )}
    </Box>
  );
}

function TenderView({ tender, onExpired }: { tender: TenderDetail; onExpired(): void }) {
  const answer = useAnswerTender(tender.id);
  const [rejecting, setRejecting] = useState(false);
  const [expiredHere, setExpiredHere] = useState(false);
  const open = tender.status.value === TenderOfferStatus.Sent && !tender.isExpired;
  const refusal = tender.answerRefusal ?? (expiredHere ? TENDER_MESSAGES.expired : null);
  const handleExpired = useCallback(() => {
    setExpiredHere(true);
    onExpired();
  }, [onExpired]);

  const accept = () =>
    answer.mutate(
      { status: TenderOfferStatus.Accepted, carrierRate: tender.carrierRate },
      { onSuccess: () => toast.success(TENDER_MESSAGES.accepted) },
    );
  const reject = (rejectionReason: string) =>
    answer.mutate(
      { status: TenderOfferStatus.Rejected, rejectionReason },
      {
        onSuccess: () => {
          setRejecting(false);
          toast.success(TENDER_MESSAGES.rejected);
        },
      },
    );

  return (
    <Stack spacing={2}>
      <Card variant="outlined" component="header">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
              Tender {tender.tenderNumber}
            </Typography>
            <TenderStatusChip tender={tender} />
            {open && (
              <TimeLeft expiresAt={tender.expiresAt} size="medium" onExpired={handleExpired} />
            )}
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ alignItems: { sm: 'center' }, gap: 1, mt: 1 }}
          >
            <Typography variant="h6" component="p">
              {formatPlace(tender.origin)}
            </Typography>
            <ArrowForward color="action" aria-label="to" />
            <Typography variant="h6" component="p">
              {formatPlace(tender.destination)}
            </Typography>
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' },
              gap: 2,
              mt: 2,
            }}
          >
            <Fact label="Offered Rate" value={formatMoney(tender.carrierRate.rate)} />
            <Fact
              label="Rate Type"
              value={`${tender.carrierRate.rateType} · ${tender.carrierRate.chargeRateType}`}
            />
            <Fact label="Customer" value={tender.customer.name} />
            <Fact
              label="Shipment"
              value={
                tender.status.value === TenderOfferStatus.Accepted ? (
                  <Link
                    component={RouterLink}
                    to={`/all-shipments/${tender.shipmentNumber}/preview/details`}
                  >
                    {tender.shipmentNumber}
                  </Link>
                ) : (
                  tender.shipmentNumber
                )
              }
            />
            <Fact label="Answer By" value={formatInstant(tender.expiresAt)} />
          </Box>
          {refusal && (
            <Alert
              severity={tender.status.value === TenderOfferStatus.Accepted ? 'success' : 'info'}
              sx={{ mt: 2 }}
            >
              {refusal}
            </Alert>
          )}
          {tender.rejectionReason && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Reason given: {tender.rejectionReason}
            </Typography>
          )}
          {open && !refusal && (
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button variant="contained" onClick={accept} disabled={answer.isPending}>
                Accept Tender
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => setRejecting(true)}
                disabled={answer.isPending}
              >
                Reject
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Section title="Stops">
          {tender.stops.length === 0 ? (
            <Typography color="text.secondary">
              The load's stops are shown while the tender is open.
            </Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {tender.stops.map((stop) => (
                <Box
                  component="li"
                  key={stop.shipmentStopId}
                  sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Chip size="small" label={`${stop.stopNumber}. ${stop.stopType}`} />
                    <Typography sx={{ fontWeight: 600 }}>{stop.locationName ?? ''}</Typography>
                  </Stack>
                  <Typography variant="body2">
                    {stop.locationAddress.addressLine1
                      ? `${stop.locationAddress.addressLine1}, `
                      : ''}
                    {stop.locationAddress.city}, {stop.locationAddress.state}{' '}
                    {stop.locationAddress.zip}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {stop.appointment
                      ? `Appointment ${stop.appointment.local.replace('T', ' ')}`
                      : `${stop.early?.local.replace('T', ' ') ?? '—'} to ${stop.late?.local.replace('T', ' ') ?? '—'}`}{' '}
                    ({stop.ianaTimezone})
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Section>
        <Stack spacing={2}>
          <Section title="Equipment">
            <Stack spacing={1}>
              <Fact label="Equipment" value={tender.equipment.join(', ') || '—'} />
              <Fact
                label="Length"
                value={tender.equipmentLengthFeet ? `${tender.equipmentLengthFeet} ft` : '—'}
              />
              <Fact
                label="Weight"
                value={
                  tender.totalWeightPounds
                    ? `${tender.totalWeightPounds.toLocaleString('en-US')} lb`
                    : '—'
                }
              />
              <Fact
                label="Distance"
                value={tender.totalMiles ? `${tender.totalMiles.toLocaleString('en-US')} mi` : '—'}
              />
            </Stack>
          </Section>
          <Section title="Requirements">
            {tender.requirements.length === 0 ? (
              <Typography color="text.secondary">No special requirements</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {tender.requirements.map((requirement) => (
                  <li key={requirement.requirement}>
                    <Typography variant="body2">
                      {requirement.requirement}
                      {requirement.description ? `: ${requirement.description}` : ''}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Section>
        </Stack>
      </Box>
      <RejectTenderDialog
        open={rejecting}
        pending={answer.isPending}
        onClose={() => setRejecting(false)}
        onReject={reject}
      />
    </Stack>
  );
}
