import type { ClientErrorReport } from '@portal/contract';
import { reportToMonitoring } from '../monitoring';

// The same failure is logged once a minute at most, so a failing poll cannot flood the log.
const REPEAT_WINDOW_MS = 60_000;
const recent = new Map<string, number>();

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Sends a browser failure to the server's log. Best effort: a failed report is only warned. */
export function logClientError(report: Omit<ClientErrorReport, 'path'> & { path?: string }) {
  const key = `${report.kind}|${report.status ?? ''}|${report.message}`;
  const now = Date.now();
  const last = recent.get(key);
  if (last !== undefined && now - last < REPEAT_WINDOW_MS) return;
  recent.set(key, now);
  const body: ClientErrorReport = {
    kind: report.kind,
    message: clip(report.message || 'Unknown error', 2000),
    path: clip(report.path ?? `${window.location.pathname}${window.location.search}`, 2000),
    ...(report.stack ? { stack: clip(report.stack, 8000) } : {}),
    ...(report.status !== undefined ? { status: report.status } : {}),
  };
  reportToMonitoring({
    type: 'error',
    kind: body.kind,
    message: body.message,
    ...(body.stack ? { stack: body.stack } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
  });
  void fetch('/api/v1/client_errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    // Still sent when the page is reloading (a failed page load reloads at once).
    keepalive: true,
  }).catch((error: unknown) => console.warn('The error report could not be sent', error));
}
