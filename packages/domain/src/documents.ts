import { parseNumericValue, valuesOf, type ValueOf } from './enum-values';

export const DocumentType = {
  ProofOfDelivery: 12,
  BillOfLading: 16,
  CarrierConfirmation: 17,
  ApInvoice: 18,
  SignedRateConfirmation: 41,
  ShipmentMiscellaneous: 45,
  CustomerProfilePicture: 49,
  ThirdParty: 64,
  TrailerPicture: 98,
} as const;
export type DocumentType = ValueOf<typeof DocumentType>;

export const DOCUMENT_TYPES: readonly DocumentType[] = valuesOf(DocumentType);

export const DOCUMENT_TYPE_DISPLAY_NAMES: Readonly<Record<DocumentType, string>> = {
  [DocumentType.ProofOfDelivery]: 'Proof of Delivery',
  [DocumentType.BillOfLading]: 'Bill of Lading',
  [DocumentType.CarrierConfirmation]: 'Carrier Confirmation',
  [DocumentType.ApInvoice]: 'AP Invoice',
  [DocumentType.SignedRateConfirmation]: 'Signed Rate Confirmation',
  [DocumentType.ShipmentMiscellaneous]: 'Shipment Miscellaneous',
  [DocumentType.CustomerProfilePicture]: 'Customer Profile Picture',
  [DocumentType.ThirdParty]: 'Third Party',
  [DocumentType.TrailerPicture]: 'Trailer Picture',
};

export function parseDocumentType(value: unknown): DocumentType | undefined {
  return parseNumericValue(DocumentType, value);
}

/** The `type` a profile-picture upload carries, spelt as the spec writes it. */
export const PROFILE_PICTURE_UPLOAD_TYPE = 'ContactProfilepicture';

export const EntityType = {
  NONE: 0,
  ORDER: 1,
  QUOTE: 2,
  CARRIER: 3,
  CUSTOMER: 4,
  SHIPMENT: 5,
  CASE: 6,
  SPOT_FREIGHT: 7,
  BID: 8,
  AP_INVOICE: 9,
  AR_INVOICE: 10,
  CONTACT: 11,
  CONSOLIDATED_INVOICE: 12,
  DOCK_SCHEDULE_INSTRUCTIONS: 13,
  ORDER_STOP: 14,
  SHIPMENT_STOP: 15,
  INTERNAL_USER: 16,
  THIRD_PARTY: 17,
  DRIVER: 18,
  CALL_RECORDING: 19,
  LTL_BID: 20,
  CLAIM: 21,
} as const;
export type EntityType = ValueOf<typeof EntityType>;

export const ENTITY_TYPES: readonly EntityType[] = valuesOf(EntityType);

export function parseEntityType(value: unknown): EntityType | undefined {
  return parseNumericValue(EntityType, value);
}

export const UploadKind = {
  proofOfDelivery: 'proofOfDelivery',
  shipmentMiscellaneous: 'shipmentMiscellaneous',
  apInvoice: 'apInvoice',
  thirdParty: 'thirdParty',
} as const;
export type UploadKind = ValueOf<typeof UploadKind>;

export type UploadReferenceField =
  'orderStopId' | 'shipmentId' | 'apInvoiceId' | 'thirdPartyInvoiceId';

export interface UploadKindRule {
  readonly documentType: DocumentType;
  /** The entity the stored document is attached to. */
  readonly entityType: EntityType;
  /** The payload field that must name that entity. */
  readonly referenceField: UploadReferenceField;
}

export const UPLOAD_KINDS: Readonly<Record<UploadKind, UploadKindRule>> = {
  proofOfDelivery: {
    documentType: DocumentType.ProofOfDelivery,
    entityType: EntityType.ORDER_STOP,
    referenceField: 'orderStopId',
  },
  shipmentMiscellaneous: {
    documentType: DocumentType.ShipmentMiscellaneous,
    entityType: EntityType.SHIPMENT,
    referenceField: 'shipmentId',
  },
  apInvoice: {
    documentType: DocumentType.ApInvoice,
    entityType: EntityType.AP_INVOICE,
    referenceField: 'apInvoiceId',
  },
  thirdParty: {
    documentType: DocumentType.ThirdParty,
    entityType: EntityType.THIRD_PARTY,
    referenceField: 'thirdPartyInvoiceId',
  },
};

