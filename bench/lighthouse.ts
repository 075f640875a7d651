// Lighthouse in mobile mode (its default: a mid-range phone on slow 4G, simulated) on the sign-in
// page and on a carrier's signed-in dashboard, against the production build served by the API.
// Run `npm run build` first. Each page is measured LIGHTHOUSE_RUNS times (3) and the median run by
// performance score is printed with the budgets; exits 1 when a budget is missed.
//
//   npm run build && npm run bench:lighthouse
//
// LIGHTHOUSE_REPORT_DIR keeps each page's median report (JSON, for the Lighthouse viewer) there.
// LIGHTHOUSE_URL measures a server that is already running instead of starting one on
// LIGHTHOUSE_PORT (3290) with a fresh embedded database. CHROME_PATH names the browser
// (/usr/bin/chromium).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER = join(ROOT, 'apps/api/dist/server.js');
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];
const DEMO_CARRIER = { email: 'carrier@demo.test', password: 'Portal-Demo-1' };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const READY_TIMEOUT_MS = 300_000;

interface Budget {
  label: string;
  audit: 'largest-contentful-paint' | 'total-blocking-time' | 'cumulative-layout-shift' | null;
  limit: number;
  passes: (value: number) => boolean;
  format: (value: number) => string;
}

// The web budgets: score at least 90, LCP under 2.5 s, TBT under 200 ms, CLS under 0.1.
const BUDGETS: Budget[] = [
  {
    label: 'Performance score',
    audit: null,
    limit: 90,
    passes: (score) => score >= 90,
    format: (score) => `${Math.round(score)}`,
  },
  {
    label: 'Largest Contentful Paint',
    audit: 'largest-contentful-paint',
    limit: 2500,
    passes: (ms) => ms < 2500,
    format: (ms) => `${(ms / 1000).toFixed(2)} s`,
  },
  {
    label: 'Total Blocking Time',
    audit: 'total-blocking-time',
    limit: 200,
    passes: (ms) => ms < 200,
    format: (ms) => `${Math.round(ms)} ms`,
  },
  {
    label: 'Cumulative Layout Shift',
    audit: 'cumulative-layout-shift',
    limit: 0.1,
    passes: (shift) => shift < 0.1,
    format: (shift) => shift.toFixed(3),
  },
];

const BUDGET_TEXT = ['>= 90', '< 2.5 s', '< 200 ms', '< 0.1'];

function figure(result: Result, budget: Budget): number {
  if (budget.audit === null) return (result.categories.performance?.score ?? 0) * 100;
  return result.audits[budget.audit]?.numericValue ?? Number.NaN;
}

/** The portal's production build on a fresh embedded database, answered once it is ready. */
async function startPortal(port: number): Promise<{ baseUrl: string; stop: () => void }> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const baseUrl = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, stop };
    await new Promise((settle) => setTimeout(settle, 1000));
  }
  stop();
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** The built-in provider's sign-in screen: the address the portal sends a signed-out user to. */
async function signInPageUrl(browser: Browser, baseUrl: string): Promise<string> {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.waitForFunction("location.search.includes('interaction=')", { timeout: 60_000 });
  const url = page.url();
  await page.close();
  return url;
}

/** Signs the browser in as the demo carrier through the sign-in screen, as a person would. */
async function signIn(browser: Browser, baseUrl: string): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/`);
  await page.waitForFunction("location.search.includes('interaction=')", { timeout: 60_000 });
  await page.locator('input[type="email"]').fill(DEMO_CARRIER.email);
  await page.locator('input[type="password"]').fill(DEMO_CARRIER.password);
  await page.locator('button[type="submit"]').click();
  await page
    .waitForFunction("location.pathname === '/dashboard'", { timeout: 60_000 })
    .catch((error: unknown) => {
      throw new Error(`Signing in did not reach /dashboard (at ${page.url()})`, { cause: error });
    });
  await page.close();
}

async function measure(chrome: LaunchedChrome, url: () => Promise<string>): Promise<Result> {
  const flags: Flags = { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' };
  const results: Result[] = [];
  // A run Lighthouse could not trace (it says so in runtimeError, on a busy machine) is run again,
  // up to as many failures as runs asked for.
  let failures = 0;
  while (results.length < RUNS) {
    const runner = await lighthouse(await url(), flags);
    const error = runner ? runner.lhr.runtimeError?.message : 'Lighthouse returned no result';
    if (!error) {
      results.push(runner!.lhr);
      continue;
    }
    if (++failures > RUNS) throw new Error(error);
    console.log(`  a run failed and is repeated: ${error}`);
  }
  results.sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  return results[Math.floor(results.length / 2)]!;
}

function report(name: string, file: string, result: Result): boolean {
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, `${file}.report.json`), JSON.stringify(result));
  }
  // Lighthouse's benchmark index of the machine during the run: about 1,000 or more on an idle
  // laptop; a busy machine scores lower and its TBT and LCP come out longer.
  const benchmarkIndex = Math.round(result.environment.benchmarkIndex);
  console.log(
    `\n${name}  (${result.finalDisplayedUrl.replace(/\?.*$/, '')}, median of ${RUNS}, benchmark index ${benchmarkIndex})`,
  );
  let allPass = true;
  BUDGETS.forEach((budget, index) => {
    const value = figure(result, budget);
    const passes = budget.passes(value);
    allPass &&= passes;
    console.log(
      `  ${budget.label.padEnd(26)} ${budget.format(value).padStart(9)}   budget ${BUDGET_TEXT[index]!.padEnd(9)} ${passes ? 'pass' : 'FAIL'}`,
    );
  });
  return allPass;
}

async function main() {
  const loadBefore = loadavg();
  const portal = process.env.LIGHTHOUSE_URL
    ? { baseUrl: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), stop: () => {} }
    : await startPortal(Number(process.env.LIGHTHOUSE_PORT ?? 3290));
  let chrome: LaunchedChrome | undefined;
  let browser: Browser | undefined;
  try {
    chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const signInResult = await measure(chrome, () => signInPageUrl(browser!, portal.baseUrl));
    await signIn(browser, portal.baseUrl);
    const dashboardResult = await measure(chrome, async () => `${portal.baseUrl}/dashboard`);
    console.log(`Lighthouse ${signInResult.lighthouseVersion}, mobile, ${portal.baseUrl}`);
    const signInPasses = report('Sign-in page', 'sign-in', signInResult);
    const dashboardPasses = report('Dashboard (carrier@demo.test)', 'dashboard', dashboardResult);
    const loadAfter = loadavg();
    console.log(
      `\nload average ${loadBefore.map((load) => load.toFixed(2)).join(' ')} before, ${loadAfter.map((load) => load.toFixed(2)).join(' ')} after`,
    );
    if (!signInPasses || !dashboardPasses) process.exitCode = 1;
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    portal.stop();
  }
}

await main();
