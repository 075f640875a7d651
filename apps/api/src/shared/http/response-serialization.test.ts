import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { ShipmentListPage, type ShipmentListItem } from '@portal/contract';
import { Type, type TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { responseSerializerFactory, serializable } from './response-serialization';

const route = { method: 'GET', url: '/x', httpStatus: '200' };
const asWritten = (schema: TSchema) => SerializerSelector()()({ ...route, schema });
const asServed = (schema: TSchema) => responseSerializerFactory()({ ...route, schema });

function unions(schema: unknown): number {
  if (Array.isArray(schema)) return schema.reduce((sum: number, item) => sum + unions(item), 0);
  if (typeof schema !== 'object' || schema === null) return 0;
  return Object.entries(schema).reduce(
    (sum, [keyword, value]) => sum + (keyword === 'anyOf' ? 1 : 0) + unions(value),
    0,
  );
}

const item: ShipmentListItem = {
  id: '2c888375-07dd-4bac-8634-cb9435a1f613',
  shipmentNumber: '1001898',
  status: { value: 3, displayName: 'Booked' },
  origin: {
    city: 'Joliet',
    state: 'IL',
    postalCode: '60436',
    timeZone: 'America/Chicago',
    latitude: 41.4884,
    longitude: -88.1572,
  },
  destination: {
    city: 'Newark',
    state: 'NJ',
    postalCode: '07102',
    timeZone: 'America/New_York',
    latitude: null,
    longitude: null,
  },
  lastKnownPosition: {
    latitude: 41.1,
    longitude: -87.2,
    city: null,
    state: 'IN',
    at: '2026-11-25T14:00:00.000Z',
    activityType: 'Location update',
  },
  pickupAt: '2026-12-07T16:30:00.000Z',
  deliveryAt: null,
  nextUpdateDueAt: null,
  needsUpdate: false,
  isOnTime: null,
  carrier: { id: '056abd4d-5f83-4d6f-9261-09935ea4040e', name: 'Red "River" Freight' },
  drivers: [],
  equipmentTypes: ['Van'],
  totalWeightPounds: 19672.5,
  totalMiles: null,
  carrierRate: 2190,
  shippingProNumber: null,
  tripId: null,
};

describe('response serialization', () => {
  it('writes the shipment lists without a union left for the serializer to validate', () => {
    expect(unions(ShipmentListPage)).toBeGreaterThan(10);
    expect(unions(serializable(ShipmentListPage))).toBe(0);
    // The contract itself keeps its unions: the documentation and request validation read them.
    expect(unions(ShipmentListPage)).toBeGreaterThan(10);
  });

  it('writes the same text as the schema as written', () => {
    const page = {
      data: [item, { ...item, lastKnownPosition: null, carrier: null, isOnTime: true }],
      page: 1,
      pageSize: 50,
      totalCount: 2,
    };
    const written = asWritten(ShipmentListPage)(page);
    expect(asServed(ShipmentListPage)(page)).toBe(written);
    expect(JSON.parse(written)).toEqual(page);
  });

  it('writes literal unions, with null or not, as their one type', () => {
    const schema = Type.Object({
      kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
      level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Null()]),
    });
    expect(serializable(schema).properties).toEqual({
      kind: expect.objectContaining({ type: 'string', enum: ['a', 'b'] }),
      level: expect.objectContaining({ type: 'integer', enum: [1, 2], nullable: true }),
    });
    for (const value of [
      { kind: 'a', level: 2 },
      { kind: 'b', level: null },
    ]) {
      expect(asServed(schema)(value)).toBe(asWritten(schema)(value));
    }
  });

  it('keeps a union of shapes, which only validation can tell apart', () => {
    const schema = Type.Union([
      Type.Object({ card: Type.String() }),
      Type.Object({ bank: Type.Integer() }),
      Type.Null(),
    ]);
    expect(serializable(schema)).toEqual(expect.objectContaining({ anyOf: expect.any(Array) }));
    expect(asServed(schema)({ bank: 7 })).toBe('{"bank":7}');
    expect(asServed(schema)(null)).toBe('null');
  });
});
