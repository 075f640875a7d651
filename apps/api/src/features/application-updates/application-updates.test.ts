import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { parseChangelog } from './service';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

describe('application updates', () => {
  it('come from the repository’s CHANGELOG.md, newest first', async () => {
    const response = await t.injectAs(world.users.driver, {
      method: 'GET',
      url: '/api/v1/application_updates',
    });
    expect(response.statusCode).toBe(200);
    const updates: { date: string; title: string }[] = response.json().data;
    expect(updates.map((update) => update.title)).toContain('Shipment quick-search');
    const dates = updates.map((update) => update.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('reads each "## date title" heading and the text under it', () => {
    expect(
      parseChangelog(
        '# Changes\n\n## 2026-01-02 Older\nFirst\nline.\n\n## 2026-02-03 Newer\nSecond.\n',
      ),
    ).toEqual([
      { date: '2026-02-03', title: 'Newer', details: 'Second.' },
      { date: '2026-01-02', title: 'Older', details: 'First line.' },
    ]);
  });
});
