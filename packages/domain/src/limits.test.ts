import { describe, expect, it } from 'vitest';
import * as limits from './limits';

describe('portal constants (portal spec section 9)', () => {
  it('pages lists as the spec says', () => {
    expect(limits.LIST_PAGE_SIZE).toBe(50);
    expect(limits.PAYMENTS_PAGE_SIZE).toBe(20);
    expect(limits.PAYMENTS_DEFAULT_RANGE_MONTHS).toBe(3);
    expect(limits.DEFAULT_PAGE).toBe(1);
    expect(limits.DEFAULT_PAGE_SIZE).toBe(10);
    expect(limits.QUICK_SEARCH_PAGE_SIZE).toBe(20);
    expect(limits.QUICK_SEARCH_DEBOUNCE_MS).toBe(700);
    expect(limits.LOCATION_SEARCH_PAGE_SIZE).toBe(100);
    expect(limits.DRIVER_SEARCH_PAGE_SIZE).toBe(100);
    expect(limits.THIRD_PARTY_INVOICE_PAGE_SIZE).toBe(50);
    expect(limits.THIRD_PARTY_INVOICE_COUNT_PAGE_SIZE).toBe(1);
    expect(limits.THIRD_PARTY_INVOICE_ACTION_REQUIRED_COUNT_PAGE_SIZE).toBe(0);
    expect(limits.THIRD_PARTY_INVOICE_PLACEHOLDER_CARDS).toBe(10);
    expect(limits.CASE_NOTES_PAGE_SIZE).toBe(50);
    expect(limits.LOAD_BOARD_DEFAULT_RADIUS_MILES).toBe(100);
  });

  it('sets the notes editor limits', () => {
    expect(limits.MENTION_SUGGESTION_LIMIT).toBe(5);
    expect(limits.MENTION_SEARCH_DEBOUNCE_MS).toBe(500);
    expect(limits.MENTION_MAX_LENGTH).toBe(75);
    expect(limits.MENTION_FALLBACK_MAX_LENGTH).toBe(50);
    expect(limits.TAB_KEY_DEBOUNCE_MS).toBe(100);
    expect(limits.NOTE_MAX_HEIGHT_PX).toBe(450);
    expect(limits.NOTE_LIST_MAX_INDENT_DEPTH).toBe(6);
    expect(limits.NOTE_FONTS).toEqual([
      'Times New Roman',
      'Roboto',
      'Arial',
      'Courier',
      'Courier New',
      'Verdana',
      'Georgia',
      'Comic Sans MS',
    ]);
    expect(limits.NOTE_BLOCK_TYPES).toEqual([
      'Normal',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Heading 5',
      'Heading 6',
      'Bulleted List',
      'Numbered List',
      'Quote',
      'Code',
    ]);
  });

  it('times notifications and caches', () => {
    expect(limits.NOTIFICATION_DURATION_MS).toBe(5000);
    expect(limits.NOTIFICATION_HELPER_DURATION_MS).toBe(4000);
    expect(limits.LOGIN_NOTIFICATION_DURATION_MS).toBe(4000);
    expect(limits.DO_NOT_USE_NOTIFICATION_DURATION_MS).toBe(8000);
    expect(limits.ADMIN_REQUEST_COUNT_STALE_TIME_MS).toBe(300_000);
    expect(limits.MONITORING_SAMPLE_RATE).toBe(1);
  });

  it('lays out and brands the portal', () => {
    expect(limits.LAYOUT).toEqual({
      navWidthOpen: 240,
      navWidthCollapsed: 60,
      listSidebarWidth: 275,
      mobileBreakpoint: 900,
      documentTileSize: 125,
      pdfRenderScale: 1.6,
    });
    expect(limits.BREAKPOINTS).toEqual({ xs: 0, sm: 800, md: 960, lg: 1280, xl: 1920 });
    expect(limits.BRAND_PRIMARY_BLUE).toBe('#1565C0');
  });
});

describe('data-operation constants (data-operations section 9)', () => {
  it('pages the data lists', () => {
    expect(limits.EDI_LOCATIONS_PAGE_SIZE).toBe(10);
    expect(limits.QUOTABLE_LOCATIONS_PAGE_SIZE).toBe(10);
    expect(limits.ALL_LOCATIONS_PAGE_SIZE).toBe(10);
    expect(limits.RATE_SEARCH_PAGE_SIZE).toBe(50);
    expect(limits.PAYMENT_DETAIL_PAGE_SIZE).toBe(20);
    expect(limits.SHIPMENT_CASES_PAGE).toBe(1);
    expect(limits.SHIPMENT_CASES_PAGE_SIZE).toBe(1000);
  });

  it('consolidates within the spec limits', () => {
    expect(limits.CONSOLIDATION).toEqual({
      maxWeight: 45000,
      maxUnits: 60,
      distance: 40,
      windowWidenDays: 2,
      maxBuy: 0,
    });
  });

  it('sets radii, windows, delays and the maxBuy margin', () => {
    expect(limits.AVAILABLE_SHIPMENTS_RADIUS_MILES).toBe(100);
    expect(limits.AP_INVOICE_COUNTS_WINDOW_DAYS).toBe(60);
    expect(limits.LOCATION_UPDATE_NOTIFICATION_MS).toBe(4000);
    expect(limits.ERROR_REDIRECT_DELAY_MS).toBe(3000);
    expect(limits.MAX_BUY_MARGIN).toBe(5);
  });

  it('opens default dock hours 00:00-23:59 on all 7 days', () => {
    expect(limits.DEFAULT_DOCK_HOURS).toHaveLength(7);
    expect(limits.DEFAULT_DOCK_HOURS.map((hours) => hours.dayOfWeek)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    for (const hours of limits.DEFAULT_DOCK_HOURS) {
      expect(hours).toMatchObject({ isClosed: false, startTime: '00:00', endTime: '23:59' });
    }
  });

  it('covers Dry, Reefer, Flatbed, Bulk; TL, LTL, Bulk, Intermodal; Shipping, Receiving', () => {
    expect(limits.DEFAULT_DOCK_SCHEDULE_MODES).toEqual({
      equipmentModes: [0, 1, 2, 3],
      shippingModes: [0, 1, 2, 3],
      stopTypes: ['Shipping', 'Receiving'],
    });
    expect(limits.DEFAULT_LOCATION_TYPE).toBe('Warehouse');
  });
});
