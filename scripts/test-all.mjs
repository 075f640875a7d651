// `npm test`: every check the project has, in order, with one closing line "N passed, N failed".
// Type checks and lint count as one check each; the test suites count their tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const postgresUrl = process.env.DATABASE_URL;
const only = process.argv.slice(2);
const results = [];
/** How long each step took, by name, for the closing summary (CI keeps the whole run under 40 minutes). */
const durations = new Map();
const startedAt = Date.now();
/** Each failed test, named in the closing summary: the end of a long log says what failed. */
const failures = [];
// Playwright's messages carry the terminal's colours; a summary line is plain text.
const firstLine = (messages) =>
  stripVTControlCharacters(messages.find((message) => message.trim() !== '') ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 200);

function run(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const outcome = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CI: '1', FORCE_COLOR: '0', ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  durations.set(name, `${seconds} s`);
  process.stdout.write(`=== ${name} finished in ${seconds}s with exit code ${outcome.status}\n`);
  return outcome.status === 0;
}

function check(name, command, args, env) {
  const ok = run(name, command, args, env);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

/**
 * Runs a command with its output kept (and, with `echo`, printed as it comes), and answers when it
 * ends.
 */
function runKept(name, command, args, { env = {}, echo = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, CI: '1', FORCE_COLOR: '0', ...env },
    });
    child.stdout.on('data', (chunk) => (output.push(chunk), echo && process.stdout.write(chunk)));
    child.stderr.on('data', (chunk) => (output.push(chunk), echo && process.stderr.write(chunk)));
    let finished = false;
    const finish = (status) => {
      if (finished) return;
      finished = true;
      resolve({
        name,
        command,
        args,
        status,
        output: Buffer.concat(output),
        seconds: ((Date.now() - started) / 1000).toFixed(1),
      });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(null);
    });
    child.on('close', (status) => finish(status));
  });
}

/**
 * Checks that each keep one core busy (the type checker, the linter, the formatter) run at once on
 * the machine's cores; each one's output is printed whole when it ends, in the order given.
 */
async function checksAtOnce(checks) {
  const outcomes = await Promise.all(
    checks.map(([name, command, args]) => runKept(name, command, args)),
  );
  for (const outcome of outcomes) {
    process.stdout.write(`\n=== ${outcome.name}: ${outcome.command} ${outcome.args.join(' ')}\n`);
    process.stdout.write(outcome.output);
    process.stdout.write(
      `=== ${outcome.name} finished in ${outcome.seconds}s (beside the others) with exit code ${outcome.status}\n`,
    );
    const ok = outcome.status === 0;
    durations.set(outcome.name, `${outcome.seconds} s, beside the others`);
    results.push({ name: outcome.name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  }
}

/**
 * Vitest's account of the errors no test owns ("Unhandled Rejection", "Unhandled Error", "Uncaught
 * Exception"): each one's first line, the file it came from and the last test that ran, one line each.
 */
function unhandledErrors(output) {
  const lines = stripVTControlCharacters(output).split('\n');
  const found = [];
  lines.forEach((line, index) => {
    const heading = /⎯+ (Unhandled (?:Rejection|Error)|Uncaught Exception) ⎯+/.exec(line);
    if (!heading) return;
    const end = lines.findIndex((text, at) => at > index && text.startsWith('⎯'));
    const rest = lines.slice(index + 1, end === -1 ? index + 40 : end).join('\n');
    const message = rest.trim().split('\n')[0] ?? '';
    const file = /originated in "([^"]+)"/.exec(rest)?.[1];
    const test = /latest test that might've caused the error is "([^"]+)"/.exec(rest)?.[1];
    const where = file ? ` (in ${file}${test ? `, after "${test}"` : ''})` : '';
    found.push(`${heading[1]}: ${message}${where}`.slice(0, 400));
  });
  return found;
}

