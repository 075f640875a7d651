import { createHash } from 'node:crypto';
import {
  DOCUMENT_TYPE_DISPLAY_NAMES,
  DocumentType,
  EntityType,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  isDriverOnlyUser,
  isThirdPartyInvoiceReadOnly,
  parseDocumentType,
  uploadKindForDocumentType,
} from '@portal/domain';
import type {
  DocumentFindQuery,
  DocumentItem,
  DocumentList,
  DocumentUploadResult,
  MultipartUploadFields,
  RequiredDocumentList,
  ResultId,
} from '@portal/contract';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { inspectFile } from '../../shared/documents/file-inspection';
import { sanitizeFileName } from '../../shared/documents/file-names';
import {
  discardStoredFile,
  insertDocumentRow,
  storeDocumentFile,
} from '../../shared/documents/save-document';
import type { ReceivedFile } from '../../shared/documents/upload-receiver';
import {
  resolveApInvoice,
  resolveCase,
  resolveOrder,
  resolveOrderStop,
  resolveShipment,
  resolveThirdPartyInvoice,
  type ResolvedEntity,
} from '../../shared/entities/entity-access';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../shared/http/errors';
import {
  findRememberedAnswer,
  rememberAnswer,
  type RememberedAnswer,
} from '../../shared/http/idempotency';
import { DocumentFileMissingError } from '../../shared/storage/document-store';
import {
  deliveredDropoffs,
  documentsAnswering,
  documentsOfCompany,
  documentsOfShipment,
  documentsWhere,
  findDocument,
  isVisiblePicture,
  requirementsWhere,
  softDeleteDocument,
  thirdPartyInvoiceStatuses,
  uploaderNames,
  type DocumentRow,
  type RequiredDocumentRow,
} from './repository';

export const documentUrl = (id: string) => `/api/v1/documents/${id}`;

const typeName = (type: number) =>
  DOCUMENT_TYPE_DISPLAY_NAMES[type as DocumentType] ?? `Document type ${type}`;

// ---- Who may delete ----

interface Listing {
  caller: Caller;
  uploaders: Map<string, string>;
  lockedInvoices: Set<string>;
}

/** Why the caller may not delete a document of their own company, or null when they may. */
function deleteRefusal(row: DocumentRow, listing: Listing): string | null {
  if (isDriverOnlyUser(listing.caller.roles) && row.uploadedBy !== listing.caller.userId)
    return 'Drivers can delete only the documents they uploaded';
  if (row.thirdPartyInvoiceId && listing.lockedInvoices.has(row.thirdPartyInvoiceId))
    return 'The invoice is settled; its documents can no longer change';
  return null;
}

