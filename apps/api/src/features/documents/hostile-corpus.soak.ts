import { DocumentType } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { pollHealth } from '../../../test/health-poll';
import { craftedHostileFiles, damagedCorpus, type NamedFile } from '../../../test/hostile-files';
import {
  fixtures,
  makePaperworkWorld,
  multipart,
  type PaperworkWorld,
} from '../../../test/paperwork-world';

// npm run soak: the hostile upload corpus through the API (issue 17): a few hundred damaged and
// crafted files, each refused with a 4xx or stored neutralised, while /healthz is asked over HTTP
// every 25 ms the whole time. HOSTILE_DAMAGED_PER_FILE sets the damaged files per sample (x 2 x 4).

const PER_FILE = Number(process.env.HOSTILE_DAMAGED_PER_FILE ?? 50);
const MAX_BYTES = 2 * 1024 * 1024;
// Path separators, DEL and the right-to-left override; control characters are checked apart.
const UNSAFE_IN_NAMES = /[/\\\u007f\u202e]/;

let t: TestApp;
let w: PaperworkWorld;
let base: string;

beforeAll(async () => {
  t = await startTestApp({
    UPLOAD_CHECK_TIMEOUT_MS: '3000',
    DOCUMENT_MAX_BYTES: String(MAX_BYTES),
  });
  w = await makePaperworkWorld(t.db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 300_000);
afterAll(() => t.close());

function upload(file: NamedFile) {
  const form = multipart(
    { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: w.delivered.shipment.id },
    file,
  );
  return t.injectAs(w.users.carrierUser, {
    method: 'POST',
    url: '/api/v2/documents',
    payload: form.payload,
    headers: form.headers,
  });
}

const percentile = (sorted: number[], share: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

describe('the hostile upload corpus', () => {
  it('refuses or neutralises every file while other requests are answered', async () => {
    const corpus = [
      ...damagedCorpus(
        [
          { name: 'delivery-packet.pdf', bytes: fixtures.pdf },
          { name: 'delivery-scan.tif', bytes: fixtures.tiff },
          { name: 'lumper-receipt.png', bytes: fixtures.png },
          { name: 'trailer-photo.jpg', bytes: fixtures.jpeg },
        ],
        PER_FILE,
      ),
      ...(await craftedHostileFiles(fixtures.pdf, MAX_BYTES)),
    ];
    expect(corpus.length).toBeGreaterThanOrEqual(200);

    const stop = pollHealth(base);

    const tally = { stored: 0, refused: 0 } as Record<string, number>;
    const failures: string[] = [];
    const started = Date.now();
    for (const file of corpus) {
      const response = await upload(file);
      if (response.statusCode === 201) {
        tally.stored!++;
        const { name, contentType } = response.json().data as { name: string; contentType: string };
        // Stored under a plain name, as one of the formats the portal shows.
        if ([...name].some((character) => UNSAFE_IN_NAMES.test(character) || character < ' '))
          failures.push(`${JSON.stringify(file.name)} stored as ${JSON.stringify(name)}`);
        if (!['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'].includes(contentType))
          failures.push(`${JSON.stringify(file.name)} stored as ${contentType}`);
      } else if ([400, 413, 415].includes(response.statusCode)) {
        tally.refused!++;
        tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
      } else {
        failures.push(`${JSON.stringify(file.name)} answered ${response.statusCode}`);
      }
    }
    const latencies = await stop();
    const sorted = [...latencies].sort((a, b) => a - b);
    const over = latencies.filter((latency) => latency >= 200).length;
    if (process.env.RELIABILITY_REPORT)
      process.stdout.write(
        `hostile corpus: ${corpus.length} files in ${Date.now() - started} ms: ${JSON.stringify(tally)}, ` +
          `${failures.length} failures; /healthz ${latencies.length} answers, median ${percentile(sorted, 0.5)} ms, ` +
          `p90 ${percentile(sorted, 0.9)} ms, p99 ${percentile(sorted, 0.99)} ms, slowest ${percentile(sorted, 1)} ms, ` +
          `${over} at or over 200 ms\n`,
      );
    expect(failures).toEqual([]);
    // Nine in ten answers within 200 ms while every file is checked. Single late answers follow the
    // machine's own load (the report prints the slowest and how many passed 200 ms): a check on the
    // request thread would hold every answer for as long as the file takes.
    expect(percentile(sorted, 0.9)).toBeLessThan(200);
  }, 1_800_000);
});
