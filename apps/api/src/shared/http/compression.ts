import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The API's answers that a browser accepts compressed: JSON, text, HTML and XML of at least 1 KB.
 * Not the notifications' event stream (it must reach the browser as each event is written), nor
 * files that compress nothing (PDFs, images) or that were compressed at build time (the web app's
 * assets carry their own Content-Encoding and pass untouched).
 */
export const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?(?:json|xml)|application\/javascript)(?:;|$)/u;

/**
 * Compresses the API's answers for the browsers that ask (docs/decisions/260): Brotli at quality
 * 4, else gzip at zlib's default level. A page of 50 shipments is 39 KB of JSON and 5 KB in Brotli:
 * on a phone's slow network the difference is most of the answer's time.
 *
 * - Compressed in one synchronous call up to 64 KB: on two cores the thread pool has no core of its
 *   own to give, and a stream per answer costs more than the compression.
 * - Compressed request bodies are not accepted: no client of the API sends one, and each would be
 *   a new way to reach the body limit.
 * - Zstandard is left out so that every supported Node line answers alike (Node 20 has none).
 *
 * Registered before the routes: the plugin adds its hook to each route as the route is added.
 */
export async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 64 * 1024,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
