import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import RvHookupOutlined from '@mui/icons-material/RvHookupOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FleetPowerUnit, FleetTrailer } from '@portal/contract';
import { formatIsoDay } from '@portal/domain';
import type { ReactNode } from 'react';

function Fact({ label, value }: { label: string; value: string | number | null }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
        {value ?? '—'}
      </Typography>
    </Box>
  );
}

function Shell({
  picture,
  title,
  chips,
  facts,
  actions,
}: {
  picture: ReactNode;
  title: string;
  chips: ReactNode;
  facts: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card variant="outlined" component="article" aria-label={title} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        {picture}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {chips}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(4, minmax(0, 1fr))',
              },
              gap: 1,
              mt: 1,
            }}
          >
            {facts}
          </Box>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        {actions}
      </Stack>
    </Card>
  );
}

const plate = (vehicle: { licensePlate: string | null; licenseState: string | null }) =>
  vehicle.licensePlate
    ? `${vehicle.licensePlate}${vehicle.licenseState ? ` (${vehicle.licenseState})` : ''}`
    : null;

function Retired({ retiredAt }: { retiredAt: string | null }) {
  return retiredAt ? <Chip size="small" label={`Retired ${formatIsoDay(retiredAt)}`} /> : null;
}

export function TrailerCard({
  trailer,
  onEdit,
  onRetire,
}: {
  trailer: FleetTrailer;
  onEdit(): void;
  onRetire(): void;
}) {
  return (
    <Shell
      title={`Trailer ${trailer.trailerNumber}`}
      picture={
        <Avatar
          variant="rounded"
          alt={trailer.photoFileId ? `Photo of trailer ${trailer.trailerNumber}` : undefined}
          src={trailer.photoFileId ? `/api/v1/documents/${trailer.photoFileId}` : undefined}
          sx={{ width: 72, height: 72, bgcolor: 'grey.200', color: 'text.secondary' }}
        >
          <RvHookupOutlined />
        </Avatar>
      }
      chips={
        <>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={trailer.equipmentType.displayName}
          />
          <Retired retiredAt={trailer.retiredAt} />
        </>
      }
      facts={
        <>
          <Fact label="Length" value={trailer.lengthFeet ? `${trailer.lengthFeet} ft` : null} />
          <Fact label="Plate" value={plate(trailer)} />
          <Fact label="VIN" value={trailer.vin} />
          <Fact
            label="Year / Make"
            value={[trailer.modelYear, trailer.make].filter(Boolean).join(' ') || null}
          />
        </>
      }
      actions={
        trailer.isActive ? (
          <>
            <Button size="small" onClick={onEdit}>
              Edit
            </Button>
            <Button size="small" color="error" onClick={onRetire}>
              Retire
            </Button>
          </>
        ) : null
      }
    />
  );
}

export function PowerUnitCard({
  powerUnit,
  onEdit,
  onRetire,
}: {
  powerUnit: FleetPowerUnit;
  onEdit(): void;
  onRetire(): void;
}) {
  return (
    <Shell
      title={`Power Unit ${powerUnit.unitNumber}`}
      picture={
        <Avatar
          variant="rounded"
          sx={{ width: 72, height: 72, bgcolor: 'grey.200', color: 'text.secondary' }}
        >
          <LocalShippingOutlined />
        </Avatar>
      }
      chips={<Retired retiredAt={powerUnit.retiredAt} />}
      facts={
        <>
          <Fact label="Make" value={powerUnit.make} />
          <Fact label="Year" value={powerUnit.modelYear} />
          <Fact label="Plate" value={plate(powerUnit)} />
          <Fact label="VIN" value={powerUnit.vin} />
        </>
      }
      actions={
        powerUnit.isActive ? (
          <>
            <Button size="small" onClick={onEdit}>
              Edit
            </Button>
            <Button size="small" color="error" onClick={onRetire}>
              Retire
            </Button>
          </>
        ) : null
      }
    />
  );
}
