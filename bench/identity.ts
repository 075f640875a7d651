// `npm run bench:identity`: what signing in and each way of authenticating cost, on a scratch
// PostgreSQL database (made from the test template and dropped afterwards; never portal_bench).
//   TEST_DB=postgres npm run bench:identity
// A whole sign-in goes through the built-in provider's screens and the code exchange as a browser
// would (in process); requests are GET /api/v1/me with a bearer token, the session cookie and an
// api key, alternated so the machine's state weighs on all three alike.
import { performance } from 'node:perf_hooks';
import { TestBrowser } from '../apps/api/test/browser';
import { prepareTemplate } from '../apps/api/test/database-template';
import { startTestApp } from '../apps/api/test/harness';
import { makeTestWorld, TEST_PASSWORD } from '../apps/api/test/world';
import { summarize, type Timing } from './lib';

process.env.TEST_DB ??= 'postgres';
const iterations = Number(process.env.BENCH_ITERATIONS ?? 500);
const signIns = Number(process.env.BENCH_SIGN_INS ?? 30);

await prepareTemplate();
const t = await startTestApp();
try {
  const world = await makeTestWorld(t.db);
  const user = world.users.carrierUser;

  const signInTimes: number[] = [];
  let browser = new TestBrowser(t);
  for (let index = 0; index < signIns; index++) {
    browser = new TestBrowser(t);
    const started = performance.now();
    await browser.signIn(user.loginEmail!, TEST_PASSWORD);
    signInTimes.push(performance.now() - started);
  }

  const token = await t.tokenFor(user);
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api_keys',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'bench', permissions: ['CarrierPortal'] }),
  });
  const apiKey: string = key.json().data.key;
  const ways: Record<string, Record<string, string>> = {
    'bearer token': { authorization: `Bearer ${token}` },
    'session cookie': { cookie: browser.cookieHeader() },
    'api key': { 'api-key': apiKey },
  };
  const times: Record<string, number[]> = Object.fromEntries(
    Object.keys(ways).map((way) => [way, []]),
  );
  for (let index = 0; index < iterations + 20; index++) {
    for (const [way, headers] of Object.entries(ways)) {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
      if (response.statusCode !== 200)
        throw new Error(`${way}: ${response.statusCode} ${response.body}`);
      if (index >= 20) times[way]!.push(performance.now() - started);
    }
  }

  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const line = (name: string, timing: Timing) =>
    `  ${name.padEnd(34)} median ${ms(timing.median)}  p95 ${ms(timing.p95)}  n=${timing.samples}\n`;
  process.stdout.write(`Identity on ${t.engine} (in process, no network)\n`);
  process.stdout.write(line('whole sign-in through the provider', summarize(signInTimes)));
  for (const [way, samples] of Object.entries(times))
    process.stdout.write(line(`GET /api/v1/me with ${way}`, summarize(samples)));
} finally {
  await t.close();
}
