import type { Place } from './demo-places';
import type { SeededRandom } from './random';
import type { RowSink } from './row-sink';

/** What every part of the detailed world is built with. */
export interface WorldContext {
  readonly random: SeededRandom;
  /** Ids come from their own stream so that adding a row type does not reshuffle the world. */
  readonly ids: SeededRandom;
  readonly sink: RowSink;
  /** The moment the world is built around: the past happened before it, the plan comes after. */
  readonly now: Date;
  readonly passwordHash: string;
  readonly places: ReadonlyMap<string, Place>;
  readonly placeList: readonly Place[];
}

export function place(ctx: WorldContext, postalCode: string): Place {
  const found = ctx.places.get(postalCode);
  if (!found) throw new Error(`No hub for postal code ${postalCode}`);
  return found;
}

const AREA_CODES: Readonly<Record<string, readonly string[]>> = {
  AL: ['205', '251'],
  AR: ['501'],
  AZ: ['602', '520'],
  CA: ['213', '909', '559', '916', '510'],
  CO: ['303'],
  CT: ['860'],
  FL: ['904', '813', '305', '407', '863'],
  GA: ['404', '912'],
  IA: ['515', '319'],
  ID: ['208'],
  IL: ['312', '815', '309'],
  IN: ['317', '219', '260', '812'],
  KS: ['316'],
  KY: ['502', '859'],
  LA: ['504', '318'],
  MA: ['617'],
  MD: ['410'],
  MI: ['313', '616'],
  MN: ['612'],
  MO: ['816', '314', '417'],
  MS: ['601'],
  MT: ['406'],
  NC: ['704', '336', '919'],
  ND: ['701'],
  NE: ['402'],
  NH: ['603'],
  NJ: ['973', '908', '732'],
  NM: ['505'],
  NV: ['702', '775'],
  NY: ['716', '315', '518'],
  OH: ['614', '513', '937', '419'],
  OK: ['405', '918'],
  OR: ['503'],
  PA: ['717', '610', '215', '412'],
  SC: ['864', '843'],
  SD: ['605'],
  TN: ['615', '901', '423', '865'],
  TX: ['214', '713', '210', '512', '956', '915', '806', '817'],
  UT: ['801'],
  VA: ['804', '757'],
  WA: ['206', '253', '509'],
  WI: ['414', '608', '920'],
  AB: ['403', '780'],
  BC: ['604'],
  MB: ['204'],
  NB: ['506'],
  NS: ['902'],
  ON: ['416', '905', '519', '613'],
  QC: ['514', '450', '418'],
  SK: ['306'],
};

export function areaCodeFor(state: string, random: SeededRandom): string {
  return random.pick(AREA_CODES[state] ?? ['800']);
}

/** 555-0100 to 555-0199 are the numbers set aside for fiction. */
export function fictionalPhone(areaCode: string, random: SeededRandom): string {
  return `(${areaCode}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;
}
