import type { ShipmentPlace } from '@portal/contract';
import { zonedFormats } from '@portal/domain';

export const formatPlace = (place: Pick<ShipmentPlace, 'city' | 'state' | 'postalCode'>) =>
  `${place.city}, ${place.state} ${place.postalCode}`.trim();

const clockTime = zonedFormats('en-US', { hour: 'numeric', minute: '2-digit' });

/** M/DD/YYYY h:mm AM in the viewer's zone. */
export function formatInstant(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const day = `${date.getMonth() + 1}/${String(date.getDate()).padStart(2, '0')}/${date.getFullYear()}`;
  const time = clockTime().format(date);
  return `${day} ${time}`;
}

/** "2d 4h 10m", "3h 05m 12s", "45s", or "Expired" once the time has passed. */
export function formatTimeLeft(milliseconds: number): string {
  if (milliseconds <= 0) return 'Expired';
  const seconds = Math.floor(milliseconds / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h ${pad(minutes)}m`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(rest)}s`;
  if (minutes > 0) return `${minutes}m ${pad(rest)}s`;
  return `${rest}s`;
}
