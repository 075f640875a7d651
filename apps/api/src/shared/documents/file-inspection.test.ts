import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/paperwork-world';
import {
  damagedCorpus,
  deflatedZeros,
  grayPng,
  jpegClaiming,
  pdfOfPages,
  pdfWithObjectStreams,
  png,
  tiff,
} from '../../../test/hostile-files';
import { HttpProblem } from '../http/errors';
import { FILE_CHECK_LIMITS } from './file-checks';
import { inspectFile, type InspectedFile } from './file-inspection';
import { InspectionPool } from './inspection-pool';

// A pool for the file with a generous budget (the machine may be busy), and one with a short
// budget that cuts the time bomb off quickly.
const pool = new InspectionPool({ timeoutMs: 30_000 });
const quick = new InspectionPool({ timeoutMs: 3_000 });
afterAll(() => Promise.all([pool.close(), quick.close()]));

async function outcome(
  bytes: Buffer,
  name: string,
  using = pool,
): Promise<InspectedFile | HttpProblem> {
  try {
    return await inspectFile({ bytes }, name, 'file', using);
  } catch (error) {
    if (error instanceof HttpProblem) return error;
    throw error;
  }
}

async function refused(bytes: Buffer, name: string, using = pool) {
  const result = await outcome(bytes, name, using);
  if (!(result instanceof HttpProblem)) throw new Error(`${name} was accepted`);
  // The refusal names the field.
  expect(result.errors?.file).toEqual([result.detail]);
  return { status: result.status, message: result.detail ?? '' };
}

