import { EquipmentType, Permission, Role } from '@portal/domain';
import {
  BROKER,
  CARRIERS,
  CUSTOMERS,
  DOCK_NAMES,
  EQUIPMENT_PROFILES,
  FACTORING_COMPANIES,
  FIRST_NAMES,
  LAST_NAMES,
  OPERATOR,
  STREET_NAMES,
  TRAILER_MAKES,
  TRUCK_MAKES,
  type CarrierProfile,
  type Commodity,
  type EquipmentProfile,
} from './demo-catalog';
import { areaCodeFor, fictionalPhone, place, type WorldContext } from './demo-context';
import { addressPostalCode, addHours, type Place } from './demo-places';
import type { Row } from './row-sink';

// Companies, their people, places, docks and equipment.

export const DEMO_PASSWORD = 'Portal-Demo-1';

export interface DemoAccount {
  email: string;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'carrier@demo.test',
    description:
      'Carrier admin of Red River Freight Lines (factored, 3PL network, expired tracking token)',
  },
  {
    email: 'dispatcher@demo.test',
    description: 'Dispatcher at Red River Freight Lines (carrier portal, no admin role)',
  },
  {
    email: 'driver@demo.test',
    description: 'Driver at Red River Freight Lines (driver portal only)',
  },
  {
    email: 'billing@demo.test',
    description: 'Billing coordinator at Red River Freight Lines (third-party payer invoices)',
  },
  {
    email: 'broker@demo.test',
    description: 'Admin of Crossroads Freight Brokerage (a broker that also places orders)',
  },
  {
    email: 'factoring@demo.test',
    description: 'Summit Freight Factoring, the factor of Red River Freight Lines',
  },
  {
    email: 'admin@demo.test',
    description: 'Portal administrator at Meridian Freight Partners (the operator)',
  },
  {
    email: 'other@demo.test',
    description: 'Carrier admin of Granite State Carriers (a second, unrelated carrier)',
  },
];

export interface Person {
  id: string;
  companyId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  title: string;
  profileDocumentId: string | null;
}

export interface CompanyInfo {
  id: string;
  name: string;
  domain: string;
  hq: Place;
  areaCode: string;
}

export interface LocationInfo {
  id: string;
  companyId: string;
  number: string;
  name: string;
  place: Place;
  addressLine1: string;
  postalCode: string;
  phone: string;
  email: string;
  locationType: string;
  appointmentRequired: boolean;
  lumpersAvailable: boolean;
  shipping: boolean;
}

export interface TrailerInfo {
  id: string;
  number: string;
  profile: EquipmentProfile;
  equipmentType: number;
}

export interface CarrierInfo extends CompanyInfo {
  profile: CarrierProfile;
  scac: string;
  factoringCompanyId: string | null;
  equipment: readonly EquipmentProfile[];
  admin: Person;
  dispatchers: Person[];
  drivers: Person[];
  trailers: TrailerInfo[];
  powerUnits: { id: string; number: string }[];
  terminals: LocationInfo[];
  bookable: boolean;
  logoDocumentId: string | null;
}

export interface CustomerInfo extends CompanyInfo {
  isBroker: boolean;
  commodities: readonly Commodity[];
  equipment: readonly (readonly [EquipmentProfile, number])[];
  weight: number;
  /** Its own plants and warehouses: where its freight starts (and some of it ends). */
  sites: LocationInfo[];
  /** The receivers it ships to. */
  shipTos: LocationInfo[];
  contacts: Person[];
}

export interface OperatorStaff {
  admin: Person;
  sales: Person;
  tracking: Person;
  accounting: Person;
  claims: Person;
  director: Person;
  others: Person[];
}

