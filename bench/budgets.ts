// The closing table of `npm run bench`: every budget with its figure, ratio and verdict.

export interface BudgetLine {
  budget: string;
  figure: string;
  ratio: string;
  /** Undefined: not measured by this run. */
  ok: boolean | undefined;
}

export function printBudgets(lines: readonly BudgetLine[]) {
  const verdict = (ok: boolean | undefined) =>
    ok === undefined ? 'not measured' : ok ? 'within budget' : 'OVER BUDGET';
  process.stdout.write(
    [
      'Budgets',
      '| budget | figure | ratio | verdict |',
      '|---|---|---|---|',
      ...lines.map(
        (line) => `| ${line.budget} | ${line.figure} | ${line.ratio} | ${verdict(line.ok)} |`,
      ),
      '',
    ].join('\n'),
  );
  const over = lines.filter((line) => line.ok === false).length;
  const unmeasured = lines.filter((line) => line.ok === undefined).length;
  process.stdout.write(
    `${over === 0 ? 'All measured budgets met' : `${over} over budget`}; ${unmeasured} not measured.\n`,
  );
}
