import { EquipmentType } from '@portal/domain';

// The fixed cast of the demo world: fictional companies at real places. Every postal code here
// is in the reference table; the city is the name people use (the table's Canadian rows name
// neighbourhoods).

export interface Hub {
  postalCode: string;
  city: string;
}

/** Freight hubs in the US and Canada, where customers ship from and to and carriers are based. */
export const HUBS: readonly Hub[] = [
  { postalCode: '60601', city: 'Chicago' },
  { postalCode: '60436', city: 'Joliet' },
  { postalCode: '61109', city: 'Rockford' },
  { postalCode: '61602', city: 'Peoria' },
  { postalCode: '30303', city: 'Atlanta' },
  { postalCode: '75201', city: 'Dallas' },
  { postalCode: '76106', city: 'Fort Worth' },
  { postalCode: '77029', city: 'Houston' },
  { postalCode: '78201', city: 'San Antonio' },
  { postalCode: '78744', city: 'Austin' },
  { postalCode: '78045', city: 'Laredo' },
  { postalCode: '79901', city: 'El Paso' },
  { postalCode: '79401', city: 'Lubbock' },
  { postalCode: '79118', city: 'Amarillo' },
  { postalCode: '90021', city: 'Los Angeles' },
  { postalCode: '91761', city: 'Ontario' },
  { postalCode: '93706', city: 'Fresno' },
  { postalCode: '95206', city: 'Stockton' },
  { postalCode: '95814', city: 'Sacramento' },
  { postalCode: '94607', city: 'Oakland' },
  { postalCode: '89118', city: 'Las Vegas' },
  { postalCode: '89502', city: 'Reno' },
  { postalCode: '85043', city: 'Phoenix' },
  { postalCode: '85714', city: 'Tucson' },
  { postalCode: '87102', city: 'Albuquerque' },
  { postalCode: '80216', city: 'Denver' },
  { postalCode: '84104', city: 'Salt Lake City' },
  { postalCode: '83702', city: 'Boise' },
  { postalCode: '59101', city: 'Billings' },
  { postalCode: '97217', city: 'Portland' },
  { postalCode: '98108', city: 'Seattle' },
  { postalCode: '98421', city: 'Tacoma' },
  { postalCode: '98901', city: 'Yakima' },
  { postalCode: '99201', city: 'Spokane' },
  { postalCode: '55401', city: 'Minneapolis' },
  { postalCode: '58102', city: 'Fargo' },
  { postalCode: '57104', city: 'Sioux Falls' },
  { postalCode: '50309', city: 'Des Moines' },
  { postalCode: '52404', city: 'Cedar Rapids' },
  { postalCode: '68102', city: 'Omaha' },
  { postalCode: '64120', city: 'Kansas City' },
  { postalCode: '67202', city: 'Wichita' },
  { postalCode: '63102', city: 'St. Louis' },
  { postalCode: '65803', city: 'Springfield' },
  { postalCode: '73108', city: 'Oklahoma City' },
  { postalCode: '74107', city: 'Tulsa' },
  { postalCode: '72201', city: 'Little Rock' },
  { postalCode: '71101', city: 'Shreveport' },
  { postalCode: '70112', city: 'New Orleans' },
  { postalCode: '39201', city: 'Jackson' },
  { postalCode: '38118', city: 'Memphis' },
  { postalCode: '37210', city: 'Nashville' },
  { postalCode: '37406', city: 'Chattanooga' },
  { postalCode: '37921', city: 'Knoxville' },
  { postalCode: '35203', city: 'Birmingham' },
  { postalCode: '36602', city: 'Mobile' },
  { postalCode: '40202', city: 'Louisville' },
  { postalCode: '40511', city: 'Lexington' },
  { postalCode: '46225', city: 'Indianapolis' },
  { postalCode: '46402', city: 'Gary' },
  { postalCode: '46803', city: 'Fort Wayne' },
  { postalCode: '47711', city: 'Evansville' },
  { postalCode: '43217', city: 'Columbus' },
  { postalCode: '45202', city: 'Cincinnati' },
  { postalCode: '45414', city: 'Dayton' },
  { postalCode: '43605', city: 'Toledo' },
  { postalCode: '48226', city: 'Detroit' },
  { postalCode: '49512', city: 'Grand Rapids' },
  { postalCode: '53204', city: 'Milwaukee' },
  { postalCode: '53704', city: 'Madison' },
  { postalCode: '54304', city: 'Green Bay' },
  { postalCode: '15222', city: 'Pittsburgh' },
  { postalCode: '17101', city: 'Harrisburg' },
  { postalCode: '18109', city: 'Allentown' },
  { postalCode: '19148', city: 'Philadelphia' },
  { postalCode: '07102', city: 'Newark' },
  { postalCode: '07201', city: 'Elizabeth' },
  { postalCode: '08817', city: 'Edison' },
  { postalCode: '14202', city: 'Buffalo' },
  { postalCode: '13206', city: 'Syracuse' },
  { postalCode: '12205', city: 'Albany' },
  { postalCode: '02210', city: 'Boston' },
  { postalCode: '06101', city: 'Hartford' },
  { postalCode: '03101', city: 'Manchester' },
  { postalCode: '21224', city: 'Baltimore' },
  { postalCode: '23219', city: 'Richmond' },
  { postalCode: '23510', city: 'Norfolk' },
  { postalCode: '27409', city: 'Greensboro' },
  { postalCode: '27610', city: 'Raleigh' },
  { postalCode: '28208', city: 'Charlotte' },
  { postalCode: '29607', city: 'Greenville' },
  { postalCode: '29401', city: 'Charleston' },
  { postalCode: '31401', city: 'Savannah' },
  { postalCode: '32204', city: 'Jacksonville' },
  { postalCode: '32801', city: 'Orlando' },
  { postalCode: '33602', city: 'Tampa' },
  { postalCode: '33801', city: 'Lakeland' },
  { postalCode: '33166', city: 'Miami' },
  { postalCode: 'M9W', city: 'Toronto' },
  { postalCode: 'M1B', city: 'Toronto' },
  { postalCode: 'L5T', city: 'Mississauga' },
  { postalCode: 'L6T', city: 'Brampton' },
  { postalCode: 'L8E', city: 'Hamilton' },
  { postalCode: 'N6E', city: 'London' },
  { postalCode: 'N8W', city: 'Windsor' },
  { postalCode: 'K1G', city: 'Ottawa' },
  { postalCode: 'H4T', city: 'Montreal' },
  { postalCode: 'H1B', city: 'Montreal' },
  { postalCode: 'H7L', city: 'Laval' },
  { postalCode: 'G1M', city: 'Quebec City' },
  { postalCode: 'E1A', city: 'Moncton' },
  { postalCode: 'B3K', city: 'Halifax' },
  { postalCode: 'R3H', city: 'Winnipeg' },
  { postalCode: 'R2R', city: 'Winnipeg' },
  { postalCode: 'S4N', city: 'Regina' },
  { postalCode: 'S7K', city: 'Saskatoon' },
  { postalCode: 'T2C', city: 'Calgary' },
  { postalCode: 'T6P', city: 'Edmonton' },
  { postalCode: 'V6A', city: 'Vancouver' },
  { postalCode: 'V4G', city: 'Delta' },
];

