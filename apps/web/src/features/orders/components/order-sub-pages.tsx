import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { zonedRange, zonedTime } from '../../../shared/format/zoned-time';
import { useOrderOutlet } from './order-preview-page';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

const FACTS_GRID = {
  display: 'grid',
  gap: 2,
  m: 0,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
};

/** /orders/{orderNumber}/preview/details: references, equipment, requirements and line items. */
export function OrderDetailsTab() {
  const order = useOrderOutlet();
  const references = [
    ['Purchase Order', order.purchaseOrderNumber],
    ['Sales Order', order.salesOrderNumber],
    ['Transfer Order', order.transferOrderNumber],
    ['Return Order', order.returnAuthorizationNumber],
    ...order.referenceNumbers.map((reference) => [reference.label, reference.value]),
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Details
        </Typography>
        <Box component="dl" sx={FACTS_GRID}>
          <Fact label="Equipment types">{order.equipmentTypeNames.join(', ') || '—'}</Fact>
          <Fact label="Freight terms">{order.freightTermType}</Fact>
          <Fact label="Team required">{order.isTeamRequired ? 'Yes' : 'No'}</Fact>
          <Fact label="Hazmat">{order.isHazmat ? 'Yes' : 'No'}</Fact>
          {order.reeferTemperature !== null && (
            <Fact label="Reefer">
              {order.reeferTemperature} °F{order.reeferMode ? ` · ${order.reeferMode}` : ''}
            </Fact>
          )}
          {order.hazmatEmergencyContactInfo && (
            <Fact label="Hazmat emergency contact">{order.hazmatEmergencyContactInfo}</Fact>
          )}
          {references.map(([label, value]) => (
            <Fact key={`${label}-${value}`} label={label}>
              {value}
            </Fact>
          ))}
          <Fact label="Requirements">{order.requirements.join(', ') || 'None'}</Fact>
          <Fact label="Accessorials">
            {order.accessorials.map((item) => item.description).join(', ') || 'None'}
          </Fact>
        </Box>
        {order.specialInstructions && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {order.specialInstructions}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
          Line Items
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Line items">
            <TableHead>
              <TableRow>
                <TableCell>Description</TableCell>
                <TableCell>Stops</TableCell>
                <TableCell>Class</TableCell>
                <TableCell align="right">Packages</TableCell>
                <TableCell align="right">Weight</TableCell>
                <TableCell>Dimensions</TableCell>
                <TableCell>Hazmat</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.lineItems.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>{item.description}</TableCell>
                  <TableCell>
                    {item.pickupStop + 1} → {item.deliveryStop + 1}
                  </TableCell>
                  <TableCell>{item.freightClass ?? '—'}</TableCell>
                  <TableCell align="right">
                    {item.packageCount} {item.packageType}
                  </TableCell>
                  <TableCell align="right">
                    {item.weightPounds.toLocaleString('en-US')} lb
                  </TableCell>
                  <TableCell>
                    {item.lengthInches && item.widthInches && item.heightInches
                      ? `${item.lengthInches} × ${item.widthInches} × ${item.heightInches} in`
                      : '—'}
                  </TableCell>
                  <TableCell>
                    {item.unNumber
                      ? `${item.unNumber} · Class ${item.hazmatClass} · PG ${item.hazmatGroup}`
                      : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}

/** /orders/{orderNumber}/preview/logistics: the stops, each window on the stop's own clock. */
export function OrderLogisticsTab() {
  const order = useOrderOutlet();
  return (
    <Stack spacing={2}>
      {order.stops.map((stop) => (
        <Paper
          key={stop.id}
          variant="outlined"
          component="section"
          aria-label={`Stop ${stop.stopNumber}`}
          sx={{ p: 2 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {stop.stopNumber}. {stop.type} · {stop.location.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {[stop.location.addressLine1, stop.location.city, stop.location.state]
              .filter(Boolean)
              .join(', ')}{' '}
            {stop.location.postalCode} · {stop.location.country}
            {stop.locationNumber ? ` · Location ${stop.locationNumber}` : ''}
          </Typography>
          <Box component="dl" sx={FACTS_GRID}>
            <Fact label="Window">{zonedRange(stop.early?.at, stop.late?.at, stop.timeZone)}</Fact>
            <Fact label="Appointment">{zonedTime(stop.appointment?.at, stop.timeZone)}</Fact>
            <Fact label="Time zone">{stop.timeZone}</Fact>
            <Fact label="Contact">
              {stop.contact
                ? [
                    [stop.contact.firstName, stop.contact.lastName].filter(Boolean).join(' '),
                    stop.contact.phoneNumberOffice,
                    stop.contact.emailAddress,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : '—'}
            </Fact>
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