async function listingFor(tx: Tx, caller: Caller, rows: readonly DocumentRow[]): Promise<Listing> {
  const invoiceIds = [...new Set(rows.map((row) => row.thirdPartyInvoiceId).filter(Boolean))];
  const userIds = [...new Set(rows.map((row) => row.uploadedBy).filter(Boolean))];
  const [statuses, users] = await Promise.all([
    thirdPartyInvoiceStatuses(tx, invoiceIds as string[]),
    uploaderNames(tx, userIds as string[]),
  ]);
  return {
    caller,
    uploaders: new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`])),
    lockedInvoices: new Set(
      statuses.filter((invoice) => isThirdPartyInvoiceReadOnly(invoice.status)).map((i) => i.id),
    ),
  };
}

function toItem(row: DocumentRow, listing: Listing, required: boolean): DocumentItem {
  return {
    id: row.id,
    name: row.name,
    type: row.fileType,
    typeName: typeName(row.fileType),
    extension: row.extension,
    fileURL: documentUrl(row.id),
    entityType: row.entityType,
    entityId: row.entityId,
    entityDescription: row.entityDescription,
    required,
    orderStopId: row.orderStopId,
    shipmentId: row.shipmentId,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: new Date(row.createdAt).toISOString(),
    uploadedBy: row.uploadedBy ? (listing.uploaders.get(row.uploadedBy) ?? null) : null,
    canDelete: row.companyId === listing.caller.companyId && deleteRefusal(row, listing) === null,
  };
}

// ---- Required documents ----

type Requirement = Pick<
  RequiredDocumentRow,
  | 'fileType'
  | 'description'
  | 'entityType'
  | 'orderStopId'
  | 'orderId'
  | 'shipmentId'
  | 'thirdPartyInvoiceId'
  | 'apInvoiceId'
>;

function answers(requirement: Requirement, document: DocumentRow): boolean {
  if (document.fileType !== requirement.fileType) return false;
  if (requirement.orderStopId) return document.orderStopId === requirement.orderStopId;
  if (requirement.fileType === DocumentType.ThirdParty && requirement.thirdPartyInvoiceId)
    return document.thirdPartyInvoiceId === requirement.thirdPartyInvoiceId;
  if (requirement.fileType === DocumentType.ApInvoice && requirement.apInvoiceId)
    return document.apInvoiceId === requirement.apInvoiceId;
  if (requirement.shipmentId) return document.shipmentId === requirement.shipmentId;
  return false;
}

/** One requirement per document type and place, however many invoices ask for it. */
function distinctRequirements(requirements: readonly Requirement[]): Requirement[] {
  const seen = new Set<string>();
  return requirements.filter((requirement) => {
    const key = `${requirement.fileType}:${requirement.orderStopId ?? requirement.shipmentId ?? requirement.thirdPartyInvoiceId ?? requirement.apInvoiceId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A shipment's requirements: those its invoices list, and a proof of delivery per dropoff once delivered. */
async function shipmentRequirements(tx: Tx, shipmentId: string): Promise<Requirement[]> {
  const [listed, dropoffs] = await Promise.all([
    requirementsWhere(tx, 'shipmentId', shipmentId),
    deliveredDropoffs(tx, shipmentId),
  ]);
  const derived: Requirement[] = dropoffs.map((stop) => ({
    fileType: DocumentType.ProofOfDelivery,
    description: `Proof of delivery, stop ${stop.stopNumber} (${stop.city}, ${stop.state})`,
    entityType: EntityType.ORDER_STOP,
    orderStopId: stop.orderStopId,
    orderId: stop.orderId,
    shipmentId,
    thirdPartyInvoiceId: null,
    apInvoiceId: null,
  }));
  // An invoice's own kind of paper (a third-party invoice copy) is not the shipment's to show.
  return distinctRequirements([
    ...listed.filter((requirement) => requirement.fileType !== DocumentType.ThirdParty),
    ...derived,
  ]);
}

function missingItem(requirement: Requirement): DocumentItem {
  return {
    name: requirement.description,
    type: requirement.fileType,
    typeName: typeName(requirement.fileType),
    entityType: requirement.entityType,
    entityId:
      requirement.orderStopId ??
      requirement.shipmentId ??
      requirement.thirdPartyInvoiceId ??
      requirement.apInvoiceId,
    entityDescription: requirement.description,
    required: true,
    orderStopId: requirement.orderStopId,
    shipmentId: requirement.shipmentId,
    canDelete: false,
  };
}

/** Stored documents newest first (those answering a requirement marked required), then what is missing. */
async function assemble(
  tx: Tx,
  caller: Caller,
  documents: readonly DocumentRow[],
  requirements: readonly Requirement[],
): Promise<DocumentList> {
  const candidates = requirements.length ? await documentsAnswering(tx, requirements) : [];
  const byId = new Map<string, DocumentRow>();
  for (const row of documents) byId.set(row.id, row);
  const rows = [...byId.values()];
  for (const row of candidates) {
    if (!byId.has(row.id) && requirements.some((requirement) => answers(requirement, row))) {
      byId.set(row.id, row);
      rows.push(row);
    }
  }
  rows.sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
  const listing = await listingFor(tx, caller, rows);
  const data = rows.map((row) =>
    toItem(
      row,
      listing,
      requirements.some((requirement) => answers(requirement, row)),
    ),
  );
  for (const requirement of requirements) {
    if (!rows.some((row) => answers(requirement, row))) data.push(missingItem(requirement));
  }
  return { data, totalCount: data.length };
}

// ---- Lists ----

export type DocumentTarget =
  | { kind: 'shipment'; key: string }
  | { kind: 'thirdPartyInvoice'; key: string }
  | { kind: 'apInvoice'; key: string }
  | { kind: 'case'; key: string }
  | { kind: 'order'; key: string }
  | { kind: 'company'; key: string };

const TARGET_NAMES: Record<DocumentTarget['kind'], string> = {
  shipment: 'Shipment',
  thirdPartyInvoice: 'Invoice',
  apInvoice: 'Invoice',
  case: 'Case',
  order: 'Order',
  company: 'Company',
};

const RESOLVERS = {
  shipment: resolveShipment,
  thirdPartyInvoice: resolveThirdPartyInvoice,
  apInvoice: resolveApInvoice,
  case: resolveCase,
  order: resolveOrder,
} as const;

async function resolveTarget(tx: Tx, scope: TenantScope, target: DocumentTarget) {
  if (target.kind === 'company') {
    const mayRead = scope.kind === 'operator' || target.key === scope.companyId;
    if (!mayRead) throw notFound(TARGET_NAMES.company);
    return null;
  }
  const entity = await RESOLVERS[target.kind](tx, scope, target.key);
  if (!entity) throw notFound(TARGET_NAMES[target.kind]);
  return entity;
}

export async function listDocuments(
  ctx: AppContext,
  caller: Caller,
  target: DocumentTarget,
): Promise<DocumentList> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const entity = await resolveTarget(tx, caller.scope, target);
    if (target.kind === 'company' || !entity) {
      return assemble(tx, caller, await documentsOfCompany(tx, target.key), []);
    }
    switch (target.kind) {
      case 'shipment':
        return assemble(
          tx,
          caller,
          await documentsOfShipment(tx, entity.id),
          await shipmentRequirements(tx, entity.id),
        );
      case 'thirdPartyInvoice':
        return assemble(
          tx,
          caller,
          await documentsWhere(tx, 'thirdPartyInvoiceId', entity.id),
          await requirementsWhere(tx, 'thirdPartyInvoiceId', entity.id),
        );
      case 'apInvoice':
        return assemble(
          tx,
          caller,
          await documentsWhere(tx, 'apInvoiceId', entity.id),
          await requirementsWhere(tx, 'apInvoiceId', entity.id),
        );
      case 'case':
        return assemble(tx, caller, await documentsWhere(tx, 'caseId', entity.id), []);
      case 'order':
        return assemble(tx, caller, await documentsWhere(tx, 'orderId', entity.id), []);
    }
  });
}

