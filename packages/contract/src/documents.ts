import Type, { type Static } from 'typebox';
import { CASE_UPLOAD_ADDITIONAL_DATA_LIMITS } from '@portal/domain';
import { Id } from './common';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * The spec's Document. A missing required document is listed too, with required true and no id,
 * no extension and no fileURL.
 */
export const DocumentItem = Type.Object({
  id: Type.Optional(Id),
  name: Type.String(),
  /** The document (file) type: 12 proof of delivery, 16 bill of lading, ... */
  type: Type.Integer(),
  typeName: Type.String(),
  extension: Type.Optional(Type.String()),
  /** Where the bytes are: GET api/v1/documents/{id}. */
  fileURL: Type.Optional(Type.String()),
  entityType: Type.Integer(),
  entityId: Nullable(Type.String()),
  entityDescription: Nullable(Type.String()),
  required: Type.Boolean(),
  orderStopId: Nullable(Id),
  shipmentId: Nullable(Id),
  contentType: Type.Optional(Type.String()),
  sizeBytes: Type.Optional(Type.Integer()),
  createdAt: Type.Optional(Type.String({ format: 'date-time' })),
  uploadedBy: Type.Optional(Nullable(Type.String())),
  /** The caller may delete it (their company's, and not locked). */
  canDelete: Type.Boolean(),
});
export type DocumentItem = Static<typeof DocumentItem>;

export const DocumentList = Type.Object({
  data: Type.Array(DocumentItem),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type DocumentList = Static<typeof DocumentList>;

/** The spec's Required document, with whether a document already answers it. */
export const RequiredDocumentItem = Type.Object({
  fileType: Type.Integer(),
  typeName: Type.String(),
  description: Type.String(),
  entityType: Type.Integer(),
  orderStopId: Nullable(Id),
  orderId: Nullable(Id),
  shipmentId: Nullable(Id),
  invoiceId: Nullable(Id),
  isUploaded: Type.Boolean(),
  documentId: Nullable(Id),
});
export type RequiredDocumentItem = Static<typeof RequiredDocumentItem>;

export const RequiredDocumentList = Type.Object({
  data: Type.Array(RequiredDocumentItem),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type RequiredDocumentList = Static<typeof RequiredDocumentList>;

const NumberText = Type.String({ pattern: '^[A-Za-z]{0,3}[0-9]{1,18}$', maxLength: 21 });

/** Find documents by exactly one of these. */
export const DocumentFindQuery = Type.Object(
  {
    invoiceId: Type.Optional(Id),
    invoiceNumber: Type.Optional(NumberText),
    orderId: Type.Optional(Id),
    orderNumber: Type.Optional(NumberText),
    shipmentId: Type.Optional(Id),
    shipmentNumber: Type.Optional(NumberText),
    companyId: Type.Optional(Id),
    apInvoiceId: Type.Optional(Id),
    apInvoiceNumber: Type.Optional(NumberText),
    caseId: Type.Optional(Id),
    caseNumber: Type.Optional(NumberText),
  },
  { additionalProperties: false },
);
export type DocumentFindQuery = Static<typeof DocumentFindQuery>;
export const DOCUMENT_FIND_KEYS = Object.keys(
  DocumentFindQuery.properties,
) as (keyof DocumentFindQuery)[];

export const AdditionalData = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,49}$' }),
  Type.String({ maxLength: CASE_UPLOAD_ADDITIONAL_DATA_LIMITS.maxValueLength }),
  { maxProperties: CASE_UPLOAD_ADDITIONAL_DATA_LIMITS.maxKeys },
);

/** What an upload names besides its file: the type and the reference its kind requires. */
export const UploadFields = {
  /** The document type: 12 proof of delivery, 45 shipment miscellaneous, 18 AP invoice, 64 third party. */
  type: Type.Integer(),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  orderStopId: Type.Optional(Id),
  shipmentId: Type.Optional(Id),
  apInvoiceId: Type.Optional(Id),
  thirdPartyInvoiceId: Type.Optional(Id),
  caseId: Type.Optional(Id),
  additionalData: Type.Optional(AdditionalData),
};

/**
 * POST api/v2/documents as JSON (the spec's uploadData: name, type, data in base64). The same
 * fields can be sent as multipart/form-data with the file in a part named "file", which streams.
 */
export const DocumentUploadBody = Type.Object(
  {
    ...UploadFields,
    name: Type.String({ minLength: 1, maxLength: 255 }),
    data: Type.String({ contentEncoding: 'base64', description: 'The file, base64-encoded' }),
  },
  { additionalProperties: false },
);
export type DocumentUploadBody = Static<typeof DocumentUploadBody>;

export const MultipartUploadFields = Type.Object(UploadFields, { additionalProperties: false });
export type MultipartUploadFields = Static<typeof MultipartUploadFields>;

export const DocumentUploadResult = Type.Object({ resultId: Id, data: DocumentItem });
export type DocumentUploadResult = Static<typeof DocumentUploadResult>;

export const ResultId = Type.Object({ resultId: Id });
export type ResultId = Static<typeof ResultId>;

export const DocumentTriggerBody = Type.Object(
  { fileType: Type.Integer() },
  { additionalProperties: false },
);
export type DocumentTriggerBody = Static<typeof DocumentTriggerBody>;

export const DocumentIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export const DocumentDownloadQuery = Type.Object(
  {
    disposition: Type.Optional(
      Type.Union([Type.Literal('inline'), Type.Literal('attachment')], {
        description: 'attachment (the default) saves the file; inline shows it, sandboxed',
      }),
    ),
  },
  { additionalProperties: false },
);