describe('the upload checks refuse hostile files, naming the limit', () => {
  const onePage = { width: 8, height: 8 };

  it('a TIFF whose page directory points back at itself (about a hundred bytes)', async () => {
    const bytes = tiff([onePage], () => 0);
    expect(bytes.length).toBeLessThan(200);
    expect(await refused(bytes, 'loop.tif')).toEqual({
      status: 400,
      message:
        'The file "loop.tif" is a damaged TIFF image and cannot be opened (its page directories loop)',
    });
  });

  it('a TIFF whose directories loop two pages back', async () => {
    const bytes = tiff([onePage, onePage, onePage], (index) => (index === 2 ? 1 : undefined));
    expect((await refused(bytes, 'cycle.tif')).message).toContain('its page directories loop');
  });

  it('a TIFF with more pages than a document may have', async () => {
    const bytes = tiff(Array.from({ length: FILE_CHECK_LIMITS.maxPages + 1 }, () => onePage));
    expect(await refused(bytes, 'pages.tif')).toEqual({
      status: 413,
      message: 'The file "pages.tif" has more than 500 pages, the most one document may have',
    });
  });

  it('a TIFF page of huge dimensions', async () => {
    const bytes = tiff([{ width: 200_000, height: 200_000 }]);
    expect(await refused(bytes, 'huge.tif')).toEqual({
      status: 413,
      message:
        'The file "huge.tif" has a page of 200000 x 200000 pixels; the limit is 100 million pixels',
    });
  });

  it('a TIFF page that would decompress past the memory limit', async () => {
    const bytes = tiff([{ width: 9_000, height: 9_000, bits: 16, samples: 3 }]);
    expect(await refused(bytes, 'deep.tif')).toEqual({
      status: 413,
      message: 'The file "deep.tif" would take more than 128 MB to open',
    });
  });

  it('a Deflate TIFF strip that inflates far past its page (zip bomb)', async () => {
    const strip = Buffer.concat([
      Buffer.from([0x78, 0x9c]),
      await deflatedZeros(64 * 1024 * 1024, true),
      Buffer.alloc(4),
    ]);
    const bytes = tiff([{ width: 100, height: 100, bits: 8, compression: 8, strip }]);
    expect(bytes.length).toBeLessThan(200_000);
    expect((await refused(bytes, 'bomb.tif')).message).toBe(
      'The file "bomb.tif" is a damaged TIFF image and cannot be opened (more image data than its size)',
    );
  });

  it('a JPEG-compressed TIFF strip whose own header claims a giant picture', async () => {
    const strip = jpegClaiming(60_000, 60_000);
    const bytes = tiff([{ width: 16, height: 16, bits: 8, compression: 7, strip }]);
    expect((await refused(bytes, 'jpeg-strip.tif')).message).toBe(
      'The file "jpeg-strip.tif" has a page of 60000 x 60000 pixels; the limit is 100 million pixels',
    );
  });

  it('a TIFF in a camera-raw compression nobody here decodes', async () => {
    const bytes = tiff([{ width: 8, height: 8, compression: 34713 }]);
    const result = await refused(bytes, 'raw.tif');
    expect(result.status).toBe(415);
    expect(result.message).toContain('a compression the portal does not open (34713)');
  });

  it('a TIFF whose strips point past its end', async () => {
    const bytes = tiff([{ width: 8, height: 8, claimedCount: 1_000_000 }]);
    expect((await refused(bytes, 'past.tif')).message).toContain('image data past its end');
  });

  it('a TIFF page-count bomb that passes every size check is cut off by the time budget', async () => {
    // 500 pages of 100 million pixels, each "decoded" by copying 12.5 MB: minutes of work in 40 KB.
    const page = { width: 10_000, height: 10_000 };
    const bytes = tiff(Array.from({ length: FILE_CHECK_LIMITS.maxPages }, () => page));
    expect(bytes.length).toBeLessThan(100_000);
    const started = Date.now();
    expect(await refused(bytes, 'slow.tif', quick)).toEqual({
      status: 413,
      message:
        'The file "slow.tif" could not be checked within 3 seconds, the time one file may take',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('a PNG of huge dimensions', async () => {
    const bytes = png({ width: 100_000, height: 100_000, idat: deflateOf(16) });
    expect(await refused(bytes, 'huge.png')).toEqual({
      status: 413,
      message:
        'The file "huge.png" has a page of 100000 x 100000 pixels; the limit is 100 million pixels',
    });
  });

  it('a PNG that would decompress past the memory limit', async () => {
    const bytes = png({ width: 9_000, height: 9_000, bits: 16, colorType: 6, idat: deflateOf(16) });
    expect((await refused(bytes, 'deep.png')).message).toBe(
      'The file "deep.png" would take more than 128 MB to open',
    );
  });

  it('a PNG whose image data inflates far past its size (zip bomb)', async () => {
    const bytes = png({ width: 100, height: 100, idat: await deflatedZeros(64 * 1024 * 1024) });
    expect(bytes.length).toBeLessThan(200_000);
    expect(await refused(bytes, 'bomb.png')).toEqual({
      status: 400,
      message:
        'The file "bomb.png" is a damaged PNG image and cannot be opened (more image data than its size)',
    });
  });

  it('a JPEG whose frame claims a giant picture', async () => {
    expect((await refused(jpegClaiming(65_000, 65_000), 'huge.jpg')).status).toBe(413);
  });

  it('a PDF whose object streams inflate past the budget (zip bomb)', async () => {
    const bytes = pdfWithObjectStreams(await deflatedZeros(100 * 1024 * 1024), 3);
    expect(bytes.length).toBeLessThan(1_000_000);
    expect(await refused(bytes, 'bomb.pdf')).toEqual({
      status: 413,
      message: 'The file "bomb.pdf" would take more than 256 MB to open',
    });
  });

  it('a PDF with more pages than a document may have', async () => {
    const bytes = await pdfOfPages(FILE_CHECK_LIMITS.maxPages + 1);
    expect((await refused(bytes, 'long.pdf')).message).toBe(
      'The file "long.pdf" has more than 500 pages, the most one document may have',
    );
  });

  it.each([
    ['HEIC', 'photo.heic', heic(), 'image/heic'],
    ['WebP', 'photo.webp', webp(), 'image/webp'],
    ['GIF with a giant screen', 'bomb.gif', gif(65_535, 65_535), 'image/gif'],
    ['GIF named .png', 'sneaky.png', gif(10, 10), 'image/gif'],
  ])(
    'a %s picture is refused by its kind before anything decodes it',
    async (_l, name, bytes, mime) => {
      expect(await refused(bytes, name)).toEqual({
        status: 415,
        message: `The file "${name}" is not a PDF, PNG, JPEG or TIFF file (its content is ${mime})`,
      });
    },
  );

  it.each([
    ['HTML named .pdf', 'invoice.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
    [
      'SVG with script named .png',
      'logo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a shell script', 'run.pdf', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['random bytes', 'noise.tif', randomBytes(4096)],
  ])('%s is refused as the wrong kind', async (_label, name, bytes) => {
    expect((await refused(bytes, name)).status).toBe(415);
  });

  it.each([
    ['a PNG named .pdf', 'receipt.pdf', () => fixtures.png, 'PNG image'],
    ['a PDF named .jpg', 'photo.jpg', () => fixtures.pdf, 'PDF'],
    ['a TIFF named .png', 'scan.png', () => fixtures.tiff, 'TIFF image'],
  ])('%s is refused for its wrong extension', async (_label, name, bytes, label) => {
    expect((await refused(bytes(), name)).message).toBe(
      `The file "${name}" is named .${name.split('.').pop()} but its content is a ${label}`,
    );
  });

  it.each([
    ['TIFF header alone', 'head.tif', Buffer.from('II*\0\xff\xff\xff\x7f', 'latin1')],
    ['PNG header without image data', 'head.png', pngHeaderOnly()],
    ['JPEG start marker alone', 'head.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['PDF header alone', 'head.pdf', Buffer.from('%PDF-1.7\n%%EOF\n')],
  ])('a %s is refused (damaged, or too little to tell its kind)', async (_label, name, bytes) => {
    expect([400, 415]).toContain((await refused(bytes, name)).status);
  });

  it('a polyglot (a whole PNG with a ZIP appended) is kept only as the PNG it starts as', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(64)]);
    const result = await outcome(Buffer.concat([grayPng(4, 4), zip]), 'polyglot.png');
    // Served back as image/png with nosniff: the appended archive is inert.
    expect(result).toEqual({
      format: 'png',
      contentType: 'image/png',
      extension: 'png',
      pageCount: 1,
    });
  });
});

describe('a corpus of damaged and mutated files', () => {
  const bases = [
    ['delivery-packet.pdf', fixtures.pdf],
    ['delivery-scan.tif', fixtures.tiff],
    ['lumper-receipt.png', fixtures.png],
    ['trailer-photo.jpg', fixtures.jpeg],
  ] as const;

  it('answers every truncation and byte mutation with the file or a 4xx, never a crash or a hang', async () => {
    const corpus = damagedCorpus(bases.map(([name, bytes]) => ({ name, bytes })));
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const tally = { accepted: 0, refused: 0 };
    for (const file of corpus) {
      const result = await outcome(file.bytes, file.name);
      if (result instanceof HttpProblem) {
        expect([400, 413, 415]).toContain(result.status);
        tally.refused++;
      } else {
        // Accepted only as what its name says, with a content type of the stored formats.
        expect(file.name.endsWith(result.extension)).toBe(true);
        tally.accepted++;
      }
    }
    if (process.env.RELIABILITY_REPORT) console.info('corpus', corpus.length, tally);
    expect(tally.refused).toBeGreaterThan(100);
  }, 120_000);
});

function deflateOf(bytes: number) {
  return Buffer.from(
    // A tiny valid zlib stream; its size does not matter to the header checks.
    Uint8Array.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]).subarray(0, bytes),
  );
}

function pngHeaderOnly() {
  const whole = grayPng(4, 4);
  // Signature and IHDR, then IEND: no image data.
  return Buffer.concat([whole.subarray(0, 33), whole.subarray(whole.length - 12)]);
}

function heic() {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, randomBytes(64)]);
}

function webp() {
  const body = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(32)]);
  const header = Buffer.from('RIFF\0\0\0\0', 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

function gif(width: number, height: number) {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0x3b])]);
}

describe('the inspection pool', () => {
  let slow: InspectionPool;
  beforeAll(() => {
    slow = new InspectionPool({ size: 1, timeoutMs: 1_000, maxWaiting: 1 });
  });
  afterAll(() => slow.close());

  it('turns files away (503, retry later) when too many wait, and keeps working after a time-out', async () => {
    const bomb = tiff(Array.from({ length: 500 }, () => ({ width: 10_000, height: 10_000 })));
    const first = slow.check(bomb, 'a.tif');
    const second = slow.check(bomb, 'b.tif');
    const third = await slow.check(bomb, 'c.tif');
    expect(third).toMatchObject({ ok: false, status: 503, retryAfterSeconds: 5 });
    expect(await first).toMatchObject({ ok: false, status: 413 });
    expect(await second).toMatchObject({ ok: false, status: 413 });
    // The ended worker is replaced: the next file is checked as usual.
    expect(await slow.check(fixtures.png, 'receipt.png')).toEqual({
      ok: true,
      format: 'png',
      pageCount: 1,
    });
  }, 60_000);
});