const FIND_TARGETS: Record<keyof DocumentFindQuery, DocumentTarget['kind']> = {
  invoiceId: 'thirdPartyInvoice',
  invoiceNumber: 'thirdPartyInvoice',
  orderId: 'order',
  orderNumber: 'order',
  shipmentId: 'shipment',
  shipmentNumber: 'shipment',
  companyId: 'company',
  apInvoiceId: 'apInvoice',
  apInvoiceNumber: 'apInvoice',
  caseId: 'case',
  caseNumber: 'case',
};

/** GET api/v2/documents?...: by invoice, order, shipment, company, AP invoice or case (id or number). */
export function findDocuments(ctx: AppContext, caller: Caller, query: DocumentFindQuery) {
  const given = (Object.keys(query) as (keyof DocumentFindQuery)[]).filter(
    (name) => query[name] !== undefined,
  );
  if (given.length !== 1) {
    throw badRequest(
      `Give exactly one of ${Object.keys(FIND_TARGETS).join(', ')}`,
      Object.fromEntries(
        (given.length ? given : ['query']).map((name) => [
          name,
          [`Give exactly one of ${Object.keys(FIND_TARGETS).join(', ')}`],
        ]),
      ),
    );
  }
  const name = given[0]!;
  return listDocuments(ctx, caller, { kind: FIND_TARGETS[name], key: query[name]! });
}

