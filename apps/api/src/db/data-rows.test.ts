import { sql } from 'kysely';
import { Parser } from 'pg-protocol/dist/parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import type { Database } from './database';
import { readAsciiRow, readRowsAsAscii } from './data-rows';

/** A DataRow message as PostgreSQL sends it: 'D', its length, the field count, each field. */
function dataRow(fields: readonly (string | null)[]): Buffer {
  const parts = fields.map((field) => {
    const length = Buffer.alloc(4);
    if (field === null) {
      length.writeInt32BE(-1);
      return length;
    }
    const text = Buffer.from(field, 'utf8');
    length.writeInt32BE(text.length);
    return Buffer.concat([length, text]);
  });
  const count = Buffer.alloc(2);
  count.writeInt16BE(fields.length);
  const body = Buffer.concat([count, ...parts]);
  const header = Buffer.alloc(5);
  header.write('D', 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/** The fields node-postgres's parser (with readRowsAsAscii installed) reads from `message`. */
function parsed(message: Buffer): unknown[] {
  const messages: { name: string; fields?: unknown[] }[] = [];
  new Parser().parse(message, (read) => messages.push(read as never));
  expect(messages.map((read) => read.name)).toEqual(['dataRow']);
  return messages[0]!.fields!;
}

// Lengths of 128 and more and SQL null (-1) write bytes above 127 in the length, not the text.
const ASCII_ROW = [
  '0190a3b2-1c2d-7e3f-8a9b-000000000001',
  null,
  '',
  '2026-11-29 20:08:55.123+00',
  '-89.64371',
  'x'.repeat(200),
  null,
  'Red River Freight Lines',
];

describe('rows read as ASCII', () => {
  it('reads an ASCII row field by field, nulls and empty texts included', () => {
    const message = dataRow(ASCII_ROW);
    expect(readAsciiRow(message, 5, message.length)).toEqual(ASCII_ROW);
  });

  it('leaves a row with any byte outside ASCII to the UTF-8 reader', () => {
    for (const text of ['Zoë', 'Montréal, QC', '\u{1F69A} on time', '\u0080']) {
      const message = dataRow(['1', text, null]);
      expect(readAsciiRow(message, 5, message.length)).toBeUndefined();
    }
  });

  it("gives node-postgres's parser the same fields for every row, ASCII or not", () => {
    readRowsAsAscii();
    for (const row of [
      ASCII_ROW,
      ['1', 'Zoë', null, 'x'.repeat(300)],
      ['São Paulo', '東京', ''],
      [],
    ])
      expect(parsed(dataRow(row))).toEqual(row);
  });
});

describe("pg-protocol's parser", () => {
  it('reads each message through handlePacket(offset, code, length, bytes), where the rows are taken', () => {
    readRowsAsAscii();
    const prototype = Parser.prototype as unknown as { handlePacket: () => unknown };
    const spy = vi.spyOn(prototype, 'handlePacket');
    try {
      const message = dataRow(['1', 'two']);
      expect(parsed(message)).toEqual(['1', 'two']);
      expect(spy).toHaveBeenCalledWith(5, 0x44, message.length - 1, message);
    } finally {
      spy.mockRestore();
    }
  });

  it('decodes an ASCII row once, and a row with other bytes field by field', () => {
    readRowsAsAscii();
    const decode = vi.spyOn(Buffer.prototype, 'toString');
    try {
      parsed(dataRow(['1', 'two', null, 'three']));
      expect(decode.mock.calls.map(([encoding]) => encoding)).toEqual(['latin1']);
      decode.mockClear();
      parsed(dataRow(['1', 'Zoë', null, 'three']));
      expect(decode.mock.calls.map(([encoding]) => encoding)).toEqual([
        'latin1',
        'utf-8',
        'utf-8',
        'utf-8',
      ]);
    } finally {
      decode.mockRestore();
    }
  });
});

describe('rows from the database', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('answers ASCII and other texts alike', async () => {
    const row = await db.system(async (tx) => {
      const { rows } = await sql<Record<string, unknown>>`select
          'Red River Freight Lines' as ascii, 'Zoë Müller' as latin, '\u{1F69A}' as emoji,
          null::text as nothing, '' as empty, 42::int as answer`.execute(tx);
      return rows[0]!;
    });
    expect(row).toEqual({
      ascii: 'Red River Freight Lines',
      latin: 'Zoë Müller',
      emoji: '\u{1F69A}',
      nothing: null,
      empty: '',
      answer: 42,
    });
  });
});
