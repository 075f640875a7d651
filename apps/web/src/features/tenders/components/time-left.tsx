import Chip from '@mui/material/Chip';
import { useEffect, useState } from 'react';
import { formatTimeLeft } from '../../../shared/format';

/** The time left to answer a tender, counting down every second; "Expired" once it has passed. */
export function TimeLeft({
  expiresAt,
  onExpired,
  size = 'small',
}: {
  expiresAt: string | null;
  onExpired?: () => void;
  size?: 'small' | 'medium';
}) {
  const [now, setNow] = useState(() => Date.now());
  const deadline = expiresAt ? new Date(expiresAt).getTime() : null;
  const left = deadline === null ? null : deadline - now;
  const expired = left !== null && left <= 0;

  useEffect(() => {
    if (deadline === null || expired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline, expired]);

  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);

  if (left === null) return null;
  return (
    <Chip
      size={size}
      color={expired ? 'default' : left < 3600_000 ? 'warning' : 'info'}
      variant={expired ? 'outlined' : 'filled'}
      label={expired ? 'Expired' : `${formatTimeLeft(left)} left`}
      aria-label={expired ? 'Expired' : `Time left to answer: ${formatTimeLeft(left)}`}
      role="timer"
    />
  );
}
