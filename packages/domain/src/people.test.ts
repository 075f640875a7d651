import { describe, expect, it } from 'vitest';
import {
  equipmentTabLabel,
  formatIsoDay,
  formatPhoneNumber,
  isNotificationKind,
  isValidEmailAddress,
  isValidPhoneNumber,
  isValidVin,
} from './people';

describe('contact details', () => {
  it('accepts North American numbers as people type them, and international ones with +', () => {
    for (const phone of [
      '(701) 555-0101',
      '701.555.0101',
      '+1 701 555 0101',
      '17015550101',
      '+44 20 7946 0958',
    ])
      expect(isValidPhoneNumber(phone), phone).toBe(true);
    for (const phone of [
      '555-0101',
      '(101) 555-0101',
      '701 155 0101',
      'call me',
      '+1 701',
      '701-555-01O1',
    ])
      expect(isValidPhoneNumber(phone), phone).toBe(false);
  });

  it('keeps North American numbers as (701) 555-0101', () => {
    expect(formatPhoneNumber('+1 701.555.0101')).toBe('(701) 555-0101');
    expect(formatPhoneNumber('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it('checks e-mail addresses', () => {
    expect(isValidEmailAddress('dana@redriver.example')).toBe(true);
    expect(isValidEmailAddress('dana@redriver')).toBe(false);
    expect(isValidEmailAddress('dana redriver@x.com')).toBe(false);
  });

  it('knows the kinds of notification', () => {
    expect(isNotificationKind('TenderReceived')).toBe(true);
    expect(isNotificationKind('Nonsense')).toBe(false);
  });
});

describe('equipment', () => {
  it('labels the tabs "Trailers (count)" and "Power Units (count)"', () => {
    expect(equipmentTabLabel('trailers', 23)).toBe('Trailers (23)');
    expect(equipmentTabLabel('powerUnits', undefined)).toBe('Power Units (0)');
  });

  it('checks a VIN: 17 letters and digits, never I, O or Q', () => {
    expect(isValidVin('1GRAB0622KB700123')).toBe(true);
    expect(isValidVin('1GRAB0622KB70012')).toBe(false);
    expect(isValidVin('1GRAB0622KB70012O')).toBe(false);
  });
});

it('writes days as MM/DD/YYYY', () => {
  expect(formatIsoDay('2026-11-24T10:00:00.000Z')).toBe('11/24/2026');
});
