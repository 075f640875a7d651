import { describe, expect, it } from 'vitest';
import { emptyOrder, locationProblem, orderPayload, type OrderValues } from './order-form-values';

// The order form's body follows the data rules (spec section 5) before anything is sent.

function filledOrder(): OrderValues {
  const values = emptyOrder();
  values.stops[0] = {
    ...values.stops[0]!,
    location: { locationNumber: '100234', location: { postalCode: '60601' } as never },
    date: '2026-12-01',
    earlyTime: '08:00',
    lateTime: '',
    appointmentTime: '',
  };
  values.stops[1] = {
    ...values.stops[1]!,
    location: {
      locationNumber: 'N/A',
      typedIn: {
        name: 'Harbourfront',
        addressLine1: '10 Bay St',
        city: 'Toronto',
        province: 'Ontario',
        postalCode: 'm5j 2n8',
        country: 'US',
      },
    },
    date: '2026-12-03',
    earlyTime: '08:00',
    lateTime: '12:00',
    appointmentTime: '',
  };
  values.lineItems[0] = {
    ...values.lineItems[0]!,
    id: 'new-7',
    description: 'Boxed parts',
    packageCount: '4',
    weightPounds: '2000',
  };
  values.referenceNumbers = [
    { label: 'Purchase Order', value: 'PO-1' },
    { label: 'Load ID', value: '' },
    { label: 'Bill of Lading', value: 'BOL-9' },
  ];
  return values;
}

describe('orderPayload', () => {
  it('builds stop times on the postal code’s clock and sets CA for a Canadian code', () => {
    const body = orderPayload(filledOrder());
    const [pickup, delivery] = body.stops;
    // Chicago and Toronto in December: six and five hours behind UTC.
    expect(pickup).toMatchObject({
      locationNumber: '100234',
      earlyDateTime: '2026-12-01T14:00:00.000Z',
    });
    expect(pickup!.location).toBeUndefined();
    expect(pickup!.lateDateTime).toBeUndefined();
    expect(pickup!.appointmentDateTime).toBeUndefined();
    expect(delivery).toMatchObject({
      locationNumber: 'N/A',
      location: { state: 'ON', country: 'CA', postalCode: 'm5j 2n8' },
      earlyDateTime: '2026-12-03T13:00:00.000Z',
      lateDateTime: '2026-12-03T17:00:00.000Z',
    });
  });

  it('drops empty references, lifts the order labels and sends no client-made line item id', () => {
    const body = orderPayload(filledOrder());
    expect(body.purchaseOrderNumber).toBe('PO-1');
    expect(body.referenceNumbers).toEqual([{ label: 'Bill of Lading', value: 'BOL-9' }]);
    expect(body.lineItems[0]!.id).toBeUndefined();
    expect(body.specialInstructions).toBeUndefined();
    expect(body.lineItems[0]).toMatchObject({ packageCount: 4, weightPounds: 2000 });
  });
});

describe('locationProblem', () => {
  it('names what a typed address lacks or gets wrong', () => {
    expect(locationProblem(null)).toBe('Choose a location, or N/A to type in a new address');
    const typedIn = filledOrder().stops[1]!.location!;
    expect(locationProblem(typedIn)).toBe(true);
    expect(
      locationProblem({ ...typedIn, typedIn: { ...typedIn.typedIn!, province: 'Texas' } } as never),
    ).toBe('TX is not a Canadian province; a Canadian postal code needs one');
  });
});
