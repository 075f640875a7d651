import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPE_DISPLAY_NAMES,
  DocumentType,
  ENTITY_TYPES,
  EntityType,
  PASTED_IMAGE_MIME_TYPES,
  PDF_RENDER_SCALE,
  STORED_FILE_FORMATS,
  UPLOAD_ACCEPT,
  isNoteEntityType,
  fitZoomStep,
  storedFormatForExtension,
  DOCUMENT_TILE_SIZE_PX,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  VIEWER_MESSAGES,
  VIEWER_SUPPORTED_EXTENSIONS,
  ZOOM_STEPS,
  isAcceptedPastedImageType,
  parseDocumentType,
  parseEntityType,
  rotate,
  uploadKindForDocumentType,
  uploadValidationMessage,
  viewerExtension,
  viewerRenderer,
  zoomIn,
  zoomOut,
} from './documents';

describe('document types', () => {
  it.each([
    [12, 'Proof of Delivery'],
    [16, 'Bill of Lading'],
    [17, 'Carrier Confirmation'],
    [18, 'AP Invoice'],
    [41, 'Signed Rate Confirmation'],
    [45, 'Shipment Miscellaneous'],
    [49, 'Customer Profile Picture'],
    [64, 'Third Party'],
    [98, 'Trailer Picture'],
  ] as const)('%i is "%s"', (value, displayName) => {
    expect(parseDocumentType(value)).toBe(value);
    expect(DOCUMENT_TYPE_DISPLAY_NAMES[value]).toBe(displayName);
  });

  it('rejects unknown document types', () => {
    expect(parseDocumentType(13)).toBeUndefined();
  });
});

describe('entity types', () => {
  it('numbers NONE 0 through CLAIM 21 in the spec order', () => {
    expect(Object.keys(EntityType)).toEqual([
      'NONE',
      'ORDER',
      'QUOTE',
      'CARRIER',
      'CUSTOMER',
      'SHIPMENT',
      'CASE',
      'SPOT_FREIGHT',
      'BID',
      'AP_INVOICE',
      'AR_INVOICE',
      'CONTACT',
      'CONSOLIDATED_INVOICE',
      'DOCK_SCHEDULE_INSTRUCTIONS',
      'ORDER_STOP',
      'SHIPMENT_STOP',
      'INTERNAL_USER',
      'THIRD_PARTY',
      'DRIVER',
      'CALL_RECORDING',
      'LTL_BID',
      'CLAIM',
    ]);
    expect(ENTITY_TYPES).toEqual(Array.from({ length: 22 }, (_, index) => index));
    expect(parseEntityType('21')).toBe(EntityType.CLAIM);
    expect(parseEntityType(22)).toBeUndefined();
  });
});

describe('uploads', () => {
  it('ties each uploadable kind to its document type and required reference', () => {
    expect(UPLOAD_KINDS.proofOfDelivery).toMatchObject({
      documentType: DocumentType.ProofOfDelivery,
      referenceField: 'orderStopId',
    });
    expect(UPLOAD_KINDS.shipmentMiscellaneous).toMatchObject({
      documentType: DocumentType.ShipmentMiscellaneous,
      referenceField: 'shipmentId',
    });
    expect(UPLOAD_KINDS.apInvoice).toMatchObject({
      documentType: DocumentType.ApInvoice,
      referenceField: 'apInvoiceId',
    });
    expect(UPLOAD_KINDS.thirdParty).toMatchObject({
      documentType: DocumentType.ThirdParty,
      referenceField: 'thirdPartyInvoiceId',
    });
    expect(uploadKindForDocumentType(DocumentType.ThirdParty)).toBe('thirdParty');
    expect(uploadKindForDocumentType(DocumentType.BillOfLading)).toBeUndefined();
  });

  it('uses the spec wording for upload messages', () => {
    expect(UPLOAD_MESSAGES).toEqual({
      selectFile: 'Please select a file',
      selectFileType: 'Please select a file type',
      noDropoff: 'No dropoff selected for upload',
      noShipment: 'No shipment found for upload',
      noInvoice: 'No invoice found for upload',
    });
  });

  it('asks for a file, then a type, then the reference the type needs', () => {
    expect(uploadValidationMessage({ hasFile: false, kind: 'apInvoice', apInvoiceId: 'a' })).toBe(
      'Please select a file',
    );
    expect(uploadValidationMessage({ hasFile: true, kind: undefined })).toBe(
      'Please select a file type',
    );
    expect(
      uploadValidationMessage({ hasFile: true, kind: 'proofOfDelivery', shipmentId: 's' }),
    ).toBe('No dropoff selected for upload');
    expect(uploadValidationMessage({ hasFile: true, kind: 'shipmentMiscellaneous' })).toBe(
      'No shipment found for upload',
    );
    expect(uploadValidationMessage({ hasFile: true, kind: 'apInvoice', apInvoiceId: '' })).toBe(
      'No invoice found for upload',
    );
    expect(uploadValidationMessage({ hasFile: true, kind: 'thirdParty' })).toBe(
      'No invoice found for upload',
    );
  });

  it('passes when the reference is present', () => {
    expect(
      uploadValidationMessage({ hasFile: true, kind: 'proofOfDelivery', orderStopId: 'stop-1' }),
    ).toBeUndefined();
    expect(
      uploadValidationMessage({ hasFile: true, kind: 'thirdParty', thirdPartyInvoiceId: 'inv-1' }),
    ).toBeUndefined();
  });

  it('accepts pasted and dropped images including heic, heif, gif and webp', () => {
    for (const type of [
      'image/heic',
      'image/heif',
      'image/gif',
      'image/webp',
      'image/png',
      'image/jpeg',
    ]) {
      expect(isAcceptedPastedImageType(type)).toBe(true);
    }
    expect(PASTED_IMAGE_MIME_TYPES).toHaveLength(6);
    expect(isAcceptedPastedImageType('IMAGE/PNG')).toBe(true);
    expect(isAcceptedPastedImageType('application/pdf')).toBe(false);
  });
});

