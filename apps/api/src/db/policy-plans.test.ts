import { Permission, Role, ShipmentStatus } from '@portal/domain';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { makeTestWorld, type TestWorld } from '../../test/world';
import { makeCompany, makeShipment, makeUser } from '../seed/factories';
import { makeThirdPartyInvoice } from '../seed/invoice-factories';
import { observeQueries, type ObservedQuery } from './driver';

// The hot requests' statements are EXPLAINed as the caller's transaction runs them (role portal_app,
// the caller's settings): a policy reading the caller through a bare app_*() function evaluates it
// again for every row it filters, which made planning and filtering cost more than the work itself
// (migrations 0051, 0071). In a plan the wrapped form shows as an InitPlan and a parameter; the
// function in a filter line (by its name, or inlined as the current_setting it reads) runs per row.
const SETTINGS_FUNCTIONS =
  /\bapp_(company_id|user_id|scope|carrier_ids|driver_id|is_operator)\(\)|current_setting\('app\./;
const PER_ROW_LINE = /(Filter|Join Filter|Recheck Cond|One-Time Filter):/;

let t: TestApp;
let world: TestWorld;
let billingUser: { id: string; companyId: string };
let shipmentId: string;

beforeAll(async () => {
  // Replacing a policy to prove the check would notice it is the schema owner's work (decision 185).
  t = await startTestApp({}, { asOwner: true });
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    billingUser = await makeUser(tx, {
      companyId: world.carrier.id,
      roles: [Role.BillTo],
      permissions: [Permission.CarrierPortal],
    });
    const base = { operatorCompanyId: world.operator.id, customerCompanyId: world.customer.id };
    for (let index = 0; index < 6; index++) {
      const made = await makeShipment(tx, {
        ...base,
        carrierCompanyId: world.carrier.id,
        status: index % 2 === 0 ? ShipmentStatus.Booked : ShipmentStatus.InTransit,
        shipment: { shipmentNumber: `660010${index}` },
      });
      shipmentId ??= made.shipment.id;
      await makeThirdPartyInvoice(tx, {
        made,
        carrierCompanyId: world.carrier.id,
        factoringCompanyId: world.factoring.id,
        withBillingSettings: true,
        invoice: { invoiceNumber: `TP66001${index}`, status: 'RECEIVED' },
      });
    }
    await makeShipment(tx, {
      ...base,
      status: ShipmentStatus.ReadyToBook,
      shipment: { shipmentNumber: '6600200' },
    });
  });
});
afterAll(() => t.close());

