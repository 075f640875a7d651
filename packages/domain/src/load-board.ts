import { LOAD_BOARD_DEFAULT_RADIUS_MILES } from './limits';

// The load board's search: its limits, its orderings and the query string that carries it, shared
// by the screen (a search is a link) and the API (the same names in api/v2/load_board).

/** The bound on a search radius; the spec gives only the default (100). */
export const LOAD_BOARD_MAX_RADIUS_MILES = 500;

export type LoadBoardOrderBy = 'pickupDate' | 'price' | 'ratePerMile' | 'deadhead' | 'distance';

/** Order-by options as the screen offers them (label and value); pickup date is the default. */
export const LOAD_BOARD_ORDER_BY: readonly { value: LoadBoardOrderBy; label: string }[] = [
  { value: 'pickupDate', label: 'Pickup Date' },
  { value: 'price', label: 'Price: Highest First' },
  { value: 'ratePerMile', label: 'Rate per Mile: Highest First' },
  { value: 'deadhead', label: 'Deadhead: Nearest First' },
  { value: 'distance', label: 'Distance: Shortest First' },
];
export const DEFAULT_LOAD_BOARD_ORDER_BY: LoadBoardOrderBy = 'pickupDate';

/** The order requirement a carrier without a liquor license cannot take. */
export const LIQUOR_REQUIREMENT = 'Liquor License';

/** A saved lane or a posted truck as a load board search (the link that opens the board on it). */
export interface LaneSearch {
  originPostalCode?: string | null;
  originLabel?: string | null;
  originRadius?: number | null;
  destinationPostalCode?: string | null;
  destinationState?: string | null;
  destinationLabel?: string | null;
  destinationRadius?: number | null;
  equipmentTypes?: number | null;
  totalPriceMin?: number | null;
  pickupFrom?: string | null;
}

/** The /reloads query string for a lane: only what differs from the defaults is written. */
export function loadBoardSearchString(search: LaneSearch): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  };
  put('originPostalCode', search.originPostalCode);
  put('originLabel', search.originLabel);
  if (search.originRadius !== LOAD_BOARD_DEFAULT_RADIUS_MILES)
    put('originRadius', search.originRadius);
  put('destinationPostalCode', search.destinationPostalCode);
  if (!search.destinationPostalCode) put('destinationState', search.destinationState);
  put('destinationLabel', search.destinationLabel);
  if (search.destinationRadius !== LOAD_BOARD_DEFAULT_RADIUS_MILES)
    put('destinationRadius', search.destinationRadius);
  put('equipmentTypes', search.equipmentTypes);
  put('totalPriceMin', search.totalPriceMin);
  put('pickupFrom', search.pickupFrom);
  return params.toString();
}

export interface RateTypeRoute {
  /** The word of /rates/{rateType}/shipment/{shipmentNumber}. */
  readonly rateType: string;
  /** One of the spec's three ways to book a load (data-operations section 4), as the rates search names it. */
  readonly rateKind: 'ContractTL' | 'LTL' | 'SpotQuote';
  /** The screen's heading and the kind's name in messages. */
  readonly label: string;
}

/**
 * The rate types of /rates/{rateType}/shipment/{shipmentNumber}: that load's rates of one kind, with
 * Book (decision 222). The path also takes the kind's own name (ContractTL, LTL, SpotQuote).
 */
export const RATE_TYPE_ROUTES: readonly RateTypeRoute[] = [
  { rateType: 'contract', rateKind: 'ContractTL', label: 'Contract TL rates' },
  { rateType: 'ltl', rateKind: 'LTL', label: 'LTL rates' },
  { rateType: 'spot', rateKind: 'SpotQuote', label: 'Spot quotes' },
];

/** The rate type a path word names, without regard to case; undefined for any other word. */
export function rateTypeRoute(word: string): RateTypeRoute | undefined {
  const wanted = word.trim().toLowerCase();
  return RATE_TYPE_ROUTES.find(
    (route) => route.rateType === wanted || route.rateKind.toLowerCase() === wanted,
  );
}

/** What the rates screen says of a rate type it does not know. */
export function unknownRateTypeMessage(word: string): string {
  const known = RATE_TYPE_ROUTES.map((route) => `${route.rateType} (${route.label})`);
  return `"${word}" is not a rate type. The rate types are ${known.slice(0, -1).join(', ')} and ${known[known.length - 1]}.`;
}
