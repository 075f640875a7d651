import type { APIRequestContext, Page } from '@playwright/test';
import { screenshotPath } from './screenshots';

export interface ListedShipment {
  id: string;
  shipmentNumber: string;
  status: { value: number; displayName: string };
  drivers: { id: string; name: string }[];
}

/** A load on the load board (GET /api/v2/load_board). */
export interface BoardLoad {
  shipmentNumber: string;
  shippingMode: { value: number };
  equipmentNames: string[];
  origin: { postalCode: string };
  destination: { postalCode: string };
}

/** Reads a list of the trucks API as the token's user, to find the shipments a test works on. */
export async function listShipments(
  request: APIRequestContext,
  token: string,
  path: string,
  query: Record<string, string | number>,
): Promise<ListedShipment[]> {
  const response = await request.get(path, {
    headers: { authorization: `Bearer ${token}` },
    params: query,
  });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return ((await response.json()) as { data: ListedShipment[] }).data;
}

/**
 * No tile host is reached in tests: every request for a tile of the configured server (the default
 * MAP_TILE_URL) gets an empty answer. Answers the requests seen.
 */
export async function withoutMapTiles(page: Page) {
  const tiles: string[] = [];
  await page.route(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/, (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 204, body: '' });
  });
  return tiles;
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: screenshotPath(`shipments/${name}.png`),
    fullPage: false,
  });
}

/**
 * Books a Ready to Book van load for the token's carrier through the API, at a spot quote it asks
 * for: a load of its own that no test has dispatched, with no driver or equipment yet. Loads are
 * tried in a random order, so that tests running at once seldom reach for the same one; a load
 * another test took first is skipped.
 */
export async function bookFreshVanLoad(
  request: APIRequestContext,
  token: string,
): Promise<BoardLoad> {
  const headers = { authorization: `Bearer ${token}` };
  const board = await request.get('/api/v2/load_board', { headers, params: { pageSize: 50 } });
  if (!board.ok()) throw new Error(`/api/v2/load_board answered ${board.status()}`);
  const vans = ((await board.json()) as { data: BoardLoad[] }).data
    .filter((load) => load.shippingMode.value === 0 && load.equipmentNames.includes('Van'))
    .map((load) => ({ load, order: Math.random() }))
    .sort((a, b) => a.order - b.order)
    .map(({ load }) => load);
  const today = new Date().toISOString().slice(0, 10);
  for (const load of vans) {
    const quote = await request.post('/api/v2/quotes', {
      headers,
      data: {
        shippingMode: 0,
        equipmentMode: 0,
        effectiveDate: today,
        quoteStops: [
          { stopType: 'Pickup', postalCode: load.origin.postalCode },
          { stopType: 'Delivery', postalCode: load.destination.postalCode },
        ],
        shipmentId: load.shipmentNumber,
      },
    });
    if (!quote.ok()) continue;
    const quoted = (await quote.json()) as { data: { id: string; quoteId: string | null } };
    const booking = await request.post(`/api/v2/shipments/${load.shipmentNumber}/book`, {
      headers,
      data: { rateKind: 'SpotQuote', rateId: quoted.data.quoteId ?? quoted.data.id },
    });
    if (booking.ok()) return load;
  }
  throw new Error('No Ready to Book van load could be booked in the demo world');
}