export type EquipmentProfile = 'van' | 'reefer' | 'flatbed' | 'bulk';

/** Equipment category (equipment_mode), the bits a load accepts, trailer length. */
export const EQUIPMENT_PROFILES: Readonly<
  Record<EquipmentProfile, { mode: number; types: readonly number[]; label: string }>
> = {
  van: {
    mode: 0,
    types: [EquipmentType.Van, EquipmentType.Van | EquipmentType.Reefer],
    label: "53' Dry Van",
  },
  reefer: { mode: 1, types: [EquipmentType.Reefer], label: "53' Reefer" },
  flatbed: {
    mode: 2,
    types: [
      EquipmentType.FlatBed,
      EquipmentType.FlatBed | EquipmentType.StepDeck,
      EquipmentType.Conestoga,
      EquipmentType.StepDeck,
    ],
    label: "48' Flatbed",
  },
  bulk: { mode: 3, types: [EquipmentType.Tanker, EquipmentType.DryBulk], label: 'Tanker' },
};

/**
 * What a carrier earns a loaded mile by equipment, in US dollars (low, high). A truckload never pays
 * less than the short-haul floor; each extra stop adds its charge. A partial (LTL) load pays its
 * share of a dry van by weight, at least 30 % of it, and never less than its own floor.
 */
