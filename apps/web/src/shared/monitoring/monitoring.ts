import type { Metric } from 'web-vitals';

// Front-end errors and performance, reported with who was signed in to the configured collector
// (MONITORING_COLLECTOR_URL). Off, with no call anywhere, when none is configured.

export interface MonitoredUser {
  id: string;
  name: string;
  roles: readonly string[];
  permissions: readonly string[];
}

export type MonitoringEvent =
  | { type: 'error'; message: string; stack?: string; kind: string; status?: number }
  | { type: 'performance'; metrics: Record<string, number>; rating?: Metric['rating'] };

interface Monitor {
  collectorUrl: string;
  user: MonitoredUser;
}

let active: Monitor | null = null;

function send(event: MonitoringEvent) {
  if (!active) return;
  const body = JSON.stringify({
    ...event,
    user: active.user,
    path: window.location.pathname,
    at: new Date().toISOString(),
  });
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(active.collectorUrl, blob))
    return;
  void fetch(active.collectorUrl, { method: 'POST', body, keepalive: true, mode: 'cors' }).catch(
    (error: unknown) => console.warn('The monitoring report could not be sent', error),
  );
}

/** Reports a failure the app has already handled (crashes, failed requests). */
export function reportToMonitoring(event: MonitoringEvent) {
  send(event);
}

function pageMetrics(): Record<string, number> {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!navigation) return {};
  return {
    timeToFirstByteMs: Math.round(navigation.responseStart),
    domContentLoadedMs: Math.round(navigation.domContentLoadedEventEnd),
    loadMs: Math.round(navigation.loadEventEnd),
  };
}

/**
 * Starts reporting for the signed-in user; answers the function that stops it. Uncaught errors and
 * rejected promises are reported as they happen, the web vitals as they settle, the page-load
 * timings once.
 */
export function startMonitoring(collectorUrl: string | null, user: MonitoredUser): () => void {
  if (!collectorUrl) return () => undefined;
  active = { collectorUrl, user };
  const onError = (event: ErrorEvent) =>
    send({
      type: 'error',
      kind: 'uncaught',
      message: event.message,
      ...(event.error instanceof Error && event.error.stack ? { stack: event.error.stack } : {}),
    });
  const onRejection = (event: PromiseRejectionEvent) =>
    send({
      type: 'error',
      kind: 'unhandled-rejection',
      message: event.reason instanceof Error ? event.reason.message : String(event.reason),
    });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);

  // The core web vitals (largest paint, interaction to next paint, layout shift) and the first
  // byte, each sent when web-vitals settles it (at the latest when the page is hidden). The library
  // loads after the page: it reads the browser's buffered entries, so nothing is missed.
  const monitor = active;
  const onMetric = (metric: Metric) => {
    if (active !== monitor) return;
    send({
      type: 'performance',
      metrics: { [metric.name]: Math.round(metric.value * 10_000) / 10_000 },
      rating: metric.rating,
    });
  };
  import('web-vitals').then(
    ({ onCLS, onINP, onLCP, onTTFB }) => {
      if (active !== monitor) return;
      onLCP(onMetric);
      onINP(onMetric);
      onCLS(onMetric);
      onTTFB(onMetric);
    },
    (error: unknown) => console.warn('The web vitals could not be measured', error),
  );
  const onHidden = () => {
    if (document.visibilityState !== 'hidden') return;
    send({ type: 'performance', metrics: pageMetrics() });
    document.removeEventListener('visibilitychange', onHidden);
  };
  document.addEventListener('visibilitychange', onHidden);

  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    document.removeEventListener('visibilitychange', onHidden);
    active = null;
  };
}
