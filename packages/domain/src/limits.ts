import { DOCUMENT_TILE_SIZE_PX, PDF_RENDER_SCALE } from './documents';
import { DockStopType, EquipmentCategory, LoadType } from './freight';

// ---- Paging ----

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

/** Contacts, locations, shipments, tenders, rate requests, cases, accounting, quick picks. */
export const LIST_PAGE_SIZE = 50;
export const RATE_SEARCH_PAGE_SIZE = 50;

export const QUICK_SEARCH_PAGE_SIZE = 20;
export const QUICK_SEARCH_DEBOUNCE_MS = 700;

export const PAYMENTS_PAGE_SIZE = 20;
export const PAYMENT_DETAIL_PAGE_SIZE = 20;
export const PAYMENTS_DEFAULT_RANGE_MONTHS = 3;

/** Quotable-location and driver search pickers. */
export const LOCATION_SEARCH_PAGE_SIZE = 100;
export const DRIVER_SEARCH_PAGE_SIZE = 100;

export const EDI_LOCATIONS_PAGE_SIZE = 10;
export const QUOTABLE_LOCATIONS_PAGE_SIZE = 10;
export const ALL_LOCATIONS_PAGE_SIZE = 10;

export const CASE_NOTES_PAGE = 1;
export const CASE_NOTES_PAGE_SIZE = 50;
export const SHIPMENT_CASES_PAGE = 1;
export const SHIPMENT_CASES_PAGE_SIZE = 1000;

export const THIRD_PARTY_INVOICE_PAGE_SIZE = 50;
export const THIRD_PARTY_INVOICE_COUNT_PAGE_SIZE = 1;
export const THIRD_PARTY_INVOICE_ACTION_REQUIRED_COUNT_PAGE_SIZE = 0;
export const THIRD_PARTY_INVOICE_PLACEHOLDER_CARDS = 10;
/** Placeholder cards a list shows while its first page loads. */
export const LIST_PLACEHOLDER_CARDS = 10;

// ---- Search radii and windows ----

export const LOAD_BOARD_DEFAULT_RADIUS_MILES = 100;
export const AVAILABLE_SHIPMENTS_RADIUS_MILES = 100;
export const AP_INVOICE_COUNTS_WINDOW_DAYS = 60;
export const ACCOUNTING_PAID_DEFAULT_WINDOW_DAYS = 60;

// ---- Notes and mentions ----

export const MENTION_SUGGESTION_LIMIT = 5;
export const MENTION_SEARCH_DEBOUNCE_MS = 500;
export const MENTION_MAX_LENGTH = 75;
export const MENTION_FALLBACK_MAX_LENGTH = 50;
export const TAB_KEY_DEBOUNCE_MS = 100;
export const NOTE_MAX_HEIGHT_PX = 450;
export const NOTE_LIST_MAX_INDENT_DEPTH = 6;

export const NOTE_FONTS = [
  'Times New Roman',
  'Roboto',
  'Arial',
  'Courier',
  'Courier New',
  'Verdana',
  'Georgia',
  'Comic Sans MS',
] as const;
export type NoteFont = (typeof NOTE_FONTS)[number];

export const NOTE_BLOCK_TYPES = [
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
] as const;
export type NoteBlockType = (typeof NOTE_BLOCK_TYPES)[number];

// ---- Notifications and delays ----

export const NOTIFICATION_DURATION_MS = 5000;
export const NOTIFICATION_HELPER_DURATION_MS = 4000;
export const LOGIN_NOTIFICATION_DURATION_MS = 4000;
export const DO_NOT_USE_NOTIFICATION_DURATION_MS = 8000;
export const LOCATION_UPDATE_NOTIFICATION_MS = 4000;
export const ERROR_REDIRECT_DELAY_MS = 3000;

export const ADMIN_REQUEST_COUNT_STALE_TIME_MS = 5 * 60 * 1000;
export const MONITORING_SAMPLE_RATE = 1.0;

// ---- Layout and brand ----

