import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoadBoardItem } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { miles, perMile, placeName, pounds, stopWindow } from './format';
import { formatMoney } from '../../../shared/format/money';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack sx={{ minWidth: 90 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** One load on a load board list: lane, windows, equipment, weight, miles, deadhead, price. */
export function LoadCard({ load, extra }: { load: LoadBoardItem; extra?: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardActionArea
        component={Link}
        to={`/available-freight/${load.shipmentNumber}`}
        aria-label={`Load ${load.shipmentNumber}: ${load.origin.city}, ${load.origin.state} to ${load.destination.city}, ${load.destination.state}`}
      >
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {placeName(load.origin)}
              </Typography>
              <ArrowForwardIcon fontSize="small" aria-hidden />
              <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                {placeName(load.destination)}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
              <Typography variant="h6" component="span" color="primary">
                {formatMoney(load.price)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {perMile(load.ratePerMile)}
              </Typography>
            </Stack>
          </Stack>
          <Stack direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" label={`#${load.shipmentNumber}`} />
            <Chip size="small" label={load.shippingMode.displayName} />
            {load.equipmentNames.map((name) => (
              <Chip key={name} size="small" variant="outlined" label={name} />
            ))}
            {load.stopCount > 2 && (
              <Chip size="small" variant="outlined" label={`${load.stopCount} stops`} />
            )}
          </Stack>
          <Stack direction="row" sx={{ gap: 2, mt: 1.5, flexWrap: 'wrap' }}>
            <Fact label="Pickup" value={stopWindow(load.pickup)} />
            <Fact label="Delivery" value={stopWindow(load.delivery)} />
            <Fact label="Weight" value={pounds(load.weightPounds)} />
            <Fact label="Miles" value={miles(load.miles)} />
            <Fact label="Deadhead" value={miles(load.deadheadMiles)} />
          </Stack>
          {extra}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