describe('document viewer', () => {
  it('supports .pdf .png .jpeg .jpg .tif .tiff', () => {
    expect(VIEWER_SUPPORTED_EXTENSIONS).toEqual(['.pdf', '.png', '.jpeg', '.jpg', '.tif', '.tiff']);
  });

  it('reads extensions with or without a dot, from a file name, in any case', () => {
    expect(viewerExtension('pdf')).toBe('.pdf');
    expect(viewerExtension('.TIFF')).toBe('.tiff');
    expect(viewerExtension('scan.page1.JPG')).toBe('.jpg');
    expect(viewerExtension('.docx')).toBeUndefined();
    expect(viewerExtension('')).toBeUndefined();
    expect(viewerExtension(undefined)).toBeUndefined();
  });

  it('picks the renderer for each extension', () => {
    expect(viewerRenderer('.pdf')).toBe('pdf');
    expect(viewerRenderer('.tif')).toBe('tiff');
    expect(viewerRenderer('.tiff')).toBe('tiff');
    expect(viewerRenderer('.png')).toBe('image');
    expect(viewerRenderer('.jpeg')).toBe('image');
  });

  it('uses the spec wording for viewer errors', () => {
    expect(VIEWER_MESSAGES).toEqual({
      unknownFileType: "Couldn't determine file type",
      imageNotFound: 'Image not found',
      loadFailed: 'An error occurred while loading the file',
    });
  });

  it('zooms through the spec steps and stops at both ends', () => {
    expect(ZOOM_STEPS).toEqual([0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3]);
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomIn(2.5)).toBe(3);
    expect(zoomIn(3)).toBe(3);
    expect(zoomIn(1.1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomOut(0.25)).toBe(0.1);
    expect(zoomOut(0.1)).toBe(0.1);
  });

  it('rotates by 90 degrees either way', () => {
    expect(rotate(0, 'right')).toBe(90);
    expect(rotate(270, 'right')).toBe(0);
    expect(rotate(0, 'left')).toBe(270);
    expect(rotate(90, 'left')).toBe(0);
  });

  it('renders PDFs at 1.6 and tiles at 125 px', () => {
    expect(PDF_RENDER_SCALE).toBe(1.6);
    expect(DOCUMENT_TILE_SIZE_PX).toBe(125);
  });
});

describe('stored file formats', () => {
  it('keeps exactly the formats the viewer shows', () => {
    const viewable = new Set(VIEWER_SUPPORTED_EXTENSIONS.map((extension) => extension.slice(1)));
    const stored = new Set(
      Object.values(STORED_FILE_FORMATS).flatMap((rule) => [...rule.extensions]),
    );
    expect(stored).toEqual(viewable);
  });

  it.each([
    ['PDF', 'pdf'],
    ['.jpg', 'jpeg'],
    ['jpeg', 'jpeg'],
    ['TIF', 'tiff'],
    ['tiff', 'tiff'],
    ['png', 'png'],
    ['gif', undefined],
    ['docx', undefined],
  ])('reads the extension %s as %s', (extension, format) => {
    expect(storedFormatForExtension(extension)).toBe(format);
  });

  it('offers the picker every extension and media type', () => {
    expect(UPLOAD_ACCEPT.split(',')).toEqual([
      'application/pdf',
      '.pdf',
      'image/png',
      '.png',
      'image/jpeg',
      '.jpg',
      '.jpeg',
      'image/tiff',
      '.tif',
      '.tiff',
    ]);
  });
});

describe('note entities', () => {
  it.each([
    [EntityType.SHIPMENT, true],
    [EntityType.CASE, true],
    [EntityType.THIRD_PARTY, true],
    [EntityType.AP_INVOICE, true],
    [EntityType.ORDER, true],
    [EntityType.CONTACT, false],
    [EntityType.NONE, false],
  ])('entity type %i takes notes: %s', (type, expected) => {
    expect(isNoteEntityType(type)).toBe(expected);
  });
});

describe('fitZoomStep', () => {
  it.each([
    [979, 1200, 1],
    [979, 343, 0.25],
    [1275, 343, 0.25],
    [1275, 1000, 0.75],
    [5000, 343, 0.1],
    [200, 1200, 1],
    [0, 1200, 1],
  ])('a page %i wide in %i pixels opens at %s', (page, available, step) => {
    expect(fitZoomStep(page, available)).toBe(step);
  });
});
