import type { Metric } from 'web-vitals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportToMonitoring, startMonitoring } from './monitoring';

// web-vitals measures in a real browser only: here each reporter keeps the callback it is given.
const vitals = vi.hoisted(() => new Map<string, (metric: Metric) => void>());
vi.mock('web-vitals', () => ({
  onLCP: (callback: (metric: Metric) => void) => vitals.set('LCP', callback),
  onINP: (callback: (metric: Metric) => void) => vitals.set('INP', callback),
  onCLS: (callback: (metric: Metric) => void) => vitals.set('CLS', callback),
  onTTFB: (callback: (metric: Metric) => void) => vitals.set('TTFB', callback),
}));

const user = {
  id: 'c5a1c0de-0000-4000-8000-000000000001',
  name: 'Jordan Reyes',
  roles: ['Admin', 'AP'],
  permissions: ['CarrierPortal'],
};

afterEach(() => vi.unstubAllGlobals());

async function sentBodies(beacon: ReturnType<typeof vi.fn>) {
  return Promise.all(
    beacon.mock.calls.map(async ([, blob]) => JSON.parse(await (blob as Blob).text()) as object),
  );
}

describe('monitoring', () => {
  it('sends nothing anywhere when no collector is configured', () => {
    const beacon = vi.fn((_url: string, _body: Blob) => true);
    const fetchMock = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    vi.stubGlobal('fetch', fetchMock);
    const stop = startMonitoring(null, user);
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    reportToMonitoring({ type: 'error', kind: 'crash', message: 'boom' });
    stop();
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports uncaught errors and handled crashes with the user attached, until stopped', async () => {
    const beacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const stop = startMonitoring('https://collector.example/ingest', user);
    window.dispatchEvent(new ErrorEvent('error', { message: 'x is undefined' }));
    reportToMonitoring({ type: 'error', kind: 'crash', message: 'Render failed' });
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after stop' }));
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(beacon.mock.calls[0]![0]).toBe('https://collector.example/ingest');
    const [uncaught, crash] = await sentBodies(beacon);
    expect(uncaught).toMatchObject({
      type: 'error',
      kind: 'uncaught',
      message: 'x is undefined',
      user,
    });
    expect(crash).toMatchObject({ type: 'error', kind: 'crash', message: 'Render failed', user });
  });

  it('reports LCP, INP and CLS from web-vitals with the user, and nothing once stopped', async () => {
    const beacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const stop = startMonitoring('https://collector.example/ingest', user);
    await vi.waitFor(() => expect([...vitals.keys()]).toEqual(['LCP', 'INP', 'CLS', 'TTFB']));
    const metric = (name: string, value: number) =>
      ({ name, value, rating: 'good', delta: value, id: name, entries: [] }) as unknown as Metric;
    vitals.get('LCP')!(metric('LCP', 1834.25));
    vitals.get('INP')!(metric('INP', 64));
    vitals.get('CLS')!(metric('CLS', 0.0123));
    stop();
    vitals.get('LCP')!(metric('LCP', 9999));
    const sent = await sentBodies(beacon);
    expect(sent).toEqual([
      expect.objectContaining({ type: 'performance', metrics: { LCP: 1834.25 }, user }),
      expect.objectContaining({ metrics: { INP: 64 }, rating: 'good' }),
      expect.objectContaining({ metrics: { CLS: 0.0123 } }),
    ]);
  });
});
