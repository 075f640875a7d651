import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});

afterAll(async () => {
  await t?.close();
});

const notify = (userId: string, companyId: string, title: string) =>
  t.db.system((tx) =>
    tx
      .insertInto('notifications')
      .values({
        userId,
        companyId,
        notificationKind: 'TenderReceived',
        title,
        body: 'Lane CHI-DAL',
        link: '/tenders',
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

describe('notifications', () => {
  it("lists only the user's own notifications, newest first, and marks them read", async () => {
    const { carrierUser, otherCarrierUser } = world.users;
    await notify(carrierUser.id, world.carrier.id, 'Tender received 1');
    await notify(carrierUser.id, world.carrier.id, 'Tender received 2');
    await notify(otherCarrierUser.id, world.otherCarrier.id, 'Not yours');
    const list = await t.injectAs(carrierUser, { method: 'GET', url: '/api/v1/notifications' });
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page.data.map((item: { title: string }) => item.title)).toEqual([
      'Tender received 2',
      'Tender received 1',
    ]);
    expect(page).toMatchObject({ totalCount: 2, unreadCount: 2 });
    const read = await t.injectAs(carrierUser, {
      method: 'POST',
      url: '/api/v1/notifications/read',
    });
    expect(read.json().data.updated).toBe(2);
    const after = await t.injectAs(carrierUser, { method: 'GET', url: '/api/v1/notifications' });
    expect(after.json().unreadCount).toBe(0);
    const other = await t.injectAs(otherCarrierUser, {
      method: 'GET',
      url: '/api/v1/notifications',
    });
    expect(other.json().unreadCount).toBe(1);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("pushes a new notification to the user's open stream, and only to that user's", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = await t.tokenFor(world.users.carrierUser);
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/notifications/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil('event: ready');
    await notify(world.users.otherCarrierUser.id, world.otherCarrier.id, 'Someone else');
    const { id } = await notify(world.users.carrierUser.id, world.carrier.id, 'Invoice paid');
    await readUntil('Invoice paid');
    abort.abort();
    expect(text).not.toContain('Someone else');
    const event = text.split('\n\n').find((block) => block.includes('Invoice paid'))!;
    expect(event).toContain('event: notification');
    const data = JSON.parse(event.split('data: ')[1]!) as {
      id: string;
      link: string;
      read: boolean;
    };
    expect(data).toMatchObject({ id, link: '/tenders', read: false });
  });
});