export interface Parties {
  operator: CompanyInfo;
  staff: OperatorStaff;
  customers: CustomerInfo[];
  broker: CustomerInfo;
  factoring: (CompanyInfo & { users: Person[] })[];
  carriers: CarrierInfo[];
  demoCarrier: CarrierInfo;
  otherCarrier: CarrierInfo;
  demo: {
    carrier: Person;
    dispatcher: Person;
    driver: Person;
    billing: Person;
    broker: Person;
    factoring: Person;
    admin: Person;
    other: Person;
  };
}

const RECEIVERS: readonly string[] = [
  'Harvest Market Grocery DC',
  'Midwest Grocers Cooperative',
  'BuildRight Home Centers DC',
  'ValuePlus Retail Distribution',
  'Northstar Wholesale Club',
  'Summit Hardware Supply',
  'Metro Foodservice Distributors',
  'Pinnacle Auto Assembly',
  'Frontier Farm & Ranch Supply',
  'Beacon Office Supply DC',
  'Prairie Pet Stores DC',
  'Evergreen Garden Centers',
  'Great North Hardware',
  'Lakeside Appliance Outlet',
  'Cornerstone Lumber Yard',
  'Bluewater Marine Supply',
  'Redwood Furniture Galleries',
  'Atlas Industrial Supply',
];

class People {
  readonly #used = new Set<string>();

  constructor(private readonly ctx: WorldContext) {}

  add(
    company: CompanyInfo,
    options: {
      first?: string;
      last?: string;
      email?: string;
      title: string;
      roles: readonly string[];
      permissions: readonly string[];
      portal: boolean;
      mobile?: boolean;
      avatar?: boolean;
    },
  ): Person {
    const { random, sink, ids } = this.ctx;
    const firstName = options.first ?? random.pick(FIRST_NAMES);
    const lastName = options.last ?? random.pick(LAST_NAMES);
    let email = options.email;
    if (!email) {
      const base = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
      email = `${base}@${company.domain}`;
      for (let suffix = 2; this.#used.has(email); suffix++)
        email = `${base}${suffix}@${company.domain}`;
    }
    this.#used.add(email);
    const id = ids.uuid();
    const phone = fictionalPhone(company.areaCode, random);
    const created = addHours(this.ctx.now, -24 * random.int(60, 900));
    const profileDocumentId = options.avatar ? ids.uuid() : null;
    sink.add('users', {
      id,
      companyId: company.id,
      firstName,
      lastName,
      userName: email,
      loginEmail: email,
      functionTitle: options.title,
      roles: [...options.roles],
      permissions: [...options.permissions],
      isPortalEnabled: options.portal,
      passwordHash: this.ctx.passwordHash,
      passwordChangedAt: created,
      profileDocumentId,
      createdAt: created,
      updatedAt: created,
    });
    sink.add('userEmails', {
      id: ids.uuid(),
      userId: id,
      value: email,
      emailType: 'Work',
      isPrimary: true,
    });
    if (options.mobile) {
      sink.add('userPhones', {
        id: ids.uuid(),
        userId: id,
        phoneNumber: phone,
        phoneType: 'Mobile',
        isPrimary: true,
      });
    } else {
      sink.add('userPhones', {
        id: ids.uuid(),
        userId: id,
        phoneNumber: phone,
        extension: random.chance(0.3) ? String(random.int(100, 499)) : null,
        phoneType: 'Office',
        isPrimary: true,
      });
    }
    return {
      id,
      companyId: company.id,
      firstName,
      lastName,
      email,
      phone,
      title: options.title,
      profileDocumentId,
    };
  }
}

function shortName(name: string): string {
  return name.replace(
    / (Products|Goods|Foods|Supply|Materials|Co\.|Appliances|Parts|Nutrition|Solutions|Works|Group)$/,
    '',
  );
}

function scacFor(name: string, used: Set<string>): string {
  const letters = name
    .replace(/[^A-Za-z ]/g, '')
    .split(' ')
    .filter(Boolean);
  let scac = letters
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .padEnd(4, 'X')
    .slice(0, 4);
  for (let index = 0; used.has(scac); index++)
    scac = `${scac.slice(0, 3)}${String.fromCharCode(65 + index)}`;
  used.add(scac);
  return scac;
}

function vin(ctx: WorldContext): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let text = '1';
  for (let index = 1; index < 17; index++) text += alphabet[ctx.random.int(0, alphabet.length - 1)];
  return text;
}

