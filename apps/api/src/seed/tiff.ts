// A minimal multi-page baseline TIFF writer for bilevel scans (the usual fax/scanner format):
// one PackBits-compressed strip per page, WhiteIsZero, little-endian.

export interface BilevelPage {
  width: number;
  height: number;
  /** One bit per pixel, rows padded to whole bytes, 1 = black. */
  bits: Uint8Array;
}

/** PackBits (TIFF compression 32773): runs of a repeated byte, or literal stretches, at most 128 long. */
export function packBits(input: Uint8Array): Uint8Array {
  const output: number[] = [];
  let index = 0;
  while (index < input.length) {
    let run = 1;
    while (index + run < input.length && run < 128 && input[index + run] === input[index]) run++;
    if (run >= 2) {
      output.push(257 - run, input[index]!);
      index += run;
      continue;
    }
    const start = index;
    let length = 0;
    while (index < input.length && length < 128) {
      if (index + 1 < input.length && input[index] === input[index + 1]) break;
      index++;
      length++;
    }
    output.push(length - 1);
    for (let offset = start; offset < start + length; offset++) output.push(input[offset]!);
  }
  return Uint8Array.from(output);
}

const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

interface Entry {
  tag: number;
  type: typeof SHORT | typeof LONG | typeof RATIONAL;
  values: number[];
}

export function encodeBilevelTiff(pages: readonly BilevelPage[], dpi = 200): Buffer {
  const chunks: Buffer[] = [];
  let position = 0;
  const append = (chunk: Buffer) => {
    chunks.push(chunk);
    position += chunk.length;
  };
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  append(header);
  // Where the previous IFD's "next IFD" pointer lives; the header's pointer comes first.
  let nextPointerAt = 4;
  const patches: { at: number; value: number }[] = [];

  pages.forEach((page, pageIndex) => {
    const rowBytes = Math.ceil(page.width / 8);
    const rows: Uint8Array[] = [];
    for (let row = 0; row < page.height; row++) {
      rows.push(packBits(page.bits.subarray(row * rowBytes, (row + 1) * rowBytes)));
    }
    const strip = Buffer.concat(rows);
    const stripOffset = position;
    append(strip);
    if (position % 2 === 1) append(Buffer.alloc(1));

    const entries: Entry[] = [
      { tag: 254, type: LONG, values: [2] },
      { tag: 256, type: LONG, values: [page.width] },
      { tag: 257, type: LONG, values: [page.height] },
      { tag: 258, type: SHORT, values: [1] },
      { tag: 259, type: SHORT, values: [32773] },
      { tag: 262, type: SHORT, values: [0] },
      { tag: 273, type: LONG, values: [stripOffset] },
      { tag: 277, type: SHORT, values: [1] },
      { tag: 278, type: LONG, values: [page.height] },
      { tag: 279, type: LONG, values: [strip.length] },
      { tag: 282, type: RATIONAL, values: [dpi, 1] },
      { tag: 283, type: RATIONAL, values: [dpi, 1] },
      { tag: 296, type: SHORT, values: [2] },
      { tag: 297, type: SHORT, values: [pageIndex, pages.length] },
    ];
    const ifdOffset = position;
    patches.push({ at: nextPointerAt, value: ifdOffset });
    const ifdSize = 2 + entries.length * 12 + 4;
    const ifd = Buffer.alloc(ifdSize);
    const extras: Buffer[] = [];
    let extraOffset = ifdOffset + ifdSize;
    ifd.writeUInt16LE(entries.length, 0);
    entries.forEach((entry, index) => {
      const at = 2 + index * 12;
      const count = entry.type === RATIONAL ? entry.values.length / 2 : entry.values.length;
      ifd.writeUInt16LE(entry.tag, at);
      ifd.writeUInt16LE(entry.type, at + 2);
      ifd.writeUInt32LE(count, at + 4);
      const size = entry.type === SHORT ? 2 : 4;
      const value = Buffer.alloc(entry.values.length * size);
      entry.values.forEach((item, valueIndex) => {
        if (size === 2) value.writeUInt16LE(item, valueIndex * 2);
        else value.writeUInt32LE(item, valueIndex * 4);
      });
      if (value.length <= 4) {
        value.copy(ifd, at + 8);
      } else {
        ifd.writeUInt32LE(extraOffset, at + 8);
        extras.push(value);
        extraOffset += value.length;
      }
    });
    nextPointerAt = ifdOffset + ifdSize - 4;
    append(ifd);
    for (const extra of extras) append(extra);
  });

  const file = Buffer.concat(chunks);
  for (const patch of patches) file.writeUInt32LE(patch.value, patch.at);
  return file;
}
