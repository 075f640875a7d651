import { brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { DocumentType } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { fixtures, makePaperworkWorld, type PaperworkWorld } from '../../../test/paperwork-world';
import { COMPRESSIBLE_TYPES } from './compression';

// The API's answers go compressed to the browsers that ask (decision 260).
let t: TestApp;
let w: PaperworkWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await makePaperworkWorld(t.db);
});
afterAll(() => t.close());

// The lists, types and statuses every screen's filters offer (several KB of JSON).
const LIST = '/api/v1/static_data';
const BROWSER = 'gzip, deflate, br, zstd';

describe('compressed answers', () => {
  it('sends JSON in Brotli to a browser, the same JSON as uncompressed', async () => {
    const plain = await t.injectAs(w.users.carrierUser, { url: LIST });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // More than the 1 KB below which nothing is compressed.
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await t.injectAs(w.users.carrierUser, {
      url: LIST,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-length']).toBe(String(brotli.rawPayload.length));
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(
      plain.json(),
    );
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const plain = await t.injectAs(w.users.carrierUser, { url: LIST });
    const response = await t.injectAs(w.users.carrierUser, {
      url: LIST,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const response = await t.injectAs(w.users.carrierUser, {
      url: '/api/v2/shipments/total_count',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ totalCount: 1 });
  });

  it('sends a PDF byte for byte, whatever the browser accepts', async () => {
    const upload = await t.injectAs(w.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/documents',
      payload: {
        name: 'POD.pdf',
        type: DocumentType.ProofOfDelivery,
        orderStopId: w.delivered.deliveryStop.id,
        data: fixtures.pdf.toString('base64'),
      },
    });
    expect(upload.statusCode).toBe(201);
    const file = await t.injectAs(w.users.carrierUser, {
      url: upload.json().data.fileURL,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.equals(fixtures.pdf)).toBe(true);
  });

  it('does not inflate a compressed request body', async () => {
    const response = await t.injectAs(w.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/documents',
      payload: gzipSync(JSON.stringify({ name: 'POD.pdf' })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/JSON/);
  });

  it('compresses JSON, text and HTML, never the event stream nor files', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html; charset=utf-8',
      'text/csv; charset=utf-8',
      'application/javascript',
    ])
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(true);
    for (const type of [
      'text/event-stream',
      'application/pdf',
      'application/octet-stream',
      'image/png',
      'image/tiff',
    ])
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(false);
  });
});