function plate(ctx: WorldContext): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  return `${letters[ctx.random.int(0, 22)]}${letters[ctx.random.int(0, 22)]}${ctx.random.digits(5)}`;
}

export function buildParties(ctx: WorldContext): Parties {
  const { random, sink, ids, now } = ctx;
  const people = new People(ctx);
  let companyNumber = 10001;
  let locationNumber = 100001;

  const addCompany = (
    fields: {
      name: string;
      domain: string;
      hq: string;
      kind: 'operator' | 'customer' | 'carrier' | 'factoring';
    },
    extra: Partial<Row<'companies'>> = {},
  ): CompanyInfo => {
    const hq = place(ctx, fields.hq);
    const id = ids.uuid();
    sink.add('companies', {
      id,
      companyNumber: String(companyNumber++),
      kind: fields.kind,
      name: fields.name,
      createdAt: addHours(now, -24 * random.int(400, 1500)),
      ...extra,
    });
    return {
      id,
      name: fields.name,
      domain: fields.domain,
      hq,
      areaCode: areaCodeFor(hq.state, random),
    };
  };

  const addLocation = (
    company: CompanyInfo,
    at: Place,
    options: { name: string; type: string; shipping: boolean; primary?: boolean; docks: boolean },
  ): LocationInfo => {
    const id = ids.uuid();
    const number = String(locationNumber++);
    const addressLine1 = `${random.int(1, 98) * 100 + random.int(0, 99)} ${random.pick(STREET_NAMES)}`;
    const postalCode = addressPostalCode(at, random);
    const areaCode = areaCodeFor(at.state, random);
    const phone = fictionalPhone(areaCode, random);
    const email = `${options.shipping ? 'shipping' : 'receiving'}.${at.city.toLowerCase().replace(/[^a-z]/g, '')}@${company.domain}`;
    const appointmentRequired = options.type === 'Distribution Center' || random.chance(0.35);
    const lumpersAvailable = options.type === 'Distribution Center' && random.chance(0.6);
    sink.add('locations', {
      id,
      companyId: company.id,
      locationNumber: number,
      name: options.name,
      locationType: options.type,
      isPrimaryLocation: options.primary ?? false,
      lumpersAvailable,
      isAppointmentRequired: appointmentRequired,
      overnightParking: random.chance(0.4),
      addressLine1,
      addressLine2: random.chance(0.15)
        ? `Building ${random.pick(['A', 'B', 'C', '2', '3'])}`
        : null,
      city: at.city,
      province: at.state,
      postalCode,
      country: at.country,
      phoneNumbers: [phone],
      ediCodes: random.chance(0.4)
        ? [`${company.name.replace(/[^A-Z]/g, '').slice(0, 4)}${random.digits(4)}`]
        : [],
      email,
      dockLength: random.pick([40, 53, 60, 75, null]),
      directions: random.chance(0.5)
        ? random.pick([
            'Enter through the south gate; trucks check in at the guard shack.',
            'Use the truck entrance off the frontage road. No parking on the street.',
            'Drop yard is behind building 2. Call the receiving office from the gate phone.',
            'Do not follow GPS past the rail crossing; use the second entrance.',
          ])
        : null,
      latitude: at.latitude + random.float(-0.03, 0.03),
      longitude: at.longitude + random.float(-0.03, 0.03),
      ianaTimezone: at.timeZone,
      createdAt: addHours(now, -24 * random.int(200, 1200)),
    });
    if (options.docks) {
      const schedules =
        options.type === 'Distribution Center' ? DOCK_NAMES : (['Main Dock'] as const);
      for (const scheduleName of schedules) {
        const scheduleId = ids.uuid();
        const twentyFour = options.type === 'Distribution Center' && random.chance(0.4);
        sink.add('dockSchedules', {
          id: scheduleId,
          locationId: id,
          companyId: company.id,
          name: scheduleName,
          isAppointmentRequired: appointmentRequired,
          equipmentModes: [0, 1, 2, 3],
          shippingModes: [0, 1, 2, 3],
          stopTypes:
            scheduleName === 'Shipping Dock'
              ? ['Shipping']
              : scheduleName === 'Receiving Dock'
                ? ['Receiving']
                : ['Shipping', 'Receiving'],
        });
        const opens = random.pick(['05:00', '06:00', '07:00']);
        const closes = random.pick(['15:00', '16:30', '18:00', '22:00']);
        for (let day = 0; day < 7; day++) {
          const weekend = day === 0 || day === 6;
          sink.add('dockHours', {
            id: ids.uuid(),
            dockScheduleId: scheduleId,
            companyId: company.id,
            dayOfWeek: day,
            isClosed: !twentyFour && (day === 0 || (day === 6 && random.chance(0.6))),
            isTwentyFourHour: twentyFour,
            startTime: twentyFour ? '00:00' : weekend ? '07:00' : opens,
            endTime: twentyFour ? '23:59' : weekend ? '12:00' : closes,
          });
        }
      }
    }
    return {
      id,
      companyId: company.id,
      number,
      name: options.name,
      place: at,
      addressLine1,
      postalCode,
      phone,
      email,
      locationType: options.type,
      appointmentRequired,
      lumpersAvailable,
      shipping: options.shipping,
    };
  };

  // ---- The operator and its staff ----
  const operator = addCompany(
    { ...OPERATOR, kind: 'operator' },
    { is3pl: true, mcNumber: OPERATOR.mcNumber, dotNumber: OPERATOR.dotNumber },
  );
  const staffMember = (
    first: string,
    last: string,
    title: string,
    roles: string[],
    avatar = false,
  ) =>
    people.add(operator, {
      first,
      last,
      title,
      roles,
      permissions: [Permission.Admin],
      portal: true,
      avatar,
    });
  const staff: OperatorStaff = {
    admin: people.add(operator, {
      first: 'Alex',
      last: 'Morgan',
      email: 'admin@demo.test',
      title: 'Portal Administrator',
      roles: [Role.Admin],
      permissions: [Permission.Admin],
      portal: true,
    }),
    sales: staffMember('Megan', 'Clarke', 'Carrier Sales Manager', [Role.Admin], true),
    tracking: staffMember('Luis', 'Ortega', 'Track and Trace Lead', [], true),
    accounting: staffMember('Priya', 'Raman', 'Carrier Accounting Specialist', [Role.AP]),
    claims: staffMember('Tom', 'Becker', 'Claims Analyst', [Role.AP]),
    director: staffMember('Dana', 'Whitfield', 'Director of Operations', [Role.Admin]),
    others: [
      staffMember(
        random.pick(FIRST_NAMES),
        random.pick(LAST_NAMES),
        'Carrier Sales Representative',
        [],
      ),
      staffMember(
        random.pick(FIRST_NAMES),
        random.pick(LAST_NAMES),
        'Carrier Sales Representative',
        [],
      ),
      staffMember(
        random.pick(FIRST_NAMES),
        random.pick(LAST_NAMES),
        'Accounts Receivable Specialist',
        [Role.AR],
      ),
      staffMember(
        random.pick(FIRST_NAMES),
        random.pick(LAST_NAMES),
        'Customer Service Representative',
        [],
      ),
    ],
  };

  // ---- Factoring companies ----
  const factoring = FACTORING_COMPANIES.map((profile, index) => {
    const company = addCompany({ ...profile, kind: 'factoring' });
    const users =
      index === 0
        ? [
            people.add(company, {
              first: 'Linda',
              last: 'Park',
              email: 'factoring@demo.test',
              title: 'Client Services Manager',
              roles: [Role.AR],
              permissions: [Permission.FactoringCompanyPortal],
              portal: true,
            }),
            people.add(company, {
              title: 'Collections Specialist',
              roles: [Role.AR],
              permissions: [Permission.FactoringCompanyPortal],
              portal: true,
            }),
          ]
        : [
            people.add(company, {
              title: 'Account Executive',
              roles: [Role.AR],
              permissions: [Permission.FactoringCompanyPortal],
              portal: true,
            }),
          ];
    return { ...company, users };
  });

  // ---- Customers (shippers) and the broker that also places orders ----
  const contactTitles = [
    'Shipping Manager',
    'Logistics Coordinator',
    'Transportation Analyst',
    'Warehouse Supervisor',
  ];
  const buildCustomer = (
    company: CompanyInfo,
    sites: readonly string[],
    fields: Pick<CustomerInfo, 'isBroker' | 'commodities' | 'equipment' | 'weight'>,
  ): CustomerInfo => {
    const short = shortName(company.name);
    const siteLocations = sites.map((code, index) => {
      const at = place(ctx, code);
      const type =
        index === 0
          ? fields.isBroker
            ? 'Warehouse'
            : 'Manufacturing Plant'
          : random.pick(['Warehouse', 'Distribution Center', 'Cross-Dock', 'Manufacturing Plant']);
      return addLocation(company, at, {
        name: `${short} ${type} - ${at.city}`,
        type,
        shipping: true,
        primary: index === 0,
        docks: true,
      });
    });
    const shipToCount = random.int(4, 7);
    const shipTos = random.sample(RECEIVERS, shipToCount).map((receiver) => {
      const at = random.pick(ctx.placeList);
      return addLocation(company, at, {
        name: `${receiver} - ${at.city}`,
        type: 'Distribution Center',
        shipping: false,
        docks: true,
      });
    });
    const contacts = contactTitles
      .slice(0, random.int(2, 3))
      .map((title) => people.add(company, { title, roles: [], permissions: [], portal: false }));
    return { ...company, ...fields, sites: siteLocations, shipTos, contacts };
  };

  const customers = CUSTOMERS.map((profile) =>
    buildCustomer(addCompany({ ...profile, kind: 'customer' }), profile.sites, {
      isBroker: false,
      commodities: profile.commodities,
      equipment: profile.equipment,
      weight: profile.weight,
    }),
  );

  const brokerCompany = addCompany(
    { ...BROKER, kind: 'carrier' },
    {
      isBroker: true,
      is3pl: true,
      mcNumber: BROKER.mcNumber,
      dotNumber: BROKER.dotNumber,
      scac: 'CRFB',
    },
  );
  const brokerUser = people.add(brokerCompany, {
    first: 'Chris',
    last: 'Dalton',
    email: 'broker@demo.test',
    title: 'Brokerage Manager',
    roles: [Role.Admin],
    permissions: [Permission.CarrierPortal],
    portal: true,
  });
  const broker = buildCustomer(brokerCompany, BROKER.sites, {
    isBroker: true,
    commodities: [
      {
        description: 'Mixed retail merchandise',
        freightClass: '100',
        packageType: 'Pallet',
        unitWeight: [600, 1100],
      },
      {
        description: 'Bagged fertilizer',
        freightClass: '55',
        packageType: 'Pallet',
        unitWeight: [2000, 2400],
      },
    ],
    equipment: [
      ['van', 3],
      ['flatbed', 1],
    ],
    weight: BROKER.weight,
  });
  broker.contacts.unshift(brokerUser);
  customers.push(broker);

  // ---- Carriers ----
  const scacs = new Set<string>(['CRFB']);
  let demoBilling: Person | undefined;
  const carriers = CARRIERS.map((profile, index): CarrierInfo => {
    const isDemo = index === 0;
    const factoringCompanyId =
      profile.factoring === undefined ? null : factoring[profile.factoring]!.id;
    const scac = scacFor(profile.name, scacs);
    const logoDocumentId = profile.logo ? ids.uuid() : null;
    const company = addCompany(
      { ...profile, kind: 'carrier' },
      {
        is3pl: false,
        has3plNetwork: profile.has3plNetwork ?? false,
        factoringCompanyId,
        mcNumber: String(random.int(120000, 1400000)),
        dotNumber: String(random.int(1000000, 3900000)),
        scac,
        logoDocumentId,
        isBookable: !profile.notBookable,
        isOnHold: profile.onHold ?? false,
        doNotUse: profile.doNotUse ?? false,
        doNotUseContactEmail: profile.doNotUse ? `carriers@${OPERATOR.domain}` : null,
        trackingIntegrationExpiresAt: isDemo
          ? addHours(now, -24 * 9)
          : profile.logo
            ? addHours(now, 24 * random.int(20, 300))
            : null,
      },
    );
    company.areaCode = profile.areaCode;
    let admin: Person;
    const dispatchers: Person[] = [];
    const drivers: Person[] = [];
    if (isDemo) {
      admin = people.add(company, {
        first: 'Jordan',
        last: 'Reyes',
        email: 'carrier@demo.test',
        title: 'Owner / Operations Manager',
        roles: [Role.Admin, Role.AP, Role.AR, Role.BillTo],
        permissions: [Permission.CarrierPortal, Permission.CarrierBillingSettings],
        portal: true,
        avatar: true,
      });
      dispatchers.push(
        people.add(company, {
          first: 'Sam',
          last: 'Patel',
          email: 'dispatcher@demo.test',
          title: 'Dispatcher',
          roles: [],
          permissions: [Permission.CarrierPortal],
          portal: true,
          avatar: true,
        }),
        people.add(company, {
          first: 'Kevin',
          last: "O'Brien",
          title: 'Night Dispatcher',
          roles: [],
          permissions: [Permission.CarrierPortal],
          portal: false,
        }),
      );
      drivers.push(
        people.add(company, {
          first: 'Mike',
          last: 'Kowalski',
          email: 'driver@demo.test',
          title: 'Driver',
          roles: [Role.Driver],
          permissions: [Permission.DriverPortal],
          portal: true,
          mobile: true,
        }),
      );
      demoBilling = people.add(company, {
        first: 'Rachel',
        last: 'Nguyen',
        email: 'billing@demo.test',
        title: 'Billing Coordinator',
        roles: [Role.BillTo, Role.BillingInquiry],
        permissions: [Permission.CarrierPortal],
        portal: true,
      });
    } else if (index === 1) {
      admin = people.add(company, {
        first: 'Ben',
        last: 'Carter',
        email: 'other@demo.test',
        title: 'President',
        roles: [Role.Admin],
        permissions: [Permission.CarrierPortal],
        portal: true,
      });
      dispatchers.push(
        people.add(company, {
          title: 'Dispatcher',
          roles: [],
          permissions: [Permission.CarrierPortal],
          portal: true,
        }),
      );
    } else {
      admin = people.add(company, {
        title: random.pick(['Owner', 'President', 'Operations Manager', 'General Manager']),
        roles: [Role.Admin, Role.AP],
        permissions: [Permission.CarrierPortal],
        portal: true,
      });
      dispatchers.push(
        people.add(company, {
          title: 'Dispatcher',
          roles: [],
          permissions: [Permission.CarrierPortal],
          portal: random.chance(0.5),
        }),
      );
    }
    const driverCount = isDemo ? 13 : Math.min(12, Math.max(2, profile.fleet - random.int(0, 3)));
    for (let driver = 0; driver < driverCount; driver++) {
      drivers.push(
        people.add(company, {
          title: 'Driver',
          roles: [Role.Driver],
          permissions: [Permission.DriverPortal],
          portal: false,
          mobile: true,
        }),
      );
    }

    const terminals = [
      addLocation(company, company.hq, {
        name: `${profile.name} Terminal - ${company.hq.city}`,
        type: 'Terminal',
        shipping: false,
        primary: true,
        docks: false,
      }),
    ];
    if (isDemo) {
      const winnipeg = place(ctx, 'R3H');
      terminals.push(
        addLocation(company, winnipeg, {
          name: `${profile.name} Terminal - Winnipeg`,
          type: 'Terminal',
          shipping: false,
          docks: false,
        }),
      );
    }

    const trailers: TrailerInfo[] = [];
    const numberBase: Record<EquipmentProfile, number> = {
      van: 5301,
      reefer: 7101,
      flatbed: 4801,
      bulk: 9101,
    };
    const trailerCount = Math.round(profile.fleet * 1.4);
    for (let trailer = 0; trailer < trailerCount; trailer++) {
      const equipment = profile.equipment[trailer % profile.equipment.length]!;
      const number = String(numberBase[equipment]++);
      const equipmentType =
        equipment === 'van'
          ? EquipmentType.Van
          : equipment === 'reefer'
            ? EquipmentType.Reefer
            : equipment === 'flatbed'
              ? random.pick([
                  EquipmentType.FlatBed,
                  EquipmentType.StepDeck,
                  EquipmentType.Conestoga,
                ])
              : random.pick([EquipmentType.Tanker, EquipmentType.DryBulk, EquipmentType.Pneumatic]);
      const id = ids.uuid();
      sink.add('trailers', {
        id,
        carrierCompanyId: company.id,
        trailerNumber: number,
        equipmentType,
        lengthFeet:
          equipment === 'flatbed' ? random.pick([48, 53]) : equipment === 'bulk' ? 42 : 53,
        vin: vin(ctx),
        licensePlate: plate(ctx),
        licenseState: company.hq.state,
        modelYear: random.int(2012, 2025),
        make: random.pick(TRAILER_MAKES[equipment]),
        isActive: random.chance(0.93),
      });
      trailers.push({ id, number, profile: equipment, equipmentType });
    }
    const powerUnits: { id: string; number: string }[] = [];
    for (let unit = 0; unit < profile.fleet; unit++) {
      const id = ids.uuid();
      const number = String(101 + unit);
      sink.add('powerUnits', {
        id,
        carrierCompanyId: company.id,
        unitNumber: number,
        vin: vin(ctx),
        licensePlate: plate(ctx),
        licenseState: company.hq.state,
        modelYear: random.int(2015, 2026),
        make: random.pick(TRUCK_MAKES),
        isActive: random.chance(0.95),
      });
      powerUnits.push({ id, number });
    }
    return {
      ...company,
      profile,
      scac,
      factoringCompanyId,
      equipment: profile.equipment,
      admin,
      dispatchers,
      drivers,
      trailers,
      powerUnits,
      terminals,
      bookable: !profile.doNotUse && !profile.notBookable && !profile.onHold,
      logoDocumentId,
    };
  });

  const demoCarrier = carriers[0]!;
  const otherCarrier = carriers[1]!;
  if (!demoBilling) throw new Error('The demo carrier has no billing user');
  return {
    operator,
    staff,
    customers,
    broker,
    factoring,
    carriers,
    demoCarrier,
    otherCarrier,
    demo: {
      carrier: demoCarrier.admin,
      dispatcher: demoCarrier.dispatchers[0]!,
      driver: demoCarrier.drivers[0]!,
      billing: demoBilling,
      broker: brokerUser,
      factoring: factoring[0]!.users[0]!,
      admin: staff.admin,
      other: otherCarrier.admin,
    },
  };
}

export function equipmentProfileLabel(profile: EquipmentProfile): string {
  return EQUIPMENT_PROFILES[profile].label;
}
