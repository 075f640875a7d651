import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCK_HOURS } from './limits';
import {
  checkAddress,
  completeDockHours,
  describeDockHours,
  dockStopTypeFor,
  isDockOpenAt,
} from './locations';

describe('checkAddress', () => {
  it('sets the country to CA for a Canadian postal code and writes it "K1A 0B1"', () => {
    expect(checkAddress({ province: 'Ontario', postalCode: 'k1a-0b1' })).toEqual({
      ok: true,
      address: {
        province: 'ON',
        postalCode: 'K1A 0B1',
        country: 'CA',
        ianaTimezone: 'America/Toronto',
      },
    });
    // Even when the form said US.
    expect(checkAddress({ province: 'QC', postalCode: 'H2X1Y4', country: 'US' })).toMatchObject({
      ok: true,
      address: { country: 'CA', postalCode: 'H2X 1Y4' },
    });
  });

  it('turns a state name into its code and takes the zone of the ZIP', () => {
    expect(checkAddress({ province: 'north dakota', postalCode: '58102' })).toEqual({
      ok: true,
      address: {
        province: 'ND',
        postalCode: '58102',
        country: 'US',
        ianaTimezone: 'America/Chicago',
      },
    });
    expect(checkAddress({ province: 'TX', postalCode: '750011234' })).toMatchObject({
      address: { postalCode: '75001-1234' },
    });
  });

  it('names the field at fault', () => {
    expect(checkAddress({ province: 'Atlantis', postalCode: '58102' })).toEqual({
      ok: false,
      field: 'province',
      message: '"Atlantis" is not a US state or Canadian province',
    });
    expect(checkAddress({ province: 'ND', postalCode: '5810' })).toMatchObject({
      ok: false,
      field: 'postalCode',
    });
    expect(checkAddress({ province: 'ON', postalCode: '58102', country: 'CA' })).toEqual({
      ok: false,
      field: 'postalCode',
      message: 'Enter a Canadian postal code like K1A 0B1',
    });
    expect(checkAddress({ province: 'Texas', postalCode: 'M5V 2T6' })).toEqual({
      ok: false,
      field: 'province',
      message: 'TX is not a Canadian province; a Canadian postal code needs one',
    });
  });
});

describe('dock hours', () => {
  it('fills the days left out with the default open 00:00-23:59', () => {
    const result = completeDockHours([
      {
        dayOfWeek: 0,
        isClosed: true,
        isTwentyFourHour: false,
        startTime: '00:00',
        endTime: '23:59',
      },
      {
        dayOfWeek: 1,
        isClosed: false,
        isTwentyFourHour: false,
        startTime: '07:00',
        endTime: '15:30',
      },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.hours).toHaveLength(7);
    expect(result.hours.slice(2)).toEqual(DEFAULT_DOCK_HOURS.slice(2));
    expect(describeDockHours(result.hours)).toBe(
      'Sun Closed, Mon 07:00-15:30, Tue 00:00-23:59, Wed 00:00-23:59, Thu 00:00-23:59, Fri 00:00-23:59, Sat 00:00-23:59',
    );
    expect(completeDockHours(undefined)).toEqual({ ok: true, hours: DEFAULT_DOCK_HOURS });
  });

  it('refuses a day that closes before it opens, or a day given twice', () => {
    expect(
      completeDockHours([
        {
          dayOfWeek: 3,
          isClosed: false,
          isTwentyFourHour: false,
          startTime: '16:00',
          endTime: '08:00',
        },
      ]),
    ).toEqual({
      ok: false,
      field: 'dockHours[0].endTime',
      message: 'Wednesday: the dock must close after it opens (16:00 to 08:00)',
    });
    const day = {
      dayOfWeek: 2,
      isClosed: true,
      isTwentyFourHour: false,
      startTime: '00:00',
      endTime: '23:59',
    };
    expect(completeDockHours([day, day])).toMatchObject({
      ok: false,
      field: 'dockHours[1].dayOfWeek',
    });
  });

  it('is open inside the hours, both ends included, and never on a closed day', () => {
    const hours = [
      {
        dayOfWeek: 1,
        isClosed: false,
        isTwentyFourHour: false,
        startTime: '07:00',
        endTime: '15:00',
      },
      {
        dayOfWeek: 0,
        isClosed: true,
        isTwentyFourHour: false,
        startTime: '00:00',
        endTime: '23:59',
      },
      {
        dayOfWeek: 6,
        isClosed: false,
        isTwentyFourHour: true,
        startTime: '00:00',
        endTime: '23:59',
      },
    ];
    expect(isDockOpenAt(hours, 1, '07:00')).toBe(true);
    expect(isDockOpenAt(hours, 1, '15:00')).toBe(true);
    expect(isDockOpenAt(hours, 1, '15:01')).toBe(false);
    expect(isDockOpenAt(hours, 1, '06:59')).toBe(false);
    expect(isDockOpenAt(hours, 0, '12:00')).toBe(false);
    expect(isDockOpenAt(hours, 6, '23:59')).toBe(true);
  });

  it('serves pickups from shipping docks and deliveries from receiving docks', () => {
    expect(dockStopTypeFor('Pickup')).toBe('Shipping');
    expect(dockStopTypeFor('Delivery')).toBe('Receiving');
  });
});
