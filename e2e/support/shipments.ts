import type { APIRequestContext, Page } from '@playwright/test';

export interface ListedShipment {
  id: string;
  shipmentNumber: string;
  status: { value: number; displayName: string };
  drivers: { id: string; name: string }[];
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
    path: new URL(`../../docs/screenshots/shipments/${name}.png`, import.meta.url).pathname,
    fullPage: false,
  });
}