export const CARRIER_RATE_BANDS: Readonly<Record<EquipmentProfile, readonly [number, number]>> = {
  van: [1.8, 3.5],
  reefer: [2.1, 3.9],
  flatbed: [2.3, 4.1],
  bulk: [2.5, 4.3],
};
export const TRUCKLOAD_FLOOR_CENTS = 45_000;
export const EXTRA_STOP_CENTS = 7_500;
export const PARTIAL_FLOOR_CENTS = 25_000;
export const PARTIAL_MIN_SHARE = 0.3;
export const TRUCKLOAD_POUNDS = 44_000;

/** The profile of an equipment category (equipment_mode). */
export function profileOfMode(mode: number): EquipmentProfile {
  const found = (Object.keys(EQUIPMENT_PROFILES) as EquipmentProfile[]).find(
    (profile) => EQUIPMENT_PROFILES[profile].mode === mode,
  );
  return found ?? 'van';
}

export interface Commodity {
  description: string;
  freightClass: string;
  packageType: string;
  /** Pounds per package. */
  unitWeight: readonly [number, number];
  hazmat?: { unNumber: string; hazmatClass: string; group: string };
}

export interface CustomerProfile {
  name: string;
  domain: string;
  hq: string;
  /** Postal codes of its plants and distribution centres (the first is the headquarters). */
  sites: readonly string[];
  equipment: readonly (readonly [EquipmentProfile, number])[];
  commodities: readonly Commodity[];
  /** Share of all orders. */
  weight: number;
}

export const OPERATOR = {
  name: 'Meridian Freight Partners',
  domain: 'meridianfreight.example',
  hq: '46225',
  mcNumber: '718245',
  dotNumber: '2987310',
} as const;