export async function listRequiredDocuments(
  ctx: AppContext,
  caller: Caller,
  invoiceKey: string,
): Promise<RequiredDocumentList> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const invoice = await resolveThirdPartyInvoice(tx, caller.scope, invoiceKey);
    if (!invoice) throw notFound('Invoice');
    const requirements = await requirementsWhere(tx, 'thirdPartyInvoiceId', invoice.id);
    const candidates = [
      ...(await documentsAnswering(tx, requirements)),
      ...(await documentsWhere(tx, 'thirdPartyInvoiceId', invoice.id)),
    ];
    const data = requirements.map((requirement) => {
      const answer = candidates.find((document) => answers(requirement, document));
      return {
        fileType: requirement.fileType,
        typeName: typeName(requirement.fileType),
        description: requirement.description,
        entityType: requirement.entityType,
        orderStopId: requirement.orderStopId,
        orderId: requirement.orderId,
        shipmentId: requirement.shipmentId,
        invoiceId: requirement.thirdPartyInvoiceId,
        isUploaded: Boolean(answer),
        documentId: answer?.id ?? null,
      };
    });
    return { data, totalCount: data.length };
  });
}

// ---- Reading one ----

/** The same rule as the row-level security policy, written out for the application's own check. */
async function canSeeDocument(tx: Tx, scope: TenantScope, row: DocumentRow): Promise<boolean> {
  if (row.thirdPartyInvoiceId)
    return Boolean(await resolveThirdPartyInvoice(tx, scope, row.thirdPartyInvoiceId));
  if (row.apInvoiceId) return Boolean(await resolveApInvoice(tx, scope, row.apInvoiceId));
  if (row.caseId) return Boolean(await resolveCase(tx, scope, row.caseId));
  if (row.shipmentId) return Boolean(await resolveShipment(tx, scope, row.shipmentId));
  if (row.orderStopId) return Boolean(await resolveOrderStop(tx, scope, row.orderStopId));
  if (row.orderId) return Boolean(await resolveOrder(tx, scope, row.orderId));
  return scope.kind === 'operator' || row.companyId === scope.companyId;
}

export async function openDocument(ctx: AppContext, caller: Caller, id: string) {
  let row = await ctx.db.tenant(caller.scope, async (tx) => {
    const found = await findDocument(tx, id);
    if (found && (await canSeeDocument(tx, caller.scope, found))) return found;
    // Profile pictures and logos are seen by whoever sees the person or the company.
    if (!found && (await isVisiblePicture(tx, id))) return 'picture' as const;
    return null;
  });
  if (row === 'picture') {
    // The person or company was found in the caller's scope above; only the picture's own row,
    // which belongs to another company, is read outside it.
    row = (await ctx.db.system((tx) => findDocument(tx, id))) ?? null;
  }
  if (!row) throw notFound('Document');
  try {
    return { row, stream: await ctx.documents.get(row.storageKey) };
  } catch (error) {
    if (error instanceof DocumentFileMissingError) throw notFound('Document file');
    throw error;
  }
}

// ---- Deleting ----

export async function deleteDocument(
  ctx: AppContext,
  caller: Caller,
  id: string,
  log: { warn(object: object, message: string): void },
): Promise<ResultId> {
  const row = await ctx.db.tenant(caller.scope, async (tx) => {
    const found = await findDocument(tx, id);
    // Another company's document answers exactly like a missing one.
    if (
      !found ||
      found.companyId !== caller.companyId ||
      !(await canSeeDocument(tx, caller.scope, found))
    )
      throw notFound('Document');
    const refusal = deleteRefusal(found, await listingFor(tx, caller, [found]));
    if (refusal) throw forbidden(refusal);
    await softDeleteDocument(tx, found.id);
    return found;
  });
  // The row is gone for everyone; the bytes follow. A failure here leaves an unreachable file,
  // never a row without its file.
  await ctx.documents.delete(row.storageKey).catch((error: unknown) => {
    log.warn({ err: error, documentId: row.id }, 'could not remove a deleted document file');
  });
  return { resultId: row.id };
}

