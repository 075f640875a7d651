import { createQueryId, type QueryResult, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { KeptCamelCasePlugin } from './camel-case';

const plugin = new KeptCamelCasePlugin();
const mapped = async (rows: UnknownRow[]) =>
  (
    await plugin.transformResult({
      queryId: createQueryId(),
      result: { rows } as QueryResult<UnknownRow>,
    })
  ).rows;

describe('KeptCamelCasePlugin', () => {
  it('renames every column of every row, nested JSON objects included, and keeps other values', async () => {
    const at = new Date('2026-11-29T10:00:00Z');
    const bytes = Buffer.from('pdf');
    const rows = await mapped([
      {
        shipment_number: '1000001',
        pickup_at: at,
        file_bytes: bytes,
        is_on_time: null,
        drivers: [{ driver_id: 'a', is_primary: true }, 'plain'],
        position: { occurred_at: '2026-11-29', lat_lng: [1, 2] },
      },
      {
        shipment_number: '1000002',
        pickup_at: null,
        file_bytes: null,
        is_on_time: false,
        drivers: null,
        position: null,
      },
    ]);
    expect(rows).toEqual([
      {
        shipmentNumber: '1000001',
        pickupAt: at,
        fileBytes: bytes,
        isOnTime: null,
        drivers: [{ driverId: 'a', isPrimary: true }, 'plain'],
        position: { occurredAt: '2026-11-29', latLng: [1, 2] },
      },
      {
        shipmentNumber: '1000002',
        pickupAt: null,
        fileBytes: null,
        isOnTime: false,
        drivers: null,
        position: null,
      },
    ]);
    expect(rows[0]!.pickupAt).toBe(at);
    expect(Object.keys(rows[1]!)).toEqual([
      'shipmentNumber',
      'pickupAt',
      'fileBytes',
      'isOnTime',
      'drivers',
      'position',
    ]);
  });

  it('maps each result by its own columns', async () => {
    expect(await mapped([{ company_id: 'c', user_count: 2 }])).toEqual([
      { companyId: 'c', userCount: 2 },
    ]);
    expect(await mapped([{ company_id: 'd', legal_name: 'Red River' }])).toEqual([
      { companyId: 'd', legalName: 'Red River' },
    ]);
    expect(await mapped([])).toEqual([]);
  });

  it('takes column names with quotes and backslashes as names, and never a __proto__ column as a prototype', async () => {
    const [odd] = await mapped([{ 'a"b': 1, "c'd": 2, 'e\\f': 3, 'g`${h}`': 4 }]);
    expect(odd).toEqual({ 'a"b': 1, "c'd": 2, 'e\\f': 3, 'g`${h}`': 4 });
    const row = Object.create(null) as UnknownRow;
    row['__proto__'] = { polluted: true };
    row['total_count'] = 3;
    const [safe] = await mapped([row]);
    expect(Object.getPrototypeOf(safe)).toBe(Object.prototype);
    expect((safe as { polluted?: boolean }).polluted).toBeUndefined();
    expect(safe!.totalCount).toBe(3);
  });
});