/** The statements a request ran inside its caller's transaction. */
async function tenantStatements(
  user: { id: string; companyId: string },
  url: string,
): Promise<ObservedQuery[]> {
  const seen: ObservedQuery[] = [];
  const stop = observeQueries((observed) => {
    if (observed.prelude?.includes("'portal_app'")) seen.push(observed);
  });
  try {
    const response = await t.injectAs(user, { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
  } finally {
    stop();
  }
  return seen;
}

/** EXPLAIN of each statement, run again in a transaction that began with the same prelude. */
async function plans(statements: ObservedQuery[]): Promise<string[]> {
  const plans: string[] = [];
  for (const { query, prelude } of statements) {
    if (!/^\s*(select|with)\b/i.test(query.sql)) continue;
    const rows = await t.db.owner.transaction().execute(async (tx) => {
      await tx.executeQuery(CompiledQuery.raw(prelude!));
      const explained = await tx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain (costs off) ${query.sql}`, [...query.parameters]),
      );
      return explained.rows;
    });
    plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
  }
  return plans;
}

/**
 * EXPLAIN (with `options`) of a statement with a policy changed (`alterPolicy`, if given) in a
 * transaction that is then rolled back: what the statement's plan would be under that policy.
 */
async function planUnder(
  statement: ObservedQuery,
  alterPolicy: string | undefined,
  options = 'costs off',
): Promise<string> {
  const undone = new Error('undone');
  let plan = '';
  await t.db.owner
    .transaction()
    .execute(async (tx) => {
      if (alterPolicy) await tx.executeQuery(CompiledQuery.raw(alterPolicy));
      await tx.executeQuery(CompiledQuery.raw(statement.prelude!));
      const rows = await tx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain (${options}) ${statement.query.sql}`, [
          ...statement.query.parameters,
        ]),
      );
      plan = rows.rows.map((row) => Object.values(row)[0]).join('\n');
      throw undone;
    })
    .catch((error: unknown) => {
      if (error !== undone) throw error;
    });
  return plan;
}

function perRowCalls(plan: string): string[] {
  return plan
    .split('\n')
    .filter((line) => PER_ROW_LINE.test(line) && SETTINGS_FUNCTIONS.test(line));
}

describe('row-level security in the hot queries’ plans', () => {
  const hot = () =>
    [
      ['/me', world.users.carrierUser, '/api/v1/me'],
      ['/me (driver)', world.users.driver, '/api/v1/me'],
      ['booking list, first page', world.users.carrierUser, '/api/v2/shipments?page=1&pageSize=50'],
      [
        'booking list, first page (factoring)',
        world.users.factoringUser,
        '/api/v2/shipments?page=1&pageSize=50',
      ],
      ['shipment detail', world.users.carrierUser, `/api/v2/shipments/${shipmentId}`],
      ['shipment detail (operator)', world.users.operatorUser, `/api/v2/shipments/${shipmentId}`],
      [
        'third-party invoices, first page',
        billingUser,
        '/api/v1/third_party_payer_invoices?page=1&pageSize=50&isAuditable=true',
      ],
      [
        'third-party invoices, first page (factoring)',
        world.users.factoringUser,
        '/api/v1/third_party_payer_invoices?page=1&pageSize=50&isAuditable=true',
      ],
      ['quick search', world.users.carrierUser, '/api/v2/quick_searches/shipments?query=66'],
      [
        'quick search (broker)',
        world.users.brokerUser,
        '/api/v2/quick_searches/shipments?query=66',
      ],
    ] as const;

  it('reads the caller’s settings once per statement (InitPlans), never per row', async () => {
    const findings: string[] = [];
    let explained = 0;
    for (const [name, user, url] of hot()) {
      const statements = await tenantStatements(user, url);
      expect(statements.length, name).toBeGreaterThan(0);
      for (const plan of await plans(statements)) {
        explained += 1;
        for (const line of perRowCalls(plan)) findings.push(`${name}: ${line.trim()}`);
      }
    }
    expect(explained).toBeGreaterThan(10);
    expect(findings).toEqual([]);
  });

  it('would notice a policy that calls a settings function per row', async () => {
    // The check itself, on a policy written the old way: a bare call shows in the filter.
    const plan = await t.db.owner.transaction().execute(async (tx) => {
      await tx.executeQuery(
        CompiledQuery.raw(
          `select set_config('app.company_id', '${world.carrier.id}', true), set_config('app.scope', 'carrier', true)`,
        ),
      );
      const rows = await tx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(
          'explain (costs off) select id from trips where carrier_company_id = app_company_id() or app_is_operator()',
        ),
      );
      return rows.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(perRowCalls(plan).length).toBeGreaterThan(0);
  });
});

interface PolicyText {
  policy: string;
  qual: string | null;
}
interface FunctionText {
  name: string;
  language: string;
  body: string;
}

/**
 * The functions a policy's filter calls per row (not wrapped in a sub-select) that are SQL functions
 * holding a sub-select: PostgreSQL never inlines those, so each statement that meets a row runs the
 * function's own executor, which parses and plans its body again (about 6 ms on the large world,
 * migration 0207). The filter (`using`) is what every read meets; a `with check` runs on the few rows
 * a statement writes.
 */
function unplannedPerRowFunctions(policies: PolicyText[], functions: FunctionText[]): string[] {
  const findings: string[] = [];
  for (const fn of functions) {
    if (fn.language !== 'sql' || !/\bselect\b[\s\S]*\bselect\b/i.test(fn.body)) continue;
    const perRowCall = new RegExp(`(?<!SELECT )\\b${fn.name}\\(`);
    for (const policy of policies) {
      if (perRowCall.test(policy.qual ?? '')) {
        findings.push(`${policy.policy}: ${fn.name}`);
      }
    }
  }
  return findings;
}

describe('functions the policies call per row', () => {
  async function catalog() {
    const policies = await t.db.owner.executeQuery<PolicyText>(
      CompiledQuery.raw(
        `select tablename || '.' || policyname as policy, qual
           from pg_policies where schemaname = current_schema()`,
      ),
    );
    const functions = await t.db.owner.executeQuery<FunctionText>(
      CompiledQuery.raw(
        `select p.proname as name, l.lanname as language, p.prosrc as body
           from pg_proc p join pg_language l on l.oid = p.prolang
          where p.pronamespace = current_schema()::regnamespace`,
      ),
    );
    return { policies: policies.rows, functions: functions.rows };
  }

  it('keep their plans: no SQL function with a sub-select is called per row', async () => {
    const { policies, functions } = await catalog();
    expect(policies.some((policy) => policy.qual?.includes('app_can_see_entity('))).toBe(true);
    expect(unplannedPerRowFunctions(policies, functions)).toEqual([]);
  });

  it('would notice the documents’ policy as it was before migration 0207', async () => {
    const { policies } = await catalog();
    const before: FunctionText = {
      name: 'app_can_see_entity',
      language: 'sql',
      body: `select case when p_case_id is not null then exists (select 1 from cases c where c.id = p_case_id) else false end`,
    };
    expect(unplannedPerRowFunctions(policies, [before])).toContain(
      'documents.tenant_all: app_can_see_entity',
    );
  });
});

/** The SubPlans and InitPlans PostgreSQL sets up each time it runs a plan. */
const subPlans = (plan: string) => plan.match(/\b(SubPlan|InitPlan) \d+/g)?.length ?? 0;

describe('what the shipment detail’s statement sets up', () => {
  // Written into the orders' policy, the look-up through the order's shipments brought the
  // shipments' policy (and the tenders' and drivers' under it) into every statement that reads an
  // order: about 120 SubPlans and InitPlans set up on each execution, half of the detail's statement
  // on the large world (migration 0211). Since the drivers' rule is an array (migration 0216), the
  // detail sets up 23 on PostgreSQL and 42 on PGlite, and the old orders' policy would bring it to
  // 51 and 88.
  const SUBPLAN_BOUND = 46;

  it('reads the order through its shipment by a PL/pgSQL call, not the shipments’ policy again', async () => {
    const statements = await tenantStatements(
      world.users.carrierUser,
      `/api/v2/shipments/${shipmentId}`,
    );
    expect(statements).toHaveLength(1);
    const [plan] = await plans(statements);
    expect(plan).toContain('app_sees_order_through_shipment(');
    expect(subPlans(plan!)).toBeLessThan(SUBPLAN_BOUND);
  });

  it('would notice the orders’ policy as it was before migration 0211', async () => {
    const [statement] = await tenantStatements(
      world.users.carrierUser,
      `/api/v2/shipments/${shipmentId}`,
    );
    const plan = await planUnder(
      statement!,
      `alter policy tenant_read_via_shipment on orders
         using (exists (select 1 from shipments s where s.order_id = orders.id)
                or exists (select 1 from shipment_orders so where so.order_id = orders.id))`,
    );
    expect(subPlans(plan)).toBeGreaterThanOrEqual(SUBPLAN_BOUND);
  });
});

describe('what the shipment lists’ first page reads', () => {
  // Each run of the list's union brings the shipments' policy with it, set up on every execution:
  // a party's default statuses are one run on its partial index, not five (migration 0212).
  it('reads a party’s default statuses in one run, on its partial index', async () => {
    const parties = [
      [world.users.carrierUser, 'carrier'],
      [world.users.operatorUser, 'operator'],
    ] as const;
    for (const [user, party] of parties) {
      for (const list of ['booking', 'tracking']) {
        const statements = await tenantStatements(
          user,
          `/api/v2/shipments?list=${list}&page=1&pageSize=50`,
        );
        const [plan] = await plans(statements.slice(-1));
        // The runs: scans of the shipments on a party's list indexes.
        const runs = plan!.match(
          /Index Scan( Backward)? using shipments_\w+_(status|due|default)_idx/g,
        );
        expect(runs).toEqual([`Index Scan using shipments_${party}_${list}_default_idx`]);
      }
    }
  });
});

describe('what a statement reading shipments sets up for the drivers’ rule', () => {
  // A driver session sees the shipments it is assigned to. Asked with an EXISTS, the rule was a hashed
  // sub-plan on shipment_drivers that every statement reading shipments set up, for every caller and
  // once per reference (quick search reads shipments four times), though only a driver's statements
  // run it. Since migration 0216 the assignments are an InitPlan's array, read in a driver's
  // statement only.
  const driverLookUps = (plan: string) => plan.match(/ on shipment_drivers\b/g)?.length ?? 0;
  const QUICK_SEARCH = '/api/v2/quick_searches/shipments?query=66';

  it('sets none up in a carrier’s quick search', async () => {
    const statements = await tenantStatements(world.users.carrierUser, QUICK_SEARCH);
    const explained = await plans(statements);
    expect(explained.length).toBeGreaterThan(0);
    expect(explained.map(driverLookUps)).toEqual(explained.map(() => 0));
  });

  it('would notice the shipments’ policy as it was before migration 0216', async () => {
    const [statement] = await tenantStatements(world.users.carrierUser, QUICK_SEARCH);
    const plan = await planUnder(
      statement!,
      `alter policy tenant_all on shipments
         using (case when (select app_driver_id()) is not null then
                  exists (select 1 from shipment_drivers d
                           where d.shipment_id = shipments.id
                             and d.driver_id = (select app_driver_id()))
                else (select app_is_operator())
                     or carrier_company_id = any ((select app_carrier_ids())::uuid[])
                     or customer_company_id = (select app_company_id())
                end)`,
    );
    expect(driverLookUps(plan)).toBeGreaterThan(0);
  });

  it('still reads a driver’s assignments in the driver’s own search, once per statement', async () => {
    const statements = await tenantStatements(world.users.driver, QUICK_SEARCH);
    const explained = await plans(statements);
    // The policy's driver branch: the row's id found in the InitPlan's array of assignments (an
    // InitPlan's output is `$n` in PostgreSQL 15's plans, `(InitPlan n).col1` in PGlite's).
    const inAssignments = /THEN \(id = ANY \((\$\d+|\(InitPlan \d+\)\.col1)\)\)/;
    expect(explained.some((plan) => inAssignments.test(plan))).toBe(true);
    for (const plan of explained) expect(perRowCalls(plan)).toEqual([]);
  });
});

describe('what the case list’s first page reads', () => {
  // A company sees the cases it is named on. Until migration 0217 the cases' policy asked that with an
  // EXISTS under case_involved_parties' own policy, which answers another company's party row by
  // building the set of every case the caller is involved in: a carrier's list, reading cases in
  // its order, built it as soon as it met a party row of another company (15 ms of a 25 ms page on
  // the 1,000,000-shipment world). Now the EXISTS names the caller's companies, so it reads only
  // their rows, and the set is never built.
  const CASE_LIST = '/api/v2/cases?page=0&pageSize=50';
  const builtSets = (plan: string) =>
    plan.split('\n').filter((line) => /ProjectSet/.test(line) && !/never executed/.test(line));

  beforeAll(async () => {
    await t.db.system(async (tx) => {
      // A shipper named first on each case, in the parties' index and in the table: a probe of a
      // case's parties that does not name the caller meets its row before the carrier's.
      const shipper = await makeCompany(tx, {
        id: '00000000-0000-4000-8000-000000000217',
        kind: 'customer',
        name: 'First Street Shippers',
      });
      const newCase = async (carrierCompanyId: string, index: number) => {
        const { shipment } = await makeShipment(tx, {
          operatorCompanyId: world.operator.id,
          customerCompanyId: world.customer.id,
          carrierCompanyId,
          status: ShipmentStatus.Booked,
          shipment: {
            shipmentNumber: `66030${carrierCompanyId === world.carrier.id ? 1 : 2}${index}`,
          },
        });
        const made = await tx
          .insertInto('cases')
          .values({ shipmentId: shipment.id, caseType: 'Lumper', subject: 'Lumper at the dock' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('caseInvolvedParties')
          .values([
            { caseId: made.id, companyId: shipper.id, partyRole: 'Shipper' },
            { caseId: made.id, companyId: carrierCompanyId, partyRole: 'Carrier' },
          ])
          .execute();
      };
      // The carrier's cases, and newer ones of another carrier that a list in case order meets first.
      for (let index = 0; index < 3; index++) await newCase(world.carrier.id, index);
      for (let index = 0; index < 12; index++) await newCase(world.otherCarrier.id, index);
    });
  });

  /** EXPLAIN ANALYZE of the list's page statement as the carrier's transaction runs it. */
  async function analyzedPage(alterPolicy?: string): Promise<string> {
    const statements = await tenantStatements(world.users.carrierUser, CASE_LIST);
    const page = statements.find(
      ({ query }) => /from "cases"/.test(query.sql) && /limit/.test(query.sql),
    );
    expect(page, 'the page statement').toBeDefined();
    return planUnder(page!, alterPolicy, 'analyze, costs off, timing off, summary off');
  }

  it('never builds the set of the caller’s involved cases', async () => {
    const plan = await analyzedPage();
    expect(plan).toMatch(/case_involved_parties/);
    expect(builtSets(plan)).toEqual([]);
  });

  it('would notice the cases’ policy as it was before migration 0217', async () => {
    const plan = await analyzedPage(
      `alter policy tenant_all on cases
         using ((select app_is_operator())
                or carrier_company_id = any ((select app_carrier_ids())::uuid[])
                or customer_company_id = (select app_company_id())
                or exists (select 1 from case_involved_parties p where p.case_id = cases.id))`,
    );
    expect(builtSets(plan).length).toBeGreaterThan(0);
  });
});