export const CUSTOMERS: readonly CustomerProfile[] = [
  {
    name: 'Great Lakes Paper Products',
    domain: 'greatlakespaper.example',
    hq: '54304',
    sites: ['54304', '53704', '49512', '60436', '43217'],
    equipment: [['van', 1]],
    commodities: [
      {
        description: 'Corrugated boxes, flat-packed',
        freightClass: '55',
        packageType: 'Pallet',
        unitWeight: [650, 900],
      },
      {
        description: 'Paper towel rolls',
        freightClass: '100',
        packageType: 'Pallet',
        unitWeight: [300, 420],
      },
      {
        description: 'Kraft paper rolls',
        freightClass: '55',
        packageType: 'Roll',
        unitWeight: [1200, 1800],
      },
    ],
    weight: 12,
  },
  {
    name: 'Sunbelt Home Goods',
    domain: 'sunbelthome.example',
    hq: '30303',
    sites: ['30303', '31401', '32204', '28208', '75201', '91761'],
    equipment: [['van', 1]],
    commodities: [
      {
        description: 'Cookware sets, boxed',
        freightClass: '85',
        packageType: 'Pallet',
        unitWeight: [500, 800],
      },
      {
        description: 'Bath towels and linens',
        freightClass: '125',
        packageType: 'Carton',
        unitWeight: [25, 40],
      },
      {
        description: 'Patio furniture, knocked down',
        freightClass: '150',
        packageType: 'Pallet',
        unitWeight: [350, 550],
      },
    ],
    weight: 10,
  },
  {
    name: 'Prairie Harvest Foods',
    domain: 'prairieharvest.example',
    hq: '68102',
    sites: ['68102', '50309', '57104', '64120', '63102'],
    equipment: [
      ['reefer', 4],
      ['van', 1],
    ],
    commodities: [
      {
        description: 'Frozen poultry, boxed',
        freightClass: '65',
        packageType: 'Pallet',
        unitWeight: [1500, 1900],
      },
      {
        description: 'Fresh cheese blocks',
        freightClass: '70',
        packageType: 'Pallet',
        unitWeight: [1400, 1800],
      },
      {
        description: 'Canned sweet corn',
        freightClass: '60',
        packageType: 'Pallet',
        unitWeight: [1800, 2200],
      },
    ],
    weight: 12,
  },
  {
    name: 'Cascade Outdoor Supply',
    domain: 'cascadeoutdoor.example',
    hq: '97217',
    sites: ['97217', '98108', '83702', '84104', 'V4G'],
    equipment: [['van', 1]],
    commodities: [
      {
        description: 'Camping tents and sleeping bags',
        freightClass: '150',
        packageType: 'Carton',
        unitWeight: [20, 45],
      },
      {
        description: 'Kayaks, crated',
        freightClass: '175',
        packageType: 'Crate',
        unitWeight: [90, 160],
      },
    ],
    weight: 7,
  },
  {
    name: 'Lone Star Building Materials',
    domain: 'lonestarbuilding.example',
    hq: '75201',
    sites: ['75201', '77029', '78201', '73108', '79401'],
    equipment: [
      ['flatbed', 4],
      ['van', 1],
    ],
    commodities: [
      {
        description: 'Steel rebar bundles',
        freightClass: '50',
        packageType: 'Bundle',
        unitWeight: [2000, 3500],
      },
      {
        description: 'Treated lumber',
        freightClass: '60',
        packageType: 'Bundle',
        unitWeight: [1800, 2600],
      },
      {
        description: 'Roofing shingles',
        freightClass: '65',
        packageType: 'Pallet',
        unitWeight: [2400, 3000],
      },
    ],
    weight: 9,
  },
  {
    name: 'Maple Leaf Beverage Co.',
    domain: 'mapleleafbev.example',
    hq: 'L5T',
    sites: ['L5T', 'M9W', 'H4T', 'T2C', 'R3H', '14202'],
    equipment: [
      ['van', 2],
      ['reefer', 1],
    ],
    commodities: [
      {
        description: 'Sparkling water, 12-packs',
        freightClass: '65',
        packageType: 'Pallet',
        unitWeight: [1800, 2300],
      },
      {
        description: 'Maple syrup, glass bottles',
        freightClass: '70',
        packageType: 'Pallet',
        unitWeight: [1200, 1600],
      },
    ],
    weight: 8,
  },
  {
    name: 'Atlantic Coast Appliances',
    domain: 'atlanticcoastappliances.example',
    hq: '28208',
    sites: ['28208', '29607', '27409', '23219', '21224', '07201'],
    equipment: [['van', 1]],
    commodities: [
      {
        description: 'Refrigerators, stretch-wrapped',
        freightClass: '125',
        packageType: 'Crate',
        unitWeight: [250, 330],
      },
      {
        description: 'Washing machines',
        freightClass: '110',
        packageType: 'Crate',
        unitWeight: [180, 230],
      },
    ],
    weight: 8,
  },
  {
    name: 'Heartland Auto Parts',
    domain: 'heartlandauto.example',
    hq: '46225',
    sites: ['46225', '48226', '43605', '46803', '40511', 'N8W'],
    equipment: [
      ['van', 3],
      ['flatbed', 1],
    ],
    commodities: [
      {
        description: 'Brake rotors in returnable racks',
        freightClass: '60',
        packageType: 'Rack',
        unitWeight: [900, 1400],
      },
      {
        description: 'Automotive batteries',
        freightClass: '65',
        packageType: 'Pallet',
        unitWeight: [1600, 2100],
      },
      {
        description: 'Stamped steel body panels',
        freightClass: '85',
        packageType: 'Rack',
        unitWeight: [700, 1100],
      },
    ],
    weight: 11,
  },
  {
    name: 'Rocky Mountain Pet Nutrition',
    domain: 'rockymountainpet.example',
    hq: '80216',
    sites: ['80216', '84104', '87102', '85043', '67202'],
    equipment: [['van', 1]],
    commodities: [
      {
        description: 'Dry dog food, 40 lb bags',
        freightClass: '55',
        packageType: 'Pallet',
        unitWeight: [1800, 2200],
      },
      {
        description: 'Cat litter, 25 lb boxes',
        freightClass: '50',
        packageType: 'Pallet',
        unitWeight: [2000, 2400],
      },
    ],
    weight: 7,
  },
  {
    name: 'Bayou Chemical Solutions',
    domain: 'bayouchemical.example',
    hq: '70112',
    sites: ['70112', '77029', '71101', '36602', '38118'],
    equipment: [
      ['van', 2],
      ['bulk', 1],
    ],
    commodities: [
      {
        description: 'Sodium hypochlorite solution, drums',
        freightClass: '60',
        packageType: 'Drum',
        unitWeight: [480, 560],
        hazmat: { unNumber: 'UN1791', hazmatClass: '8', group: 'III' },
      },
      {
        description: 'Isopropanol, totes',
        freightClass: '60',
        packageType: 'Tote',
        unitWeight: [1700, 2100],
        hazmat: { unNumber: 'UN1219', hazmatClass: '3', group: 'II' },
      },
      {
        description: 'Pool chemical tablets (non-regulated)',
        freightClass: '70',
        packageType: 'Pallet',
        unitWeight: [900, 1300],
      },
    ],
    weight: 6,
  },
  {
    name: 'Laurentian Furniture Works',
    domain: 'laurentianfurniture.example',
    hq: 'H7L',
    sites: ['H7L', 'H1B', 'G1M', 'K1G', 'M1B', '12205'],
    equipment: [['van', 1]],
    commodities: [
      {
        description: 'Solid maple dining tables, boxed',
        freightClass: '150',
        packageType: 'Carton',
        unitWeight: [120, 180],
      },
      {
        description: 'Upholstered sofas, blanket-wrapped',
        freightClass: '250',
        packageType: 'Piece',
        unitWeight: [150, 220],
      },
    ],
    weight: 6,
  },
  {
    name: 'Keystone Packaging Group',
    domain: 'keystonepackaging.example',
    hq: '17101',
    sites: ['17101', '18109', '19148', '15222', '13206', '08817'],
    equipment: [['van', 1]],
    commodities: [
      {
        description: 'PET plastic preforms, gaylords',
        freightClass: '77.5',
        packageType: 'Gaylord',
        unitWeight: [700, 950],
      },
      {
        description: 'Printed folding cartons',
        freightClass: '70',
        packageType: 'Pallet',
        unitWeight: [900, 1300],
      },
    ],
    weight: 9,
  },
];