export function uploadKindForDocumentType(type: DocumentType): UploadKind | undefined {
  const kinds = Object.keys(UPLOAD_KINDS) as UploadKind[];
  return kinds.find((kind) => UPLOAD_KINDS[kind].documentType === type);
}

export const UPLOAD_MESSAGES = {
  selectFile: 'Please select a file',
  selectFileType: 'Please select a file type',
  noDropoff: 'No dropoff selected for upload',
  noShipment: 'No shipment found for upload',
  noInvoice: 'No invoice found for upload',
} as const;

export interface UploadSelection {
  readonly hasFile: boolean;
  readonly kind: UploadKind | undefined;
  readonly orderStopId?: string | null | undefined;
  readonly shipmentId?: string | null | undefined;
  readonly apInvoiceId?: string | null | undefined;
  readonly thirdPartyInvoiceId?: string | null | undefined;
}

/** The first reason an upload cannot be sent, or undefined when it can. */
export function uploadValidationMessage(selection: UploadSelection): string | undefined {
  if (!selection.hasFile) return UPLOAD_MESSAGES.selectFile;
  if (selection.kind === undefined) return UPLOAD_MESSAGES.selectFileType;
  const { referenceField } = UPLOAD_KINDS[selection.kind];
  if (selection[referenceField]) return undefined;
  switch (referenceField) {
    case 'orderStopId':
      return UPLOAD_MESSAGES.noDropoff;
    case 'shipmentId':
      return UPLOAD_MESSAGES.noShipment;
    case 'apInvoiceId':
    case 'thirdPartyInvoiceId':
      return UPLOAD_MESSAGES.noInvoice;
  }
}

export const VIEWER_SUPPORTED_EXTENSIONS = [
  '.pdf',
  '.png',
  '.jpeg',
  '.jpg',
  '.tif',
  '.tiff',
] as const;
export type ViewerExtension = (typeof VIEWER_SUPPORTED_EXTENSIONS)[number];

export type ViewerRenderer = 'pdf' | 'image' | 'tiff';

export const VIEWER_MESSAGES = {
  unknownFileType: "Couldn't determine file type",
  imageNotFound: 'Image not found',
  loadFailed: 'An error occurred while loading the file',
} as const;

/** Accepts "pdf", ".PDF" or a file name; answers undefined for anything the viewer cannot show. */
export function viewerExtension(
  extensionOrFileName: string | null | undefined,
): ViewerExtension | undefined {
  if (!extensionOrFileName) return undefined;
  const trimmed = extensionOrFileName.trim().toLowerCase();
  const dot = trimmed.lastIndexOf('.');
  const candidate = dot >= 0 ? trimmed.slice(dot) : `.${trimmed}`;
  return VIEWER_SUPPORTED_EXTENSIONS.find((extension) => extension === candidate);
}

export function viewerRenderer(extension: ViewerExtension): ViewerRenderer {
  switch (extension) {
    case '.pdf':
      return 'pdf';
    case '.tif':
    case '.tiff':
      return 'tiff';
    default:
      return 'image';
  }
}

export const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
export type ZoomStep = (typeof ZOOM_STEPS)[number];
export const DEFAULT_ZOOM: ZoomStep = 1;

/** The next step above the current zoom, staying at the top step. */
export function zoomIn(current: number): ZoomStep {
  return ZOOM_STEPS.find((step) => step > current) ?? ZOOM_STEPS[9];
}

/** The next step below the current zoom, staying at the bottom step. */
export function zoomOut(current: number): ZoomStep {
  return [...ZOOM_STEPS].reverse().find((step) => step < current) ?? ZOOM_STEPS[0];
}

