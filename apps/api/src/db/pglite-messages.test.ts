import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindMessage } from './pglite-messages';

const { serialize } = protocol;

// Decision 279: the embedded dialect writes its Bind messages itself. The engine must read from
// them exactly the parameters PGlite's own writer sends.
describe.skipIf(process.env.TEST_DB === 'postgres')('Bind messages written for the engine', () => {
  let pglite: PGlite;
  const statement = 'bind_probe';

  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.execProtocol(
      Buffer.concat([
        serialize.parse({
          name: statement,
          text: `select $1::text as a, $2::text as b, $3::text as c, $4::int4 as d,
                        octet_length($1::text) as a_bytes, $2::text is null as b_null`,
        }),
        serialize.sync(),
      ]),
    );
  });
  afterAll(() => pglite.close());

  /** The statement's one row, with the Bind message given. */
  async function rowWith(bind: Uint8Array) {
    const answer = await pglite.execProtocolStream(
      Buffer.concat([
        bind,
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(answer, pglite.parsers)[0]!.rows[0];
  }

  const cases: [string, (string | null)[]][] = [
    ['text of every width', ['Zürich → 東京 "quoted" 🚚', 'plain', '\\x00ff', '42']],
    ['null and empty text', ['', null, '', null]],
    ['a long value', ['x'.repeat(200_000), 'é'.repeat(70_000), ' ', '-7']],
  ];

  it.each(cases)('sends %s as PGlite’s own writer does', async (_name, values) => {
    const ours = await rowWith(bindMessage(statement, values));
    const theirs = await rowWith(serialize.bind({ statement, values }));
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ a: values[0], b: values[1] ?? null, b_null: values[1] === null });
  });

  it('writes the message PostgreSQL’s protocol describes: no format codes, text parameters', () => {
    const message = Buffer.from(bindMessage('s1', ['ab', null]));
    expect([...message]).toEqual([
      0x42, // B
      ...[0, 0, 0, 24], // length, itself included
      0, // the unnamed portal
      ...Buffer.from('s1'),
      0,
      ...[0, 0], // no parameter format codes: all text
      ...[0, 2], // two parameters
      ...[0, 0, 0, 2, 0x61, 0x62], // 'ab'
      ...[0xff, 0xff, 0xff, 0xff], // null
      ...[0, 0], // no result format codes: all text
    ]);
  });
});
