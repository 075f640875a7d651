import type pg from 'pg';
import type { BudgetLine } from './budgets';

// The seeding budget (issue 18): 1,000,000 shipments in under 3 minutes on an otherwise idle
// machine. `npm run seed` records each run beside the world (migrations 0171 and 0209); this reads
// the last. A run that also added tender and case history (`--tenders`, `--cases`) is judged on its
// shipments (its time less the history's), and the history's time is shown beside it.

const BUDGET_SECONDS = 180;

export async function lastSeeding(pool: pg.Pool): Promise<BudgetLine> {
  const budget = 'seeding 1,000,000 shipments: under 3 minutes';
  const { rows } = await pool.query<{
    shipments: number;
    seconds: string;
    history_tenders: number;
    history_cases: number;
    history_seconds: string;
    load_average_start: string;
    load_average_end: string;
  }>(
    `select shipments, seconds, history_tenders, history_cases, history_seconds, load_average_start,
            load_average_end
       from seed_runs where engine = 'postgres' order by finished_at desc limit 1`,
  );
  const run = rows[0];
  if (!run || run.shipments < 1_000_000)
    return { budget, figure: 'no seeding of 1,000,000 recorded here', ratio: '', ok: undefined };
  const total = Number(run.seconds);
  const history = Number(run.history_seconds);
  const seconds = total - history;
  const load = `load average ${run.load_average_start} to ${run.load_average_end}`;
  const figure =
    history > 0
      ? `${seconds.toFixed(1)} s (${load}); with ${count(run.history_tenders)} tenders and ` +
        `${count(run.history_cases)} cases of history added, ${history.toFixed(1)} s more and ${total.toFixed(1)} s in all`
      : `${seconds.toFixed(1)} s (${load})`;
  return {
    budget,
    figure,
    ratio: `${(seconds / BUDGET_SECONDS).toFixed(2)}x the budget`,
    ok: seconds < BUDGET_SECONDS,
  };
}

const count = (value: number) => value.toLocaleString('en-US');
