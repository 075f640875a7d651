// Hostile files for the upload checks, made byte by byte in the test: bombs, loops, lies about
// size, truncations and polyglots. Every one of them is small.
import { randomBytes } from 'node:crypto';
import { createDeflate, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

export interface TiffPageSpec {
  width: number;
  height: number;
  bits?: number;
  samples?: number;
  compression?: number;
  /** Strip bytes; a few zero bytes when absent. */
  strip?: Buffer;
  /** The strip byte count the directory claims (defaults to the strip's length). */
  claimedCount?: number;
}

/**
 * A little-endian TIFF with one directory per page. `next` rewires the chain: for page i, the
 * index of the page its "next directory" points at (a loop), or undefined for the natural order.
 */
export function tiff(pages: readonly TiffPageSpec[], next?: (index: number) => number | undefined) {
  const entriesPerPage = 9;
  const ifdSize = 2 + entriesPerPage * 12 + 4;
  const header = 8;
  const ifdStart = (index: number) => header + index * ifdSize;
  let dataAt = header + pages.length * ifdSize;
  const strips = pages.map((page) => {
    const strip = page.strip ?? Buffer.alloc(8);
    const at = dataAt;
    dataAt += strip.length + (strip.length % 2);
    return { strip, at };
  });
  const out = Buffer.alloc(dataAt);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(pages.length ? ifdStart(0) : 0, 4);
  pages.forEach((page, index) => {
    let at = ifdStart(index);
    out.writeUInt16LE(entriesPerPage, at);
    at += 2;
    const entry = (tag: number, type: number, value: number) => {
      out.writeUInt16LE(tag, at);
      out.writeUInt16LE(type, at + 2);
      out.writeUInt32LE(1, at + 4);
      if (type === 3) out.writeUInt16LE(value, at + 8);
      else out.writeUInt32LE(value, at + 8);
      at += 12;
    };
    const { strip, at: stripAt } = strips[index]!;
    entry(256, 4, page.width);
    entry(257, 4, page.height);
    entry(258, 3, page.bits ?? 1);
    entry(259, 3, page.compression ?? 1);
    entry(262, 3, 1);
    entry(273, 4, stripAt);
    entry(277, 3, page.samples ?? 1);
    entry(278, 4, page.height);
    entry(279, 4, page.claimedCount ?? strip.length);
    const target = next?.(index) ?? (index + 1 < pages.length ? index + 1 : undefined);
    out.writeUInt32LE(target === undefined ? 0 : ifdStart(target), at);
    strip.copy(out, stripAt);
  });
  return out;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, body: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG with the header's size and the given (already deflated) image data. */
export function png(options: {
  width: number;
  height: number;
  bits?: number;
  colorType?: number;
  idat: Buffer;
}) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.width, 0);
  header.writeUInt32BE(options.height, 4);
  header[8] = options.bits ?? 8;
  header[9] = options.colorType ?? 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', options.idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A whole, honest gray PNG. */
export function grayPng(width: number, height: number) {
  const rows = Buffer.alloc((width + 1) * height);
  return png({ width, height, idat: deflateSync(rows) });
}

/** A JPEG whose frame header claims the size given; the scan itself is a few junk bytes. */
export function jpegClaiming(width: number, height: number) {
  const frame = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(9),
    frame,
    Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    Buffer.alloc(16, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** Deflated zeros, made in slices so the test never holds the inflated size. */
export async function deflatedZeros(bytes: number, raw = false): Promise<Buffer> {
  if (bytes <= 16 * 1024 * 1024)
    return raw ? deflateRawSync(Buffer.alloc(bytes)) : deflateSync(Buffer.alloc(bytes));
  const deflate = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const slice = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += slice.length) {
    if (!deflate.write(slice)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

/** A PDF whose object stream inflates to `copies` x the given deflated data. */
export function pdfWithObjectStreams(deflated: Buffer, copies: number) {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  for (let index = 0; index < copies; index++) {
    parts.push(
      Buffer.from(
        `${index + 1} 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`,
      ),
      deflated,
      Buffer.from('\nendstream\nendobj\n'),
    );
  }
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'));
  return Buffer.concat(parts);
}

/** An honest PDF of the given number of blank pages. */
export async function pdfOfPages(pages: number) {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index++) document.addPage([200, 200]);
  return Buffer.from(await document.save());
}

export interface NamedFile {
  name: string;
  bytes: Buffer;
}

/**
 * Every sample file truncated at `perFile` points and mutated `perFile` times (a handful of random
 * bytes overwritten, the header included in every fifth round): 2 x perFile damaged files each.
 */
export function damagedCorpus(samples: readonly NamedFile[], perFile = 25): NamedFile[] {
  const corpus: NamedFile[] = [];
  for (const { name, bytes } of samples) {
    for (let cut = 1; cut <= perFile; cut++)
      corpus.push({
        name,
        bytes: bytes.subarray(0, Math.floor((bytes.length * cut) / (perFile + 1))),
      });
    for (let round = 0; round < perFile; round++) {
      const mutated = Buffer.from(bytes);
      const random = randomBytes(16);
      for (let index = 0; index < 8; index++) {
        const at =
          round % 5 === 0 ? random[index]! % 64 : random.readUInt16LE(index * 2) % bytes.length;
        mutated[at] = random[index + 8]!;
      }
      corpus.push({ name, bytes: mutated });
    }
  }
  return corpus;
}

/**
 * Files made to hurt, each small unless `oversizeBytes` is given: loops, bombs, lies about size,
 * active content under document names, polyglots, wrong extensions, hostile names.
 */
export async function craftedHostileFiles(
  samplePdf: Buffer,
  oversizeBytes?: number,
): Promise<NamedFile[]> {
  const zeros = await deflatedZeros(64 * 1024 * 1024);
  const files: NamedFile[] = [
    { name: 'loop.tif', bytes: tiff([{ width: 8, height: 8 }], () => 0) },
    {
      name: 'two-page-loop.tif',
      bytes: tiff(
        [
          { width: 8, height: 8 },
          { width: 8, height: 8 },
        ],
        (i) => (i === 1 ? 0 : undefined),
      ),
    },
    { name: 'huge.tif', bytes: tiff([{ width: 200_000, height: 200_000 }]) },
    { name: 'deep.tif', bytes: tiff([{ width: 9_000, height: 9_000, bits: 16, samples: 3 }]) },
    {
      name: 'strip-bomb.tif',
      bytes: tiff([{ width: 8_000, height: 8_000, compression: 8, strip: zeros }]),
    },
    { name: 'past-the-end.tif', bytes: tiff([{ width: 64, height: 64, claimedCount: 1_000_000 }]) },
    { name: 'raw-camera.tif', bytes: tiff([{ width: 64, height: 64, compression: 34_713 }]) },
    {
      name: 'huge.png',
      bytes: png({ width: 100_000, height: 100_000, idat: deflateSync(Buffer.alloc(16)) }),
    },
    {
      name: 'deep.png',
      bytes: png({
        width: 9_000,
        height: 9_000,
        bits: 16,
        colorType: 6,
        idat: deflateSync(Buffer.alloc(16)),
      }),
    },
    { name: 'zip-bomb.png', bytes: png({ width: 8_000, height: 8_000, idat: zeros }) },
    { name: 'huge.jpg', bytes: jpegClaiming(65_000, 65_000) },
    {
      name: 'object-streams.pdf',
      bytes: pdfWithObjectStreams(await deflatedZeros(100 * 1024 * 1024), 3),
    },
    { name: 'many-pages.pdf', bytes: await pdfOfPages(501) },
    {
      name: 'page.html',
      bytes: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
    },
    { name: 'page.pdf', bytes: Buffer.from('<html><body onload="alert(1)"></body></html>') },
    {
      name: 'logo.svg',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    {
      name: 'logo.png',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    },
    { name: 'run.sh', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') },
    { name: 'invoice.pdf.exe', bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1') },
    { name: 'random.pdf', bytes: randomBytes(4_096) },
    { name: 'random.png', bytes: randomBytes(4_096) },
    { name: 'random.tif', bytes: randomBytes(4_096) },
    { name: 'gif-as.png', bytes: Buffer.from('GIF89a\xff\xff\xff\xff\x00\x00\x00', 'latin1') },
    {
      name: 'webp.jpg',
      bytes: Buffer.concat([
        Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
        randomBytes(32),
      ]),
    },
    {
      name: 'heic.jpg',
      bytes: Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypheic', 'latin1'), randomBytes(32)]),
    },
    {
      name: 'polyglot.png',
      bytes: Buffer.concat([grayPng(4, 4), Buffer.from('PK\x03\x04', 'latin1'), randomBytes(64)]),
    },
    {
      name: 'polyglot.pdf',
      bytes: Buffer.concat([samplePdf, Buffer.from('<script>alert(1)</script>')]),
    },
    { name: 'pdf-named.png', bytes: samplePdf },
    { name: 'pdf-named.tif', bytes: samplePdf },
    { name: 'empty.pdf', bytes: Buffer.alloc(0) },
    { name: '../../etc/pass\u0000wd\u001b[31m\u202e.pdf', bytes: samplePdf },
    { name: '..\\..\\windows\\system32\\config.pdf', bytes: samplePdf },
    { name: `${'a'.repeat(1_000)}.pdf`, bytes: samplePdf },
    { name: '\u0000\u0001\u0002.pdf', bytes: samplePdf },
    { name: 'CON.pdf', bytes: samplePdf },
    { name: '%2e%2e%2fsecret.pdf', bytes: samplePdf },
    { name: '<img src=x onerror=alert(1)>.pdf', bytes: samplePdf },
  ];
  if (oversizeBytes)
    files.push({
      name: 'oversize.pdf',
      bytes: Buffer.concat([samplePdf, Buffer.alloc(oversizeBytes)]),
    });
  return files;
}
