import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { unstorableValues } from './validation';

// Inputs that used to answer 500 (issue 17): each now answers 4xx naming the field.
let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

describe('bad input answers 4xx naming the field', () => {
  it.each(['power_units', 'trailers'])(
    'the operator searching carrier equipment (%s) finds none instead of failing',
    async (kind) => {
      const answer = await t.injectAs(world.users.operatorUser, {
        method: 'GET',
        url: `/api/v2/equipment_searches/${kind}?q=1`,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ data: [], totalCount: 0 });
    },
  );

  it('a JSON document upload sent as text/plain is 415 naming Content-Type', async () => {
    const answer = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/documents',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ name: 'a.pdf', type: 45, data: 'JVBERi0=' }),
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().errors).toEqual({
      'Content-Type': ['Content-Type must be application/json or multipart/form-data'],
    });
  });

  it('NUL characters in text are 400 naming the field, nothing written', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access_requests',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        companyNumber: world.carrier.companyNumber,
        firstName: 'Em\u0000ily',
        lastName: 'Sanders',
        emailAddress: 'emily.nul@carrier.test',
        message: 'hello',
      }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({
      firstName: ['firstName must not contain NUL characters'],
    });
    const stored = await t.db.system((tx) =>
      tx
        .selectFrom('accessRequests')
        .select('id')
        .where('email', '=', 'emily.nul@carrier.test')
        .execute(),
    );
    expect(stored).toEqual([]);
  });

  // (A field named __proto__ never gets this far: the JSON body parser refuses it.)
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'an unknown field named %s is 400 naming it',
    async (name) => {
      const answer = await t.injectAs(world.users.carrierUser, {
        method: 'POST',
        url: '/api/v1/auth/mobile_authorize',
        headers: { 'content-type': 'application/json' },
        payload: `{${JSON.stringify(name)}: 1}`,
      });
      expect(answer.statusCode).toBe(400);
      const { errors } = answer.json<{ errors: Record<string, string[]> }>();
      expect(Object.getOwnPropertyDescriptor(errors, name)?.value).toEqual([
        `${name} is not a known field`,
      ]);
    },
  );

  it('a whole number beyond 32 bits is 400 naming the field', async () => {
    const answer = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v2/equipment_searches/power_units?page=3000000000',
    });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().errors)).toEqual(['page']);
  });

  it('finds NUL characters and out-of-range integers anywhere in a value', () => {
    expect(
      unstorableValues({ a: [1, 'x\u0000'], b: { c: 2 ** 40, d: -(2 ** 31), e: 2 ** 31 - 1 } }),
    ).toEqual([
      expect.objectContaining({ instancePath: '/a/1', message: 'must not contain NUL characters' }),
      expect.objectContaining({
        instancePath: '/b/c',
        message: 'must be between -2147483648 and 2147483647',
      }),
    ]);
  });
});
