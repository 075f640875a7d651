import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

describe('training videos', () => {
  it('lists the videos shipped with the portal and serves each as WebM, whole or by range', async () => {
    const list = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v1/videos',
    });
    expect(list.statusCode).toBe(200);
    const videos: { slug: string; url: string; title: string }[] = list.json().data;
    expect(videos.length).toBeGreaterThanOrEqual(3);
    const file = await t.injectAs(world.users.carrierUser, { method: 'GET', url: videos[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/webm');
    // A WebM file begins with the EBML magic number.
    expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const part = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: videos[0]!.url,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
  });

  it('answers 404 for a video it does not have, 403 to a driver and 401 without credentials', async () => {
    const missing = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v1/videos/no-such-video/file',
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v1/videos/..%2Fvideos/file',
    });
    expect(traversal.statusCode).toBe(400);
    expect(
      (await t.injectAs(world.users.driver, { method: 'GET', url: '/api/v1/videos' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/videos' })).statusCode).toBe(401);
  });
});