export const BROKER = {
  name: 'Crossroads Freight Brokerage',
  domain: 'crossroadsfreight.example',
  hq: '64120',
  sites: ['64120', '65803', '74107', '72201'],
  mcNumber: '823416',
  dotNumber: '3312087',
  weight: 5,
} as const;

export interface FactoringProfile {
  name: string;
  domain: string;
  hq: string;
}

export const FACTORING_COMPANIES: readonly FactoringProfile[] = [
  { name: 'Summit Freight Factoring', domain: 'summitfactoring.example', hq: '73108' },
  { name: 'Harborline Capital', domain: 'harborlinecapital.example', hq: '33602' },
];

export interface CarrierProfile {
  name: string;
  domain: string;
  hq: string;
  areaCode: string;
  equipment: readonly EquipmentProfile[];
  /** Size of the fleet (power units). */
  fleet: number;
  has3plNetwork?: boolean;
  /** Index into FACTORING_COMPANIES. */
  factoring?: number;
  doNotUse?: boolean;
  onHold?: boolean;
  notBookable?: boolean;
  logo?: readonly [string, string];
}

/** The first is the main demo carrier, the second the one used to show isolation. */
export const CARRIERS: readonly CarrierProfile[] = [
  {
    name: 'Red River Freight Lines',
    domain: 'redriverfreight.example',
    hq: '58102',
    areaCode: '701',
    equipment: ['van', 'reefer'],
    fleet: 16,
    has3plNetwork: true,
    factoring: 0,
    logo: ['#b3261e', '#ffffff'],
  },
  {
    name: 'Granite State Carriers',
    domain: 'granitestatecarriers.example',
    hq: '03101',
    areaCode: '603',
    equipment: ['van'],
    fleet: 9,
    logo: ['#455a64', '#eceff1'],
  },
  {
    name: 'Ironhorse Logistics',
    domain: 'ironhorselogistics.example',
    hq: '60436',
    areaCode: '815',
    equipment: ['van'],
    fleet: 14,
    has3plNetwork: true,
    logo: ['#263238', '#ffb300'],
  },
  {
    name: 'Twin Pines Trucking',
    domain: 'twinpinestrucking.example',
    hq: '99201',
    areaCode: '509',
    equipment: ['van', 'flatbed'],
    fleet: 6,
  },
  {
    name: 'Coastal Reefer Services',
    domain: 'coastalreefer.example',
    hq: '31401',
    areaCode: '912',
    equipment: ['reefer'],
    fleet: 11,
    logo: ['#0277bd', '#e1f5fe'],
  },
  {
    name: 'Big Sky Haulers',
    domain: 'bigskyhaulers.example',
    hq: '59101',
    areaCode: '406',
    equipment: ['flatbed'],
    fleet: 7,
  },
  {
    name: 'Lakeshore Transport',
    domain: 'lakeshoretransport.example',
    hq: '53204',
    areaCode: '414',
    equipment: ['van', 'reefer'],
    fleet: 10,
    has3plNetwork: true,
  },
  {
    name: 'Desert Star Carriers',
    domain: 'desertstarcarriers.example',
    hq: '85043',
    areaCode: '602',
    equipment: ['van', 'reefer'],
    fleet: 8,
    logo: ['#e65100', '#fff3e0'],
  },
  {
    name: 'Evergreen Van Lines',
    domain: 'evergreenvanlines.example',
    hq: '98108',
    areaCode: '206',
    equipment: ['van'],
    fleet: 9,
  },
  {
    name: 'Bluegrass Express',
    domain: 'bluegrassexpress.example',
    hq: '40202',
    areaCode: '502',
    equipment: ['van'],
    fleet: 8,
    has3plNetwork: true,
  },
  {
    name: 'Magnolia Freight',
    domain: 'magnoliafreight.example',
    hq: '39201',
    areaCode: '601',
    equipment: ['van', 'flatbed'],
    fleet: 5,
    factoring: 0,
  },
  {
    name: 'Ozark Mountain Transport',
    domain: 'ozarkmountaintransport.example',
    hq: '65803',
    areaCode: '417',
    equipment: ['van', 'reefer'],
    fleet: 7,
    factoring: 0,
  },
  {
    name: 'Cornhusker Carriers',
    domain: 'cornhuskercarriers.example',
    hq: '68102',
    areaCode: '402',
    equipment: ['reefer'],
    fleet: 10,
    logo: ['#c62828', '#fffde7'],
  },
  {
    name: 'Gulf Stream Logistics',
    domain: 'gulfstreamlogistics.example',
    hq: '36602',
    areaCode: '251',
    equipment: ['flatbed', 'bulk'],
    fleet: 6,
    factoring: 1,
  },
  {
    name: 'Piedmont Trucking',
    domain: 'piedmonttrucking.example',
    hq: '27409',
    areaCode: '336',
    equipment: ['van'],
    fleet: 8,
    factoring: 0,
  },
  {
    name: 'Sierra Pacific Freight',
    domain: 'sierrapacificfreight.example',
    hq: '95814',
    areaCode: '916',
    equipment: ['van', 'reefer'],
    fleet: 12,
    logo: ['#2e7d32', '#f1f8e9'],
  },
  {
    name: 'Great Plains Cartage',
    domain: 'greatplainscartage.example',
    hq: '67202',
    areaCode: '316',
    equipment: ['van', 'flatbed'],
    fleet: 6,
  },
  {
    name: 'Hudson Valley Transport',
    domain: 'hudsonvalleytransport.example',
    hq: '12205',
    areaCode: '518',
    equipment: ['van'],
    fleet: 7,
  },
  {
    name: 'Buckeye State Lines',
    domain: 'buckeyestatelines.example',
    hq: '43217',
    areaCode: '614',
    equipment: ['van'],
    fleet: 13,
    has3plNetwork: true,
    logo: ['#b71c1c', '#eeeeee'],
  },
  {
    name: 'Sooner Flatbed',
    domain: 'soonerflatbed.example',
    hq: '73108',
    areaCode: '405',
    equipment: ['flatbed'],
    fleet: 4,
    doNotUse: true,
  },
  {
    name: 'Alamo Reefer Express',
    domain: 'alamoreefer.example',
    hq: '78201',
    areaCode: '210',
    equipment: ['reefer'],
    fleet: 9,
    factoring: 1,
  },
  {
    name: 'Wasatch Transport',
    domain: 'wasatchtransport.example',
    hq: '84104',
    areaCode: '801',
    equipment: ['van', 'flatbed'],
    fleet: 8,
  },
  {
    name: 'Mile High Logistics',
    domain: 'milehighlogistics.example',
    hq: '80216',
    areaCode: '303',
    equipment: ['van'],
    fleet: 7,
  },
  {
    name: 'Palmetto Carriers',
    domain: 'palmettocarriers.example',
    hq: '29607',
    areaCode: '864',
    equipment: ['van'],
    fleet: 5,
    onHold: true,
  },
  {
    name: 'Chesapeake Freightways',
    domain: 'chesapeakefreightways.example',
    hq: '21224',
    areaCode: '410',
    equipment: ['van', 'bulk'],
    fleet: 6,
    notBookable: true,
  },
  {
    name: 'Laurentide Transport',
    domain: 'laurentidetransport.example',
    hq: 'H7L',
    areaCode: '450',
    equipment: ['van', 'reefer'],
    fleet: 10,
    logo: ['#1565c0', '#e3f2fd'],
  },
  {
    name: 'Fraser Valley Freight',
    domain: 'fraservalleyfreight.example',
    hq: 'V4G',
    areaCode: '604',
    equipment: ['van', 'reefer'],
    fleet: 8,
  },
  {
    name: 'Bow River Carriers',
    domain: 'bowrivercarriers.example',
    hq: 'T2C',
    areaCode: '403',
    equipment: ['van', 'flatbed'],
    fleet: 9,
    logo: ['#004d40', '#e0f2f1'],
  },
  {
    name: 'Assiniboine Trucking',
    domain: 'assiniboinetrucking.example',
    hq: 'R3H',
    areaCode: '204',
    equipment: ['van', 'reefer'],
    fleet: 7,
  },
  {
    name: 'Niagara Frontier Express',
    domain: 'niagarafrontier.example',
    hq: '14202',
    areaCode: '716',
    equipment: ['van'],
    fleet: 6,
  },
  {
    name: 'Tidewater Bulk Haulers',
    domain: 'tidewaterbulk.example',
    hq: '23510',
    areaCode: '757',
    equipment: ['bulk'],
    fleet: 5,
  },
];

