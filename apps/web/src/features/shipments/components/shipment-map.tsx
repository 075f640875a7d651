import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ShipmentListItem } from '@portal/contract';
import { latLngBounds, type LatLngExpression } from 'leaflet';
import { CircleMarker, MapContainer, Polyline, Popup, TileLayer, useMap } from 'react-leaflet';
import { Fragment, useEffect } from 'react';
import { Link } from 'react-router';
import { useClientConfig } from '../../../shared/config';
import { place } from '../../../shared/shipments/shipment-format';

const point = (value: { latitude: number | null; longitude: number | null }) =>
  value.latitude === null || value.longitude === null
    ? null
    : ([value.latitude, value.longitude] as [number, number]);

function FitToShipments({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  useEffect(() => {
    if (points.length > 0) map.fitBounds(latLngBounds(points), { padding: [24, 24], maxZoom: 8 });
    // Refit only when the shown points change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * The map page view: each shipment's lane (origin to destination) and its last known position.
 * Without tiles (offline, or a blocked tile host) the lanes and markers still show on a blank map.
 */
export function ShipmentMap({ shipments }: { shipments: ShipmentListItem[] }) {
  // The tile server is the server's configuration (MAP_TILE_URL).
  const config = useClientConfig();
  const drawn = shipments.filter(
    (shipment) => point(shipment.origin) && point(shipment.destination),
  );
  const points = drawn.flatMap((shipment) => {
    const position = shipment.lastKnownPosition;
    return [
      point(shipment.origin)!,
      point(shipment.destination)!,
      ...(position ? [[position.latitude, position.longitude] as [number, number]] : []),
    ];
  });
  const center: LatLngExpression = [39.5, -98.35];
  return (
    <Box
      role="region"
      aria-label="Shipments map"
      data-shipments-drawn={drawn.length}
      sx={{
        height: { xs: 420, md: 620 },
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <MapContainer center={center} zoom={4} style={{ height: '100%', width: '100%' }}>
        {config && <TileLayer url={config.mapTileUrl} attribution={config.mapTileAttribution} />}
        <FitToShipments points={points} />
        {drawn.map((shipment) => {
          const origin = point(shipment.origin)!;
          const destination = point(shipment.destination)!;
          const position = shipment.lastKnownPosition;
          const popup = (
            <Popup>
              <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
                <Link to={`/all-shipments/${shipment.shipmentNumber}/preview/details`}>
                  {shipment.shipmentNumber}
                </Link>{' '}
                · {shipment.status.displayName}
              </Typography>
              <Typography variant="caption" component="span">
                {place(shipment.origin)} → {place(shipment.destination)}
              </Typography>
            </Popup>
          );
          return (
            <Fragment key={shipment.id}>
              <Polyline
                positions={[origin, destination]}
                pathOptions={{ color: '#1565C0', weight: 2, opacity: 0.6 }}
              />
              <CircleMarker
                center={origin}
                radius={6}
                pathOptions={{ color: '#1565C0', fillOpacity: 0.9 }}
              >
                {popup}
              </CircleMarker>
              <CircleMarker
                center={destination}
                radius={6}
                pathOptions={{ color: '#2e7d32', fillOpacity: 0.9 }}
              >
                {popup}
              </CircleMarker>
              {position && (
                <CircleMarker
                  center={[position.latitude, position.longitude]}
                  radius={8}
                  pathOptions={{ color: '#ed6c02', fillOpacity: 1 }}
                >
                  {popup}
                </CircleMarker>
              )}
            </Fragment>
          );
        })}
      </MapContainer>
      {drawn.length < shipments.length && (
        <Typography variant="caption" color="text.secondary">
          {shipments.length - drawn.length} shipment(s) without coordinates are not drawn
        </Typography>
      )}
    </Box>
  );
}
