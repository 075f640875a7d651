import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportToMonitoring, startMonitoring } from './monitoring';

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
});
