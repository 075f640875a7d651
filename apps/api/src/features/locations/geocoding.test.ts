import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askGeocoder } from './geocoding';

// A Nominatim-shaped geocoder on loopback: what the portal asks and how it reads the answer.
let server: Server;
let url: string;
const asked: URLSearchParams[] = [];
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    asked.push(query);
    if (query.get('q') === 'broken') {
      response.writeHead(502).end();
      return;
    }
    if (query.get('q') === 'slow') return; // never answers
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify([
        {
          lat: '46.8772',
          lon: '-96.7898',
          address: {
            house_number: '2500',
            road: 'Main Avenue',
            city: 'Fargo',
            state: 'North Dakota',
            postcode: '58103',
            country_code: 'us',
          },
        },
        // Outside the US and Canada, or without a postal code: not a place the portal can use.
        {
          lat: '48.85',
          lon: '2.35',
          address: { city: 'Paris', postcode: '75001', country_code: 'fr' },
        },
        {
          lat: '46.8',
          lon: '-96.8',
          address: { city: 'Fargo', state: 'North Dakota', country_code: 'us' },
        },
      ]),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('the configured geocoder', () => {
  it('is not asked when none is configured', async () => {
    expect(
      await askGeocoder({ GEOCODER_TIMEOUT_MS: 1000 }, logger, '2500 Main Ave, Fargo', 1),
    ).toBeUndefined();
  });

  it('is asked for US and Canadian places, and its answer becomes a place with a state code and zone', async () => {
    const places = await askGeocoder(
      { GEOCODER_URL: url, GEOCODER_TIMEOUT_MS: 2000 },
      logger,
      '2500 Main Ave, Fargo, ND',
      3,
    );
    expect(asked.at(-1)?.get('q')).toBe('2500 Main Ave, Fargo, ND');
    expect(asked.at(-1)?.get('countrycodes')).toBe('us,ca');
    expect(asked.at(-1)?.get('limit')).toBe('3');
    expect(places).toEqual([
      {
        addressLine1: '2500 Main Avenue',
        city: 'Fargo',
        province: 'ND',
        postalCode: '58103',
        country: 'US',
        latitude: 46.8772,
        longitude: -96.7898,
        ianaTimezone: 'America/Chicago',
        source: 'geocoder',
      },
    ]);
  });

  it('gives way to the ZIP table when it fails or is too slow', async () => {
    const config = { GEOCODER_URL: url, GEOCODER_TIMEOUT_MS: 300 };
    expect(await askGeocoder(config, logger, 'broken', 1)).toBeUndefined();
    expect(await askGeocoder(config, logger, 'slow', 1)).toBeUndefined();
  });
});