export const LAYOUT = {
  navWidthOpen: 240,
  navWidthCollapsed: 60,
  listSidebarWidth: 275,
  mobileBreakpoint: 900,
  documentTileSize: DOCUMENT_TILE_SIZE_PX,
  pdfRenderScale: PDF_RENDER_SCALE,
} as const;

export const BREAKPOINTS = {
  xs: 0,
  sm: 800,
  md: 960,
  lg: 1280,
  xl: 1920,
} as const;

export const BRAND_PRIMARY_BLUE = '#1565C0';

export const DATE_FORMAT = 'MM/DD/YYYY';
/** Third-party invoice cards print dates without a leading zero on the month. */
export const INVOICE_CARD_DATE_FORMAT = 'M/DD/YYYY';

// ---- Freight rules ----

/** A draft shipment built from consolidated orders: weight in pounds, distance in miles. */
export const CONSOLIDATION = {
  maxWeight: 45000,
  maxUnits: 60,
  distance: 40,
  windowWidenDays: 2,
  maxBuy: 0,
} as const;

/** Added to a rate when booking must raise the shipment's maxBuy. */
export const MAX_BUY_MARGIN = 5;

export interface DockHours {
  readonly dayOfWeek: number;
  readonly isClosed: boolean;
  readonly isTwentyFourHour: boolean;
  readonly startTime: string;
  readonly endTime: string;
}

export const DEFAULT_DOCK_START_TIME = '00:00';
export const DEFAULT_DOCK_END_TIME = '23:59';

/** Open 00:00-23:59 every day, Sunday (0) to Saturday (6). */
export const DEFAULT_DOCK_HOURS: readonly DockHours[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isClosed: false,
  isTwentyFourHour: false,
  startTime: DEFAULT_DOCK_START_TIME,
  endTime: DEFAULT_DOCK_END_TIME,
}));

export const DEFAULT_DOCK_SCHEDULE_MODES = {
  equipmentModes: [
    EquipmentCategory.Dry,
    EquipmentCategory.Reefer,
    EquipmentCategory.Flatbed,
    EquipmentCategory.Bulk,
  ],
  shippingModes: [LoadType.TL, LoadType.LTL, LoadType.Bulk, LoadType.Intermodal],
  stopTypes: [DockStopType.Shipping, DockStopType.Receiving],
} as const;

export const DEFAULT_LOCATION_TYPE = 'Warehouse';

/** Session replay (spec sections 1 and 9; decision 181). */
export const SESSION_REPLAY = {
  /** Every session is recorded while replay is on (spec: sample rate 100 percent). */
  sampleRate: 1,
  /** The browser sends what it recorded every few seconds, and at once when the page is hidden. */
  flushIntervalMs: 5000,
  /** One chunk of events at most: a full snapshot of a busy screen fits with room to spare. */
  chunkLimitBytes: 2 * 1024 * 1024,
  /**
   * What the browser puts in one chunk at most (events' JSON, UTF-8): a few seconds of quick
   * navigation can record more than the limit, which then goes in several chunks.
   */
  chunkTargetBytes: 1024 * 1024,
  /** One recording at most; beyond it the collector refuses and the browser stops recording. */
  recordingLimitBytes: 50 * 1024 * 1024,
  /** rrweb's event types that start a recording, and each page's part of it: meta, then a full snapshot. */
  metaEventType: 4,
  fullSnapshotEventType: 2,
  /** Elements whose text is masked (note bodies) and elements left out (document previews). */
  maskTextSelector: '[data-replay-mask]',
  blockSelector: '[data-replay-block]',
  /** A recording is deleted this many days after its last event (personal data kept no longer). */
  retentionDays: 30,
} as const;

export const SESSION_REPLAY_MESSAGES = {
  notFound: 'Session replay not found',
  notARecording:
    'Not a recording: the first chunk starts with its meta and full snapshot events (types 4 and 2)',
  tooLarge: (limitMb: number) => `This recording is over its ${limitMb} MB limit`,
} as const;
