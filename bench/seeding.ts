import type pg from 'pg';
import type { BudgetLine } from './budgets';

// The seeding budget (issue 18): 1,000,000 shipments in under 3 minutes on an otherwise idle
// machine. `npm run seed` records each run beside the world (migration 0171); this reads the last.

const BUDGET_SECONDS = 180;

export async function lastSeeding(pool: pg.Pool): Promise<BudgetLine> {
  const budget = 'seeding 1,000,000 shipments: under 3 minutes';
  const { rows } = await pool.query<{
    shipments: number;
    seconds: string;
    load_average_start: string;
    load_average_end: string;
  }>(
    `select shipments, seconds, load_average_start, load_average_end from seed_runs
      where engine = 'postgres' order by finished_at desc limit 1`,
  );
  const run = rows[0];
  if (!run || run.shipments < 1_000_000)
    return { budget, figure: 'no seeding of 1,000,000 recorded here', ratio: '', ok: undefined };
  const seconds = Number(run.seconds);
  return {
    budget,
    figure: `${seconds.toFixed(1)} s (load average ${run.load_average_start} to ${run.load_average_end})`,
    ratio: `${(seconds / BUDGET_SECONDS).toFixed(2)}x the budget`,
    ok: seconds < BUDGET_SECONDS,
  };
}
