const BIND = 0x42; // B

/**
 * A Bind message of the unnamed portal to a prepared statement, its parameters in text, as PGlite's
 * `serialize.bind` writes it, written straight into one buffer of its exact size. PGlite's writer
 * grows its buffers as it goes, counts and encodes every string through its own helpers and copies
 * the parameters' part once more: 9% of the embedded engine's CPU on a quick search of 18 parameters
 * (decision 279). PGlite's serializers write every type's value as text.
 */
export function bindMessage(statement: string, values: readonly (string | null)[]): Uint8Array {
  // Length, portal name (empty), statement name, parameter formats (none: all text), parameter
  // count, each parameter, result formats (none: all text).
  let length = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + 2;
  for (const value of values) length += value === null ? 4 : 4 + Buffer.byteLength(value);
  const message = Buffer.allocUnsafe(1 + length);
  message[0] = BIND;
  let at = message.writeInt32BE(length, 1);
  message[at++] = 0;
  at += message.write(statement, at);
  message[at++] = 0;
  at = message.writeInt16BE(0, at);
  at = message.writeInt16BE(values.length, at);
  for (const value of values) {
    if (value === null) {
      at = message.writeInt32BE(-1, at);
      continue;
    }
    const written = message.write(value, at + 4);
    message.writeInt32BE(written, at);
    at += 4 + written;
  }
  message.writeInt16BE(0, at);
  return message;
}