// ---- Uploading ----

export interface UploadInput {
  fields: MultipartUploadFields;
  /** The name the file arrived with (the name field wins). */
  fileName: string | undefined;
  file: ReceivedFile | { bytes: Buffer };
  /** The request part the file came in: "file" (multipart) or "data" (JSON). */
  fileField: 'file' | 'data';
  idempotencyKey: string | undefined;
  path: string;
}

interface Placement {
  entityType: EntityType;
  entityId: string;
  entityDescription: string;
  shipmentId: string | null;
  orderId: string | null;
  orderStopId: string | null;
  apInvoiceId: string | null;
  thirdPartyInvoiceId: string | null;
  caseId: string | null;
}

const requireParty = (entity: ResolvedEntity) => {
  if (!entity.callerIsParty)
    throw forbidden(
      `Only the companies on ${entity.description.toLowerCase()} can add its documents`,
    );
  return entity;
};

/** Checks the type and its reference, and finds where the document belongs, in the caller's scope. */
async function placeUpload(
  tx: Tx,
  scope: TenantScope,
  fields: MultipartUploadFields,
): Promise<Placement> {
  const type = parseDocumentType(fields.type);
  const kind = type === undefined ? undefined : uploadKindForDocumentType(type);
  const isCase = Boolean(fields.caseId);
  if (type === undefined || (!kind && (!isCase || type === DocumentType.CustomerProfilePicture))) {
    const allowed = Object.values(UPLOAD_KINDS)
      .map((rule) => `${rule.documentType} (${typeName(rule.documentType)})`)
      .join(', ');
    throw invalidField(
      'type',
      `type must be one of ${allowed}${isCase ? ', or another document type for a case' : ''}`,
    );
  }
  if (kind) {
    const { referenceField } = UPLOAD_KINDS[kind];
    // A case upload belongs to the case; only proof of delivery must still name its dropoff.
    if (!fields[referenceField] && (!isCase || referenceField === 'orderStopId')) {
      const message =
        referenceField === 'orderStopId'
          ? UPLOAD_MESSAGES.noDropoff
          : referenceField === 'shipmentId'
            ? UPLOAD_MESSAGES.noShipment
            : UPLOAD_MESSAGES.noInvoice;
      throw invalidField(referenceField, message);
    }
  }

  const placement: Placement = {
    entityType: EntityType.NONE,
    entityId: '',
    entityDescription: '',
    shipmentId: null,
    orderId: null,
    orderStopId: null,
    apInvoiceId: null,
    thirdPartyInvoiceId: null,
    caseId: null,
  };
  const place = (entityType: EntityType, id: string, description: string) => {
    placement.entityType = entityType;
    placement.entityId = id;
    placement.entityDescription = description;
  };

  if (fields.orderStopId) {
    const stop = await resolveOrderStop(tx, scope, fields.orderStopId);
    if (!stop) throw notFound('Order stop');
    if (stop.stopType !== 'Delivery')
      throw invalidField('orderStopId', 'orderStopId must be a dropoff (a delivery stop)');
    requireParty(stop.shipment);
    if (fields.shipmentId && fields.shipmentId !== stop.shipment.id)
      throw invalidField('orderStopId', `orderStopId is not a stop of the shipment given`);
    Object.assign(placement, {
      orderStopId: stop.id,
      shipmentId: stop.shipment.id,
      orderId: stop.orderId,
    });
    place(EntityType.ORDER_STOP, stop.id, `Stop ${stop.stopNumber} - ${stop.city}, ${stop.state}`);
  } else if (fields.shipmentId) {
    const shipment = await resolveShipment(tx, scope, fields.shipmentId);
    if (!shipment) throw notFound('Shipment');
    requireParty(shipment);
    Object.assign(placement, { shipmentId: shipment.id, orderId: shipment.orderId });
    place(EntityType.SHIPMENT, shipment.id, shipment.description);
  }
  if (fields.apInvoiceId) {
    const invoice = await resolveApInvoice(tx, scope, fields.apInvoiceId);
    if (!invoice) throw notFound('AP invoice');
    placement.apInvoiceId = invoice.id;
    place(EntityType.AP_INVOICE, invoice.id, invoice.description);
  }
  if (fields.thirdPartyInvoiceId) {
    const invoice = await resolveThirdPartyInvoice(tx, scope, fields.thirdPartyInvoiceId);
    if (!invoice) throw notFound('Invoice');
    const [status] = await thirdPartyInvoiceStatuses(tx, [invoice.id]);
    if (status && isThirdPartyInvoiceReadOnly(status.status))
      throw conflict(`Invoice ${invoice.number} is settled; its documents can no longer change`);
    placement.thirdPartyInvoiceId = invoice.id;
    place(EntityType.THIRD_PARTY, invoice.id, invoice.description);
  }
  if (fields.caseId) {
    const found = await resolveCase(tx, scope, fields.caseId);
    if (!found) throw notFound('Case');
    placement.caseId = found.id;
    place(EntityType.CASE, found.id, found.description);
  }
  return placement;
}

