import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    await t.ctx.mailer.enqueue(tx, {
      to: 'first@carrier.test',
      subject: 'One',
      text: 'first',
      companyId: world.carrier.id,
    });
    await t.ctx.mailer.enqueue(tx, {
      to: 'Second@Carrier.test',
      subject: 'Two',
      text: 'second',
      companyId: world.otherCarrier.id,
    });
  });
});
afterAll(() => t.close());

describe('the e-mail outbox', () => {
  it('is readable by the operator’s administrators, newest first, by recipient', async () => {
    const all = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: '/api/v1/admin/email_outbox',
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().totalCount).toBe(2);
    const one = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: '/api/v1/admin/email_outbox?to=second@carrier.test',
    });
    expect(one.json().data).toMatchObject([{ subject: 'Two', textBody: 'second', sentAt: null }]);
  });

  it('is closed to everyone else', async () => {
    for (const user of [world.users.carrierUser, world.users.factoringUser, world.users.driver]) {
      const response = await t.injectAs(user, { method: 'GET', url: '/api/v1/admin/email_outbox' });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('You are not Authorized for this content');
    }
  });
});
