import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EntityType, UploadKind } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CreateCaseDialog, DetentionDrafts } from '../../../shared/accessorial-requests';
import { DocumentTiles } from '../../../shared/documents';
import { NotesPanel } from '../../../shared/notes';
import { useCarrierCharges, useOrderDropoffs, useShipmentCases } from '../api/shipment-detail';
import { shipmentKeys } from '../../../shared/shipments/shipment-keys';
import { DispatchPanel } from './dispatch-panel';
import { HistoryPanel } from './history-panel';
import { BillOfLadingSection, RateConfirmationSection } from './paperwork-panel';
import { useShipmentOutlet } from './shipment-preview-page';
import { StopsPanel } from './stops-panel';
import { TrackingPanel } from './tracking-panel';
import { dateTime } from '../../../shared/shipments/shipment-format';
import { formatMoney } from '../../../shared/format/money';

/** Details: dispatch (drivers, equipment, PRO, empty location), stops, tracking, notes, history. */
export function ShipmentDetailsTab() {
  const shipment = useShipmentOutlet();
  return (
    <Stack sx={{ gap: 2 }}>
      {shipment.relation !== 'viewer' && <DispatchPanel shipment={shipment} />}
      <StopsPanel shipment={shipment} />
      <TrackingPanel shipment={shipment} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} component="section">
        <NotesPanel entity={{ type: EntityType.SHIPMENT, id: shipment.id }} />
      </Paper>
      <HistoryPanel shipment={shipment} />
    </Stack>
  );
}

const UPLOAD_KINDS = [UploadKind.proofOfDelivery, UploadKind.shipmentMiscellaneous] as const;

/** Documents: every document of the shipment, proof of delivery by stop, and the paperwork. */
export function ShipmentDocumentsTab() {
  const shipment = useShipmentOutlet();
  const dropoffs = useOrderDropoffs(shipment.shipmentNumber);
  return (
    <Stack sx={{ gap: 2 }}>
      <DocumentTiles
        source={{ kind: 'shipment', id: shipment.id }}
        uploadKinds={UPLOAD_KINDS}
        references={{ shipmentId: shipment.id }}
        dropoffs={(dropoffs.data?.data ?? []).flatMap((order) =>
          order.dropoffs.map((stop) => ({
            stopId: stop.stopId,
            stopNumber: stop.stopNumber,
            label: `Stop ${stop.stopNumber} - ${stop.city}, ${stop.state}`,
          })),
        )}
      />
      <RateConfirmationSection shipment={shipment} />
      <BillOfLadingSection shipment={shipment} />
    </Stack>
  );
}

/** SignedRateConfirmation: the confirmation to sign, or the signed copy. */
export function ShipmentSignedRateConfirmationTab() {
  const shipment = useShipmentOutlet();
  return <RateConfirmationSection shipment={shipment} />;
}

/** Financials: the carrier's charges (the booked rate and approved cases, or the AP invoice's). */
export function ShipmentFinancialsTab() {
  const shipment = useShipmentOutlet();
  const charges = useCarrierCharges(shipment.shipmentNumber);
  if (charges.isPending) return <Skeleton variant="rounded" height={160} />;
  if (charges.isError) return <Alert severity="error">{charges.error.message}</Alert>;
  const { charges: lines, total, source, invoiceNumber } = charges.data.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 }, overflowX: 'auto' }}>
      <Typography variant="subtitle2" component="h3" sx={{ px: 1 }}>
        {source === 'invoice'
          ? `Carrier invoice ${invoiceNumber ?? ''}`
          : 'Booked rate and approved accessorials'}
      </Typography>
      <Table size="small" aria-label="Carrier charges">
        <TableHead>
          <TableRow>
            <TableCell>Charge</TableCell>
            <TableCell>Type</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Units</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={`${line.description}-${index}`}>
              <TableCell>
                {line.description}
                {line.caseNumber ? ` (case ${line.caseNumber})` : ''}
              </TableCell>
              <TableCell>{line.chargeTypeName}</TableCell>
              <TableCell align="right">{formatMoney(line.rate)}</TableCell>
              <TableCell align="right">{line.units}</TableCell>
              <TableCell align="right">{formatMoney(line.total)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {formatMoney(total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Paper>
  );
}

/** Cases: the accessorial requests on this shipment (page 1, size 1000). */
export function ShipmentCasesTab() {
  const shipment = useShipmentOutlet();
  const cases = useShipmentCases(shipment.shipmentNumber);
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  // The carrier hauling the load (or its driver) raises requests on it.
  const raises = shipment.relation === 'carrier' || shipment.relation === 'driver';
  const refreshShipment = () =>
    Promise.all(
      ['cases', 'carrier_charges'].map((part) =>
        queryClient.invalidateQueries({
          queryKey: shipmentKeys.part(shipment.shipmentNumber, part),
        }),
      ),
    );

  let listing: ReactNode;
  if (cases.isPending) listing = <Skeleton variant="rounded" height={120} />;
  else if (cases.isError) listing = <Alert severity="error">{cases.error.message}</Alert>;
  else if (cases.data.data.length === 0)
    listing = (
      <Typography color="text.secondary">No accessorial requests on this shipment</Typography>
    );
  else
    listing = (
      <Paper variant="outlined">
        <List aria-label="Accessorial requests">
          {cases.data.data.map((accessorial) => (
            <ListItem key={accessorial.id} divider>
              <ListItemText
                primary={
                  <Link to={`/cases/${accessorial.caseNumber}/preview/notes`}>
                    {accessorial.caseNumber} · {accessorial.caseType} ·{' '}
                    {accessorial.statusDescription}
                  </Link>
                }
                secondary={`${accessorial.subject} · ${dateTime(accessorial.createdAt)} · requested ${formatMoney(accessorial.amountRequested)}`}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
    );

  return (
    <Stack sx={{ gap: 2 }}>
      {raises && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New Accessorial Request
          </Button>
        </Stack>
      )}
      {raises && <DetentionDrafts shipment={shipment} onFiled={() => void refreshShipment()} />}
      {listing}
      {raises && (
        <CreateCaseDialog
          open={creating}
          onClose={() => setCreating(false)}
          shipment={shipment}
          onCreated={() => void refreshShipment()}
        />
      )}
    </Stack>
  );
}