function storedName(fileName: string | undefined, extension: string): string {
  const clean = sanitizeFileName(fileName ?? '') || 'document';
  return clean.toLowerCase().endsWith(`.${extension}`) ? clean : `${clean}.${extension}`;
}

async function replayed(
  ctx: AppContext,
  caller: Caller,
  input: UploadInput,
): Promise<RememberedAnswer | null> {
  if (!input.idempotencyKey) return null;
  const key = input.idempotencyKey;
  return ctx.db.tenant(caller.scope, (tx) =>
    findRememberedAnswer(tx, caller, key, input.path, uploadFingerprint(input)),
  );
}

/** What a retry of this upload must repeat: its fields, its name and its file's content. */
function uploadFingerprint(input: UploadInput) {
  const sha256 =
    'bytes' in input.file
      ? createHash('sha256').update(input.file.bytes).digest('hex')
      : input.file.sha256;
  return { fields: input.fields, fileName: input.fileName ?? null, sha256 };
}

/**
 * Files an upload: checks its type and reference in the caller's scope, checks the file by its
 * content, puts it in the store (outside any transaction) and records its row. When the row cannot
 * be written the stored file is removed again, so nothing is left half-stored.
 */
export async function uploadDocument(
  ctx: AppContext,
  caller: Caller,
  input: UploadInput,
): Promise<{ status: number; body: DocumentUploadResult }> {
  const previous = await replayed(ctx, caller, input);
  if (previous) return previous as { status: number; body: DocumentUploadResult };

  const placement = await ctx.db.tenant(caller.scope, (tx) =>
    placeUpload(tx, caller.scope, input.fields),
  );
  const declaredName = sanitizeFileName(input.fields.name ?? input.fileName ?? '') || 'document';
  const inspected = await inspectFile(
    'bytes' in input.file ? { bytes: input.file.bytes } : input.file,
    declaredName,
    input.fileField,
  );
  const name = storedName(declaredName, inspected.extension);

  const stored = await storeDocumentFile(
    ctx.documents,
    caller.companyId,
    inspected.contentType,
    input.file,
  );
  try {
    return await ctx.db.tenant(caller.scope, async (tx) => {
      const row = await insertDocumentRow(tx, stored, {
        companyId: caller.companyId,
        fileType: input.fields.type,
        ...placement,
        name,
        extension: inspected.extension,
        contentType: inspected.contentType,
        additionalData: input.fields.additionalData
          ? JSON.stringify(input.fields.additionalData)
          : null,
        uploadedBy: caller.userId,
      });
      const listing = await listingFor(tx, caller, [row]);
      const body: DocumentUploadResult = { resultId: row.id, data: toItem(row, listing, false) };
      if (input.idempotencyKey)
        await rememberAnswer(
          tx,
          caller,
          input.idempotencyKey,
          input.path,
          { status: 201, body },
          uploadFingerprint(input),
        );
      return { status: 201, body };
    });
  } catch (error) {
    await discardStoredFile(ctx.documents, stored);
    throw error;
  }
}
