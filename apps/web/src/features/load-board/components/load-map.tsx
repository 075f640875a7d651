import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LoadBoardItem } from '@portal/contract';
import { latLngBounds, type LatLngExpression } from 'leaflet';
import { Fragment, useEffect } from 'react';
import { CircleMarker, MapContainer, Polyline, Popup, TileLayer, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import { useClientConfig } from '../../../shared/config';
import { placeName } from './format';
import { formatMoney } from '../../../shared/format/money';

const point = (value: { latitude: number | null; longitude: number | null }) =>
  value.latitude === null || value.longitude === null
    ? null
    : ([value.latitude, value.longitude] as [number, number]);

function FitToLoads({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  useEffect(() => {
    if (points.length > 0) map.fitBounds(latLngBounds(points), { padding: [24, 24], maxZoom: 8 });
    // Refit only when the loads shown change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** The map page view of a search: each load's lane from pickup (blue) to delivery (green). */
export function LoadMap({ loads }: { loads: LoadBoardItem[] }) {
  const config = useClientConfig();
  const drawn = loads.filter((load) => point(load.origin) && point(load.destination));
  const points = drawn.flatMap((load) => [point(load.origin)!, point(load.destination)!]);
  const center: LatLngExpression = [39.5, -98.35];
  return (
    <Box
      role="region"
      aria-label="Loads map"
      data-loads-drawn={drawn.length}
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
        <FitToLoads points={points} />
        {drawn.map((load) => {
          const origin = point(load.origin)!;
          const destination = point(load.destination)!;
          const popup = (
            <Popup>
              <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
                <Link to={`/available-freight/${load.shipmentNumber}`}>{load.shipmentNumber}</Link>{' '}
                · {formatMoney(load.price)}
              </Typography>
              <Typography variant="caption" component="span">
                {placeName(load.origin)} → {placeName(load.destination)}
              </Typography>
            </Popup>
          );
          return (
            <Fragment key={load.id}>
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
            </Fragment>
          );
        })}
      </MapContainer>
    </Box>
  );
}
