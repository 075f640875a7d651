import { parse, protocol, types, type Results } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;
type Parsers = Record<number, Parser>;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** Where the engine's notifications go: a channel and its payload (LISTEN / NOTIFY). */
export type NotificationSink = (channel: string, payload: string) => void;

// The messages an answer to our statements holds when all is well; any other (an error, a notice,
// a notification) sends the whole answer through PGlite's own parser.
const DATA_ROW = 0x44; // D
const ROW_DESCRIPTION = 0x54; // T
const COMMAND_COMPLETE = 0x43; // C
const PLAIN = new Set([
  0x31, // 1 ParseComplete
  0x32, // 2 BindComplete
  0x33, // 3 CloseComplete
  0x6e, // n NoData
  0x49, // I EmptyQueryResponse
  0x73, // s PortalSuspended
  0x5a, // Z ReadyForQuery
]);
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

interface Field {
  name: string;
  dataTypeID: number;
}

/**
 * The results of an answer of well-formed messages, as PGlite's `parse.parseResults` makes them (one
 * per completed command, each with its rows, fields, command, rowCount and the affected rows so
 * far), read straight from the answer's bytes; undefined when the answer holds a message this does
 * not read.
 *
 * PGlite's own parser copies every field's bytes into a new ArrayBuffer before decoding it, and
 * reaches each of its private fields through a WeakMap: on the booking list's 50 rows of 34 columns
 * that was a quarter of a request's CPU on the embedded engine (decision 255).
 */
function readPlainAnswer(answer: Buffer, parsers: Parsers): Results[] | undefined {
  const results: Results[] = [];
  let fields: Field[] = [];
  let rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  let offset = 0;
  while (offset < answer.length) {
    const code = answer[offset]!;
    const end = offset + 1 + answer.readInt32BE(offset + 1);
    let at = offset + 5;
    if (code === DATA_ROW) {
      const count = answer.readInt16BE(at);
      at += 2;
      const row: Record<string, unknown> = {};
      for (let index = 0; index < count; index++) {
        const length = answer.readInt32BE(at);
        at += 4;
        const field = fields[index]!;
        if (length < 0) {
          row[field.name] = null;
          continue;
        }
        const text = answer.toString('utf8', at, at + length);
        at += length;
        const parser = parsers[field.dataTypeID];
        row[field.name] = parser ? parser(text, field.dataTypeID) : text;
      }
      rows.push(row);
    } else if (code === ROW_DESCRIPTION) {
      const count = answer.readInt16BE(at);
      at += 2;
      fields = [];
      for (let index = 0; index < count; index++) {
        const nameEnd = answer.indexOf(0, at);
        const name = answer.toString('utf8', at, nameEnd);
        // A column named __proto__ would set the row's prototype: PGlite's parser reads that row.
        if (name === '__proto__') return undefined;
        // Table id (4), column number (2), type id (4), type size (2), modifier (4), format (2).
        fields.push({ name, dataTypeID: answer.readInt32BE(nameEnd + 1 + 6) });
        at = nameEnd + 1 + 18;
      }
    } else if (code === COMMAND_COMPLETE) {
      const words = answer.toString('utf8', at, end - 1).split(' ');
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      if (COUNTED.has(command)) affectedRows += count;
      const result: Results = { rows, fields, command, affectedRows };
      if (!Number.isNaN(count)) result.rowCount = count;
      results.push(result);
      fields = [];
      rows = [];
    } else if (!PLAIN.has(code)) {
      return undefined;
    }
    offset = end;
  }
  if (results.length === 0) results.push({ affectedRows: 0, rows: [], fields: [] });
  return results;
}

/** The engine's type parsers over PGlite's built-in ones, as PGlite reads a value. */
export const answerParsers = (parsers: Parsers): Parsers =>
  ({ ...types.parsers, ...parsers }) as Parsers;

/**
 * The results of an answer, as PGlite's own execProtocolStream and parseResults give them: the first
 * error is thrown (what follows it is not read), notifications go to `notify`, notices are dropped.
 */
export function readAnswer(answer: Buffer, parsers: Parsers, notify: NotificationSink): Results[] {
  const plain = readPlainAnswer(answer, parsers);
  if (plain) return plain;
  const messages: BackendMessage[] = [];
  let failure: Error | undefined;
  new protocol.Parser().parse(answer, (message) => {
    if (failure) return;
    if (message instanceof protocol.messages.DatabaseError) failure = message;
    else if (message instanceof protocol.messages.NotificationResponseMessage)
      notify(message.channel, message.payload);
    messages.push(message);
  });
  if (failure) throw failure;
  return parse.parseResults(messages, parsers);
}