export type Rotation = 0 | 90 | 180 | 270;

export function rotate(current: Rotation, direction: 'left' | 'right'): Rotation {
  const turned = (current + (direction === 'right' ? 90 : 270)) % 360;
  return turned as Rotation;
}

export const PDF_RENDER_SCALE = 1.6;
export const DOCUMENT_TILE_SIZE_PX = 125;

export const PASTED_IMAGE_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export type PastedImageMimeType = (typeof PASTED_IMAGE_MIME_TYPES)[number];

export function isAcceptedPastedImageType(mimeType: string): boolean {
  return PASTED_IMAGE_MIME_TYPES.includes(mimeType.trim().toLowerCase() as PastedImageMimeType);
}

// ---- What the server stores ----

export type StoredFileFormat = 'pdf' | 'png' | 'jpeg' | 'tiff';

export interface StoredFileFormatRule {
  readonly contentType: string;
  /** File-name extensions that name this format; the first is used when a name has none. */
  readonly extensions: readonly string[];
  readonly label: string;
}

/** Uploads are kept only in the formats the viewer shows, checked by content, not by name. */
export const STORED_FILE_FORMATS: Readonly<Record<StoredFileFormat, StoredFileFormatRule>> = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
  png: { contentType: 'image/png', extensions: ['png'], label: 'PNG image' },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG image' },
  tiff: { contentType: 'image/tiff', extensions: ['tif', 'tiff'], label: 'TIFF image' },
};

export const STORED_FILE_FORMAT_LIST = 'PDF, PNG, JPEG or TIFF';

/** The `accept` list of a file picker: every stored format by extension and media type. */
export const UPLOAD_ACCEPT = Object.values(STORED_FILE_FORMATS)
  .flatMap((rule) => [rule.contentType, ...rule.extensions.map((extension) => `.${extension}`)])
  .join(',');

export function storedFormatForExtension(extension: string): StoredFileFormat | undefined {
  const wanted = extension.replace(/^\./, '').toLowerCase();
  return (Object.keys(STORED_FILE_FORMATS) as StoredFileFormat[]).find((format) =>
    STORED_FILE_FORMATS[format].extensions.includes(wanted),
  );
}

/** 25 MB unless the server is configured otherwise. */
export const DEFAULT_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/** Case uploads carry a few labelled values beside the file (case number, case type...). */
export const CASE_UPLOAD_ADDITIONAL_DATA_LIMITS = { maxKeys: 20, maxValueLength: 500 } as const;

// ---- Notes ----

/** The entities notes hang off, and whose involved companies may be mentioned. */
export const NOTE_ENTITY_TYPES = [
  EntityType.ORDER,
  EntityType.SHIPMENT,
  EntityType.CASE,
  EntityType.AP_INVOICE,
  EntityType.THIRD_PARTY,
] as const;
export type NoteEntityType = (typeof NOTE_ENTITY_TYPES)[number];

export function isNoteEntityType(value: number): value is NoteEntityType {
  return (NOTE_ENTITY_TYPES as readonly number[]).includes(value);
}

/** Limits a note must keep to; the editor's text, its HTML and its editor state are checked apart. */
export const NOTE_LIMITS = {
  contentMaxLength: 10_000,
  htmlMaxLength: 100_000,
  jsonMaxLength: 200_000,
  notifyUsersMax: 20,
} as const;

/**
 * The zoom step a document opens at: the largest step at which its page fits the width available
 * (at least the smallest step). Page width is measured at zoom 1.
 */
export function fitZoomStep(pageWidth: number, availableWidth: number): ZoomStep {
  if (!(pageWidth > 0) || !(availableWidth > 0)) return DEFAULT_ZOOM;
  const fitting = ZOOM_STEPS.filter(
    (step) => step <= DEFAULT_ZOOM && pageWidth * step <= availableWidth,
  );
  return fitting.at(-1) ?? ZOOM_STEPS[0];
}