export const FIRST_NAMES: readonly string[] = [
  'James',
  'Maria',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Patricia',
  'Carlos',
  'Aisha',
  'Daniel',
  'Elizabeth',
  'Jose',
  'Susan',
  'Thomas',
  'Jessica',
  'Marcus',
  'Sarah',
  'Anthony',
  'Karen',
  'Kevin',
  'Nancy',
  'Brian',
  'Lisa',
  'Jamal',
  'Betty',
  'Steven',
  'Ashley',
  'Andrew',
  'Emily',
  'Joshua',
  'Donna',
  'Ricardo',
  'Michelle',
  'Tyrone',
  'Kimberly',
  'Wei',
  'Amanda',
  'Darnell',
  'Melissa',
  'Gary',
  'Stephanie',
  'Raj',
  'Rebecca',
  'Ahmed',
  'Laura',
  'Hector',
  'Sharon',
  'Dmitri',
  'Cynthia',
  'Jean-Luc',
  'Sophie',
  'Gurpreet',
  'Nathalie',
  'Ivan',
  'Olga',
  'Trevor',
  'Denise',
  'Wade',
  'Tanya',
];

export const LAST_NAMES: readonly string[] = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Tremblay',
  'Gagnon',
  'Roy',
  'Singh',
  'Kowalczyk',
  'Petrov',
  'Okafor',
  'Haddad',
  'Larsen',
  'Schultz',
  'Yazzie',
  'Bouchard',
];

