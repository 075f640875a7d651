import { EquipmentType, SHIPMENT_STATUS_DISPLAY_NAMES, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld } from '../../../test/world';

let t: TestApp;
let world: Awaited<ReturnType<typeof makeTestWorld>>;
beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

describe('GET /api/v1/static_data', () => {
  it('answers the enumerations from the domain, with their display names', async () => {
    const response = await t.injectAs(world.users.carrierUser, { url: '/api/v1/static_data' });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.equipmentTypes).toContainEqual({ value: EquipmentType.Reefer, name: 'Reefer' });
    expect(data.shipmentStatuses).toHaveLength(Object.keys(SHIPMENT_STATUS_DISPLAY_NAMES).length);
    expect(data.shipmentStatuses).toContainEqual({
      value: ShipmentStatus.InTransit,
      name: 'In Transit',
    });
    expect(data.serviceLevels).toContainEqual({ value: 2, name: 'Quick Pay' });
    expect(data.caseStatuses.map((entry: { name: string }) => entry.name)).toEqual([
      'None',
      'New',
      'In Progress',
      'On Hold',
      'Resolved',
    ]);
    expect(data.thirdPartyInvoiceStatuses[0]).toMatchObject({ value: 'DRAFT' });
  });

  it('is cached by the browser and answers 304 to a client holding the same version', async () => {
    const first = await t.injectAs(world.users.driver, { url: '/api/v1/static_data' });
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.injectAs(world.users.driver, {
      url: '/api/v1/static_data',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.injectAs(world.users.driver, {
      url: '/api/v1/static_data',
      headers: { 'if-none-match': '"an-older-version"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({ url: '/api/v1/static_data' });
    expect(response.statusCode).toBe(401);
  });
});