async function vitest(name, args, env) {
  const file = join(reports, `${name}.json`);
  const vitestArgs = [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  process.stdout.write(`\n=== ${name}: npx ${vitestArgs.join(' ')}\n`);
  const outcome = await runKept(name, 'npx', vitestArgs, { env, echo: true });
  const ok = outcome.status === 0;
  durations.set(name, `${outcome.seconds} s`);
  process.stdout.write(
    `=== ${name} finished in ${outcome.seconds}s with exit code ${outcome.status}\n`,
  );
  if (!existsSync(file)) return results.push({ name, passed: 0, failed: 1 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failedSuites = report.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  ).length;
  for (const suite of report.testResults)
    if (suite.status === 'failed')
      for (const test of suite.assertionResults.length > 0
        ? suite.assertionResults.filter((result) => result.status === 'failed')
        : [{ fullName: '(the file itself)', failureMessages: [suite.message ?? ''] }])
        failures.push(
          `${name}: ${relative(root, suite.name)} > ${test.fullName}: ${firstLine(test.failureMessages)}`,
        );
  const unhandled = unhandledErrors(outcome.output.toString('utf8'));
  for (const error of unhandled) failures.push(`${name}: ${error}`);
  if (!ok && report.numFailedTests + failedSuites === 0 && unhandled.length === 0)
    failures.push(`${name}: no test failed, but Vitest ended with an error (see its output)`);
  results.push({
    name,
    passed: report.numPassedTests,
    failed:
      report.numFailedTests +
      failedSuites +
      (ok || report.numFailedTests + failedSuites > 0 ? 0 : 1),
  });
}

function playwright(name) {
  const file = join(reports, 'e2e.json');
  const ok = run(name, 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  if (!existsSync(file)) return results.push({ name, passed: 0, failed: 1 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected')
          failures.push(
            `${name}: ${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')} [${test.projectName}]: ` +
              firstLine(test.results.map((result) => result.error?.message ?? '')),
          );
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const failed = stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1);
  results.push({ name, passed: stats.expected + stats.flaky, failed });
}

const want = (name) => only.length === 0 || only.includes(name);

await checksAtOnce(
  [
    ['typecheck', 'npx', ['tsc', '-b']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['format', 'npx', ['prettier', '--check', '.']],
  ].filter(([name]) => want(name)),
);
if (want('unit')) await vitest('unit', ['--project', 'domain', '--project', 'web']);
if (want('api')) await vitest('api-pglite', ['--project', 'api-pglite'], { TEST_DB: 'pglite' });
if (want('api') && postgresUrl) {
  await vitest('api-postgres', ['--project', 'api-postgres'], {
    TEST_DB: 'postgres',
    DATABASE_URL: postgresUrl,
  });
} else if (want('api')) {
  process.stdout.write('\n=== api-postgres skipped: DATABASE_URL is not set\n');
}
// The current LTS line runs the unit and API suites too (issue: runtimes). Its binary comes from the
// registry's `node` package, installed once into the cache; the browser suite stays on the machine's Node.
if (want('node24')) {
  const node24 = installNode24();
  if (!node24) results.push({ name: 'node24', passed: 0, failed: 1 });
  else {
    const path = `${node24}:${process.env.PATH}`;
    await vitest('unit-node24', ['--project', 'domain', '--project', 'web'], { PATH: path });
    await vitest('api-node24', ['--project', 'api-pglite'], { PATH: path, TEST_DB: 'pglite' });
  }
}
if (want('e2e')) {
  const built = run('build', 'npm', ['run', 'build']);
  // The shell's first-load JavaScript budget (150 KB gzip), read from the build just made.
  if (built) check('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
  if (built) playwright('e2e');
  else results.push({ name: 'e2e', passed: 0, failed: 1 });
}

function installNode24() {
  const prefix = join(root, 'node_modules', '.cache', 'node24');
  const bin = join(prefix, 'node_modules', '.bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(prefix, { recursive: true });
    const ok = run('install node 24', 'npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      prefix,
      'node@24',
    ]);
    if (!ok) return null;
  }
  const version = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' });
  process.stdout.write(`=== node24: ${version.stdout.trim()}\n`);
  return version.status === 0 && version.stdout.startsWith('v24.') ? bin : null;
}

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
process.stdout.write('\n');
if (failures.length > 0) {
  process.stdout.write('Failed:\n');
  for (const failure of failures) process.stdout.write(`  ${failure}\n`);
  process.stdout.write('\n');
}
for (const result of results) {
  const took = durations.has(result.name) ? `  (${durations.get(result.name)})` : '';
  process.stdout.write(
    `  ${result.name.padEnd(14)} ${result.passed} passed, ${result.failed} failed${took}\n`,
  );
}
if (durations.has('build')) process.stdout.write(`  (the build took ${durations.get('build')})\n`);
process.stdout.write(`  (all of npm test: ${((Date.now() - startedAt) / 1000).toFixed(1)} s)\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