export const STREET_NAMES: readonly string[] = [
  'Industrial Parkway',
  'Commerce Drive',
  'Distribution Way',
  'Logistics Boulevard',
  'Enterprise Avenue',
  'Warehouse Road',
  'Gateway Boulevard',
  'Rail Yard Road',
  'Freight Court',
  'Port Access Road',
  'Trade Center Drive',
  'Manufacturers Road',
  'Corporate Drive',
  'Airport Road',
  'Interchange Drive',
  'Supply Chain Lane',
  'Innovation Way',
  'Foundry Street',
  'Mill Street',
  'Terminal Road',
];

export const DOCK_NAMES = ['Shipping Dock', 'Receiving Dock'] as const;

export const TRAILER_MAKES: Readonly<Record<EquipmentProfile, readonly string[]>> = {
  van: ['Wabash', 'Great Dane', 'Utility', 'Hyundai Translead', 'Stoughton', 'Vanguard'],
  reefer: ['Utility', 'Great Dane', 'Wabash', 'Hyundai Translead'],
  flatbed: ['Fontaine', 'Reitnouer', 'Utility', 'Transcraft', 'East'],
  bulk: ['Polar', 'Heil', 'Brenner', 'Wilson'],
};

export const TRUCK_MAKES: readonly string[] = [
  'Freightliner',
  'Kenworth',
  'Peterbilt',
  'Volvo',
  'International',
  'Mack',
  'Western Star',
];

