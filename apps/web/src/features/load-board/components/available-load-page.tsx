import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ShipmentStatus } from '@portal/domain';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useAvailableLoad } from '../api/load-board';
import { miles, perMile, placeName, pounds, stopWindow } from './format';
import { problemText } from './problem-text';
import { RatesPanel } from './rates-panel';
import { formatMoney } from '../../../shared/format/money';

/** /available-freight/{n}: one load with its stops, requirements and rates, and Book. */
export function AvailableLoadPage() {
  const { shipmentNumber = '' } = useParams();
  const load = useAvailableLoad(shipmentNumber);
  if (load.isPending)
    return <Skeleton variant="rounded" height={320} aria-label="Loading the load" />;
  if (load.isError) {
    const gone = load.error instanceof ApiError && load.error.status === 404;
    return (
      <Stack sx={{ gap: 2, maxWidth: 900, mx: 'auto' }}>
        <Alert severity={gone ? 'warning' : 'error'}>
          {gone
            ? `Load ${shipmentNumber} is no longer on the load board.`
            : problemText(load.error)}
        </Alert>
        <Button
          component={Link}
          to="/available-freight"
          startIcon={<ArrowBackIcon />}
          sx={{ alignSelf: 'flex-start' }}
        >
          Top Picks
        </Button>
      </Stack>
    );
  }
  const data = load.data.data;
  const onBoard = data.status.value === ShipmentStatus.ReadyToBook;
  return (
    <Stack sx={{ gap: 2, maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Button
        component={Link}
        to="/available-freight"
        startIcon={<ArrowBackIcon />}
        sx={{ alignSelf: 'flex-start' }}
      >
        Top Picks
      </Button>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ gap: 1, justifyContent: 'space-between' }}
        >
          <Stack>
            <Typography variant="h5" component="h2">
              {placeName(data.origin)} → {placeName(data.destination)}
            </Typography>
            <Stack direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
              <Chip size="small" label={`Load ${data.shipmentNumber}`} />
              <Chip
                size="small"
                color={onBoard ? 'info' : 'primary'}
                label={data.status.displayName}
              />
              <Chip size="small" label={data.shippingMode.displayName} />
              {data.equipmentNames.map((name) => (
                <Chip key={name} size="small" variant="outlined" label={name} />
              ))}
              {data.isHazmat && <Chip size="small" color="warning" label="Hazmat" />}
              {data.isTeamRequired && <Chip size="small" color="warning" label="Team required" />}
            </Stack>
          </Stack>
          <Stack sx={{ alignItems: { md: 'flex-end' } }}>
            <Typography variant="h5" component="p" color="primary">
              {formatMoney(data.price)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {perMile(data.ratePerMile)} · {miles(data.miles)} · {pounds(data.weightPounds)}
            </Typography>
          </Stack>
        </Stack>
      </Paper>
      {!onBoard && (
        <Alert severity="success">
          You booked this load.{' '}
          <Link to={`/all-shipments/${data.shipmentNumber}/preview/details`}>
            Open the shipment
          </Link>
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper
            variant="outlined"
            sx={{ p: 2, height: '100%' }}
            component="section"
            aria-label="Stops"
          >
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Stops
            </Typography>
            <Stack sx={{ gap: 1.5 }}>
              {data.stops.map((stop) => (
                <Stack key={stop.stopNumber}>
                  <Typography variant="subtitle2">
                    {stop.stopNumber}. {stop.stopType}: {stop.locationName ?? placeName(stop)}
                  </Typography>
                  <Typography variant="body2">{placeName(stop)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {stopWindow({
                      early: stop.early,
                      late: stop.late,
                      ianaTimezone: stop.ianaTimezone,
                    })}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper
            variant="outlined"
            sx={{ p: 2, height: '100%' }}
            component="section"
            aria-label="Requirements"
          >
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Requirements
            </Typography>
            {data.commodity && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                Commodity: {data.commodity}
              </Typography>
            )}
            {data.requirements.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No special requirements.
              </Typography>
            ) : (
              <Stack sx={{ gap: 0.5 }}>
                {data.requirements.map((requirement) => (
                  <Typography key={requirement.requirement} variant="body2">
                    <strong>{requirement.requirement}</strong>
                    {requirement.description ? `: ${requirement.description}` : ''}
                  </Typography>
                ))}
              </Stack>
            )}
          </Paper>
        </Grid>
      </Grid>
      <RatesPanel load={data} bookable={onBoard} />
    </Stack>
  );
}
