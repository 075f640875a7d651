import { describe, expect, it } from 'vitest';
import {
  CANADIAN_PROVINCES,
  US_STATES,
  canadianFsa,
  countryForPostalCode,
  findRegion,
  formatCanadianPostalCode,
  isCanadianPostalCode,
  provinceForPostalCode,
  stateToCode,
  timeZoneForPostalCode,
  usZip5,
} from './addresses';

describe('Canadian postal codes', () => {
  it.each(['K1A 0B1', 'k1a-0b1', 'K1A0B1', ' m5v 3l9 '])('accepts "%s"', (code) => {
    expect(isCanadianPostalCode(code)).toBe(true);
    expect(countryForPostalCode(code)).toBe('CA');
  });

  it.each([
    '12345',
    '10001-1234',
    'K1A  0B1',
    'K1A_0B1',
    'KK1 0B1',
    'K1A 0B',
    'M5V',
    '',
    null,
    undefined,
  ])('rejects %j', (code) => {
    expect(isCanadianPostalCode(code)).toBe(false);
    expect(countryForPostalCode(code)).toBeUndefined();
  });

  it('formats and reads the forward sortation area', () => {
    expect(formatCanadianPostalCode('k1a-0b1')).toBe('K1A 0B1');
    expect(formatCanadianPostalCode('12345')).toBeUndefined();
    expect(canadianFsa('k1a 0b1')).toBe('K1A');
    expect(canadianFsa('m5v')).toBe('M5V');
    expect(canadianFsa('12345')).toBeUndefined();
  });

  it('reads the province from the first letter', () => {
    expect(provinceForPostalCode('A1C 5M2')).toBe('NL');
    expect(provinceForPostalCode('H2X')).toBe('QC');
    expect(provinceForPostalCode('P0V')).toBe('ON');
    expect(provinceForPostalCode('X0A 0H0')).toBe('NU');
    expect(provinceForPostalCode('X1A 2P7')).toBe('NT');
    expect(provinceForPostalCode('D1A 1A1')).toBeUndefined();
  });
});

describe('US ZIP codes', () => {
  it('takes the first five digits', () => {
    expect(usZip5('10001')).toBe('10001');
    expect(usZip5('10001-1234')).toBe('10001');
    expect(usZip5('1000')).toBeUndefined();
    expect(usZip5('K1A 0B1')).toBeUndefined();
  });
});

describe('stateToCode', () => {
  it.each([
    ['Texas', 'TX'],
    ['new york', 'NY'],
    ['NEW MEXICO', 'NM'],
    ['District of Columbia', 'DC'],
    ['Washington', 'WA'],
    ['West Virginia', 'WV'],
    ['Puerto Rico', 'PR'],
    ['Ontario', 'ON'],
    ['Québec', 'QC'],
    ['quebec', 'QC'],
    ['British  Columbia', 'BC'],
    ['Newfoundland and Labrador', 'NL'],
    ['Yukon', 'YT'],
    ['Nunavut', 'NU'],
    ['TX', 'TX'],
    ['tx', 'TX'],
    [' on ', 'ON'],
  ])('"%s" -> %s', (name, code) => {
    expect(stateToCode(name)).toBe(code);
  });

  it('answers undefined for unknown names', () => {
    expect(stateToCode('Narnia')).toBeUndefined();
    expect(stateToCode('ZZ')).toBeUndefined();
    expect(stateToCode('')).toBeUndefined();
    expect(stateToCode(undefined)).toBeUndefined();
  });

  it('covers 50 states, DC and the territories, and all 13 provinces and territories', () => {
    expect(US_STATES.length).toBeGreaterThanOrEqual(51);
    expect(CANADIAN_PROVINCES).toHaveLength(13);
    expect(findRegion('Alberta')?.country).toBe('CA');
    expect(findRegion('CA')?.name).toBe('California');
  });
});

describe('timeZoneForPostalCode', () => {
  it.each([
    ['97910', 'America/Boise'],
    ['58638', 'America/North_Dakota/New_Salem'],
    ['86515', 'America/Denver'],
    ['10001', 'America/New_York'],
    ['10001-1234', 'America/New_York'],
    ['60601', 'America/Chicago'],
    ['90210', 'America/Los_Angeles'],
  ])('US %s is %s', (zip, zone) => {
    expect(timeZoneForPostalCode(zip)).toBe(zone);
  });

  it.each([
    ['M5V', 'America/Toronto'],
    ['M5V 3L9', 'America/Toronto'],
    ['V6B', 'America/Vancouver'],
    ['P0V', 'America/Winnipeg'],
    ['P0V 1A0', 'America/Winnipeg'],
    ['B1A', 'America/Glace_Bay'],
    ['B2N 1A1', 'America/Glace_Bay'],
    ['B3H', 'America/Halifax'],
    ['A1C', 'America/St_Johns'],
    ['A0P', 'America/Goose_Bay'],
    ['C1A', 'America/Halifax'],
    ['E1C', 'America/Moncton'],
    ['H2X', 'America/Toronto'],
    ['G4T', 'America/Halifax'],
    ['G0G', 'America/Puerto_Rico'],
    ['R3C', 'America/Winnipeg'],
    ['S4P', 'America/Regina'],
    ['S9V', 'America/Edmonton'],
    ['S0P', 'America/Winnipeg'],
    ['T2P', 'America/Edmonton'],
    ['V1G', 'America/Dawson_Creek'],
    ['V0B', 'America/Creston'],
    ['V1C', 'America/Edmonton'],
    ['X0A', 'America/Iqaluit'],
    ['X0B', 'America/Cambridge_Bay'],
    ['X0C', 'America/Rankin_Inlet'],
    ['X0G', 'America/Inuvik'],
    ['X1A 2P7', 'America/Edmonton'],
    ['Y1A', 'America/Whitehorse'],
  ])('Canadian %s is %s', (postalCode, zone) => {
    expect(timeZoneForPostalCode(postalCode)).toBe(zone);
  });

  it('answers only zones the runtime can use', () => {
    const samples = [
      'A0P',
      'B1A',
      'E1C',
      'G0G',
      'S4P',
      'V0B',
      'V1G',
      'X0A',
      'X0B',
      'X0C',
      'X0G',
      'Y1A',
    ];
    for (const postalCode of samples) {
      const zone = timeZoneForPostalCode(postalCode);
      expect(zone).toBeDefined();
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });

  it('answers undefined for unknown or malformed codes', () => {
    expect(timeZoneForPostalCode('00000')).toBeUndefined();
    expect(timeZoneForPostalCode('ABCDE')).toBeUndefined();
    expect(timeZoneForPostalCode('D1A 1A1')).toBeUndefined();
    expect(timeZoneForPostalCode('')).toBeUndefined();
    expect(timeZoneForPostalCode(null)).toBeUndefined();
  });
});