export const TRACKING_PROBLEMS: readonly (readonly [string, string])[] = [
  [
    'Mechanical',
    'Tractor lost air pressure on the interstate; roadside service dispatched, about 3 hours to repair.',
  ],
  [
    'Weather',
    'Interstate closed by blowing snow; driver holding at a truck stop until the road reopens.',
  ],
  ['Traffic', 'Multi-vehicle accident ahead, traffic stopped for over an hour.'],
  ['Shipper Delay', 'Shipper was not ready at the appointment time; loading started 4 hours late.'],
  ['Receiver Delay', 'Receiver has no door available; driver waiting in the yard.'],
  [
    'Hours of Service',
    'Driver ran out of hours after the delay at pickup; taking a 10-hour reset.',
  ],
  ['Border Delay', 'Secondary inspection at the border crossing; customs broker contacted.'],
];

export const ORDER_REQUIREMENTS: readonly (readonly [string, string])[] = [
  ['Load Locks', 'Two load locks required'],
  ['Food Grade', 'Trailer must be clean, dry and odour-free'],
  ['Tarps', '6 ft steel tarps required'],
  ['TWIC Card', 'Driver needs a TWIC card for the port terminal'],
  ['Pallet Jack', 'Driver must carry a pallet jack'],
  ['Liftgate', 'Liftgate delivery'],
  ['Hazmat Endorsement', 'Driver must hold a hazmat endorsement'],
  ['Seal', 'Shipper seal must remain intact until the receiver breaks it'],
];

export const SPECIAL_INSTRUCTIONS: readonly string[] = [
  'Check in at the guard shack with the pickup number. No early deliveries.',
  'Driver must stay with the trailer during loading. Call the dispatcher before leaving the shipper.',
  'Do not double stack. Count and sign for every pallet.',
  'Receiver requires a lumper; get a receipt for reimbursement.',
  'Appointment is firm. Call two hours ahead if running late.',
  'Deliver to door 14. Seal number must be on the BOL.',
];
