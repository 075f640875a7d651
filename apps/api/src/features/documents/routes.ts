import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DocumentDownloadQuery,
  DocumentFindQuery,
  DocumentIdParams,
  DocumentList,
  DocumentTriggerBody,
  DocumentUploadBody,
  DocumentUploadResult,
  EntityKeyParams,
  MultipartUploadFields,
  Problem,
  RequiredDocumentList,
  ResultId,
} from '@portal/contract';
import { UPLOAD_MESSAGES } from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import type { AppContext } from '../../shared/app-context';
import { fileProblem } from '../../shared/documents/file-inspection';
import { downloadHeaders } from '../../shared/documents/file-names';
import { receiveUpload, tooLarge, type ReceivedFile } from '../../shared/documents/upload-receiver';
import {
  errorHandler,
  HttpProblem,
  invalidField,
  validationProblem,
} from '../../shared/http/errors';
import { idempotencyKeyOf } from '../../shared/http/idempotency';
import { triggerDocument } from './generation';
import {
  deleteDocument,
  findDocuments,
  listDocuments,
  listRequiredDocuments,
  openDocument,
  uploadDocument,
  type UploadInput,
} from './service';

const checkFields = Compile(MultipartUploadFields);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const tags = ['Documents'];
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

/** Form fields arrive as text: numbers and the additionalData object are read from it. */
function parseMultipartFields(raw: Record<string, string>) {
  const fields: Record<string, unknown> = { ...raw };
  if (raw.additionalData !== undefined) {
    try {
      fields.additionalData = JSON.parse(raw.additionalData) as unknown;
    } catch {
      throw invalidField('additionalData', 'additionalData must be a JSON object of text values');
    }
  }
  const converted = Value.Convert(MultipartUploadFields, fields);
  if (!checkFields.Check(converted))
    throw validationProblem([...checkFields.Errors(converted)] as never, 'body');
  return converted;
}

/** The spec's JSON upload carries the file in base64 (a data: URL prefix is tolerated). */
function decodeBase64(data: string, maxBytes: number, name: string): Buffer {
  const text = data.replace(/^data:[\w.+/-]+;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1)
    throw invalidField('data', 'data must be the file encoded in base64');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > maxBytes) throw tooLarge(name, maxBytes, 'data');
  return bytes;
}

export const documentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const maxBytes = ctx.config.DOCUMENT_MAX_BYTES;
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 20, fieldSize: 20_000, parts: 25 },
  });

  app.get(
    '/api/v1/documents/:id',
    {
      schema: {
        tags,
        summary: 'The document file itself, with its type and name',
        params: DocumentIdParams,
        querystring: DocumentDownloadQuery,
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'],
        response: {
          200: {
            description: 'The file, byte for byte as uploaded',
            content: Object.fromEntries(
              ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'].map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
          401: Problem,
          404: Problem,
        },
      },
    },
    async (request, typedReply) => {
      // A binary answer: the typed reply only knows the JSON error shapes.
      const reply = typedReply as unknown as FastifyReply;
      const { row, stream } = await openDocument(ctx, request.caller, request.params.id);
      const etag = `"${row.sha256}"`;
      reply
        .header('content-type', row.contentType)
        .headers(downloadHeaders(row.name, request.query.disposition ?? 'attachment'))
        .header('cache-control', 'private, max-age=300')
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        stream.destroy();
        return reply.status(304).send();
      }
      return reply.header('content-length', row.sizeBytes).send(stream);
    },
  );

  const tooLargeBody = (
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply | void => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return errorHandler(tooLarge('The file', maxBytes, 'data') as never, request, reply);
    return errorHandler(error, request, reply);
  };

  app.post(
    '/api/v2/documents',
    {
      // Base64 is a third larger than the file it carries.
      bodyLimit: Math.ceil((maxBytes * 4) / 3) + 64 * 1024,
      errorHandler: tooLargeBody,
      schema: {
        tags,
        summary: 'Upload a document',
        description:
          'JSON (name, type, data in base64, and the reference the type requires: orderStopId for proof of delivery, shipmentId for shipment miscellaneous, apInvoiceId for an AP invoice, thirdPartyInvoiceId for third party; caseId and additionalData for a case), or the same fields as multipart/form-data with the file in a part named "file", which streams. The content must be a PDF, PNG, JPEG or TIFF that matches its name. Send an Idempotency-Key header to make a retry safe.',
        body: { content: { 'application/json': { schema: DocumentUploadBody } } } as never,
        response: {
          201: DocumentUploadResult,
          ...problems,
          409: Problem,
          413: Problem,
          415: Problem,
        },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request);
      const base = { idempotencyKey, path: '/api/v2/documents' };
      let input: UploadInput;
      let received: ReceivedFile | undefined;
      if (request.isMultipart()) {
        const raw: Record<string, string> = {};
        let fileName: string | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || received) {
                part.file.resume();
                throw invalidField(part.fieldname, 'Send one file, in a part named "file"');
              }
              fileName = part.filename;
              received = await receiveUpload(part.file, {
                maxBytes,
                name: part.filename || 'The file',
              });
            } else {
              raw[part.fieldname] = String(part.value);
            }
          }
          if (!received) throw fileProblem(400, 'file', UPLOAD_MESSAGES.selectFile);
        } catch (error) {
          await received?.discard();
          throw error;
        }
        try {
          input = {
            ...base,
            fields: parseMultipartFields(raw),
            fileName,
            file: received,
            fileField: 'file',
          };
        } catch (error) {
          await received.discard();
          throw error;
        }
      } else {
        // Only JSON bodies are validated against DocumentUploadBody: text of another type is not one.
        if (request.body !== undefined && !request.headers['content-type']?.includes('json')) {
          const message = 'Content-Type must be application/json or multipart/form-data';
          throw new HttpProblem(415, 'Unsupported Media Type', message, {
            'Content-Type': [message],
          });
        }
        const body = request.body as DocumentUploadBody | undefined;
        if (!body) throw fileProblem(400, 'data', UPLOAD_MESSAGES.selectFile);
        const { data, ...fields } = body;
        input = {
          ...base,
          fields,
          fileName: body.name,
          file: { bytes: decodeBase64(data, maxBytes, body.name) },
          fileField: 'data',
        };
      }
      try {
        const answer = await uploadDocument(ctx, request.caller, input);
        return reply.status(answer.status).send(answer.body);
      } finally {
        await received?.discard();
      }
    },
  );

  app.delete(
    '/api/v2/documents/:id',
    {
      schema: {
        tags,
        summary: "Delete one of your company's documents",
        params: DocumentIdParams,
        response: { 200: ResultId, ...problems },
      },
    },
    async (request) => deleteDocument(ctx, request.caller, request.params.id, request.log),
  );

  app.put(
    '/api/v2/documents/document-trigger/:id',
    {
      schema: {
        tags,
        summary:
          "Make (or make again) a shipment's generated document: 16 bill of lading, 17 carrier confirmation",
        params: EntityKeyParams,
        body: DocumentTriggerBody,
        response: { 200: ResultId, ...problems, 409: Problem },
      },
    },
    async (request) =>
      triggerDocument(ctx, request.caller, request.params.id, request.body.fileType, request.log),
  );

  app.get(
    '/api/v2/documents',
    {
      schema: {
        tags,
        summary:
          'Find documents by invoice, order, shipment, company, AP invoice or case (id or number): exactly one',
        querystring: DocumentFindQuery,
        response: { 200: DocumentList, ...problems },
      },
    },
    async (request) => findDocuments(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/shipments/:id/documents',
    {
      schema: {
        tags,
        summary:
          "A shipment's documents (by id or number), with its missing required documents (required, no id)",
        params: EntityKeyParams,
        response: { 200: DocumentList, ...problems },
      },
    },
    async (request) =>
      listDocuments(ctx, request.caller, { kind: 'shipment', key: request.params.id }),
  );

  for (const prefix of ['/api/v2/invoices', '/api/v1/third_party_payer_invoices']) {
    app.get(
      `${prefix}/:id/documents`,
      {
        schema: {
          tags,
          summary:
            "A third-party payer invoice's documents (by id or invoice number), with its missing required documents",
          params: EntityKeyParams,
          response: { 200: DocumentList, ...problems },
        },
      },
      async (request) =>
        listDocuments(ctx, request.caller, { kind: 'thirdPartyInvoice', key: request.params.id }),
    );
    app.get(
      `${prefix}/:id/required_documents`,
      {
        schema: {
          tags,
          summary:
            'The documents a third-party payer invoice requires (by id or invoice number), and whether each is uploaded',
          params: EntityKeyParams,
          response: { 200: RequiredDocumentList, ...problems },
        },
      },
      async (request) => listRequiredDocuments(ctx, request.caller, request.params.id),
    );
  }
};
