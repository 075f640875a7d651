import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentType, EntityType, UPLOAD_MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import {
  fixtures,
  makePaperworkWorld,
  multipart,
  type PaperworkWorld,
} from '../../../test/paperwork-world';
import type { FileDocumentStore } from '../../shared/storage/document-store';
import { startS3Server } from '../../../test/s3-server';

let t: TestApp;
let w: PaperworkWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await makePaperworkWorld(t.db);
});
afterAll(() => t.close());

type User = { id: string; companyId: string };
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function uploadJson(
  user: User,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.injectAs(user, { method: 'POST', url: '/api/v2/documents', payload: body, headers });
}

function uploadForm(
  user: User,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; contentType?: string },
) {
  const form = multipart(fields, file);
  return t.injectAs(user, {
    method: 'POST',
    url: '/api/v2/documents',
    payload: form.payload,
    headers: form.headers,
  });
}

const get = (user: User, url: string) => t.injectAs(user, { method: 'GET', url });

async function documentRowCount() {
  const row = await t.db.system((tx) =>
    tx
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  );
  return Number(row.count);
}

function storedFiles(): string[] {
  const root = (t.ctx.documents as FileDocumentStore).root;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('POST /api/v2/documents', () => {
  it('files a proof of delivery (JSON, base64) on the dropoff, and gives it back byte for byte', async () => {
    const response = await uploadJson(w.users.carrierUser, {
      name: 'POD stop 2.pdf',
      type: DocumentType.ProofOfDelivery,
      orderStopId: w.delivered.deliveryStop.id,
      data: fixtures.pdf.toString('base64'),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.resultId).toBe(body.data.id);
    expect(body.data).toMatchObject({
      name: 'POD stop 2.pdf',
      type: DocumentType.ProofOfDelivery,
      typeName: 'Proof of Delivery',
      extension: 'pdf',
      fileURL: `/api/v1/documents/${body.resultId}`,
      entityType: EntityType.ORDER_STOP,
      entityId: w.delivered.deliveryStop.id,
      entityDescription: 'Stop 2 - Dallas, TX',
      orderStopId: w.delivered.deliveryStop.id,
      shipmentId: w.delivered.shipment.id,
      contentType: 'application/pdf',
      sizeBytes: fixtures.pdf.length,
      canDelete: true,
    });

    const file = await get(w.users.carrierUser, body.data.fileURL);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(fixtures.pdf.length));
    // Saved, not shown, and sandboxed should it be opened anyway (decision 186).
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="POD stop 2.pdf"; filename*=UTF-8''POD%20stop%202.pdf`,
    );
    expect(file.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(sha(file.rawPayload)).toBe(sha(fixtures.pdf));

    const inline = await get(w.users.carrierUser, `${body.data.fileURL}?disposition=inline`);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="POD stop 2.pdf"/);
    expect(inline.headers['content-security-policy']).toMatch(/; sandbox$/);
    const again = await t.injectAs(w.users.carrierUser, {
      method: 'GET',
      url: body.data.fileURL,
      headers: { 'if-none-match': file.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('streams a multipart upload: a three-page TIFF as shipment miscellaneous', async () => {
    const response = await uploadForm(
      w.users.driver,
      { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: w.delivered.shipment.id },
      { name: 'scan.tiff', bytes: fixtures.tiff, contentType: 'image/tiff' },
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'scan.tiff',
      extension: 'tiff',
      contentType: 'image/tiff',
      entityType: EntityType.SHIPMENT,
      entityDescription: `Shipment ${w.delivered.shipment.shipmentNumber}`,
      canDelete: true,
    });
    const file = await get(w.users.carrierUser, data.fileURL);
    expect(sha(file.rawPayload)).toBe(sha(fixtures.tiff));
    expect(file.headers['content-type']).toBe('image/tiff');
  });

  it.each([
    ['png', fixtures.png, 'receipt.png', 'image/png'],
    ['jpeg', fixtures.jpeg, 'trailer.jpg', 'image/jpeg'],
    ['jpeg named .jpeg', fixtures.jpeg, 'trailer.JPEG', 'image/jpeg'],
  ])('accepts a %s', async (_label, bytes, name, contentType) => {
    const response = await uploadForm(
      w.users.carrierUser,
      { type: String(DocumentType.ApInvoice), apInvoiceId: w.apInvoice.id },
      { name, bytes },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ name, contentType });
  });

  it('names a file by its content when it has no extension, and cleans names', async () => {
    const plain = await uploadForm(
      w.users.carrierUser,
      { type: String(DocumentType.ThirdParty), thirdPartyInvoiceId: w.invoice.id },
      { name: 'freight invoice', bytes: fixtures.pdf },
    );
    expect(plain.json().data.name).toBe('freight invoice.pdf');

    const tricky = await uploadJson(w.users.carrierUser, {
      // A NUL character is refused outright (decision 086); other control characters are cleaned.
      name: '../../etc/<script>passwd\u0007:"März".pdf',
      type: DocumentType.ThirdParty,
      thirdPartyInvoiceId: w.invoice.id,
      data: fixtures.pdf.toString('base64'),
    });
    expect(tricky.statusCode).toBe(201);
    const { data } = tricky.json();
    expect(data.name).toBe('scriptpasswdMärz.pdf');
    const file = await get(w.users.carrierUser, data.fileURL);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="scriptpasswdMarz.pdf"; filename*=UTF-8''scriptpasswdM%C3%A4rz.pdf`,
    );
  });

  it('files a case upload on the case with its additional data', async () => {
    const response = await uploadForm(
      w.users.carrierUser,
      {
        type: String(DocumentType.ShipmentMiscellaneous),
        caseId: w.accessorial.id,
        additionalData: JSON.stringify({
          caseNumber: w.accessorial.caseNumber,
          caseType: 'Detention',
        }),
      },
      { name: 'gate log.png', bytes: fixtures.png },
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      entityType: EntityType.CASE,
      entityId: w.accessorial.id,
      entityDescription: `Case ${w.accessorial.caseNumber}`,
      shipmentId: null,
    });
    const row = await t.db.system((tx) =>
      tx
        .selectFrom('documents')
        .select('additionalData')
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow(),
    );
    expect(row.additionalData).toEqual({
      caseNumber: w.accessorial.caseNumber,
      caseType: 'Detention',
    });
  });

  describe('refuses what cannot be filed, naming the field, and keeps nothing', () => {
    let rowsBefore: number;
    let filesBefore: number;
    beforeAll(async () => {
      rowsBefore = await documentRowCount();
      filesBefore = storedFiles().length;
    });
    afterAll(async () => {
      expect(await documentRowCount()).toBe(rowsBefore);
      expect(storedFiles()).toHaveLength(filesBefore);
    });

    it.each([
      [{ type: String(DocumentType.ProofOfDelivery) }, 'orderStopId', UPLOAD_MESSAGES.noDropoff],
      [
        { type: String(DocumentType.ShipmentMiscellaneous) },
        'shipmentId',
        UPLOAD_MESSAGES.noShipment,
      ],
      [{ type: String(DocumentType.ApInvoice) }, 'apInvoiceId', UPLOAD_MESSAGES.noInvoice],
      [{ type: String(DocumentType.ThirdParty) }, 'thirdPartyInvoiceId', UPLOAD_MESSAGES.noInvoice],
      [{ type: String(DocumentType.BillOfLading), shipmentId: 'x' }, 'shipmentId', 'shipmentId'],
    ])('fields %j: 400 on %s', async (fields, field, message) => {
      const response = await uploadForm(w.users.carrierUser, fields, {
        name: 'a.pdf',
        bytes: fixtures.pdf,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]?.[0]).toContain(message);
    });

    it('a type that cannot be uploaded', async () => {
      const response = await uploadForm(
        w.users.carrierUser,
        { type: String(DocumentType.BillOfLading), shipmentId: w.delivered.shipment.id },
        { name: 'a.pdf', bytes: fixtures.pdf },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.type[0]).toBe(
        'type must be one of 12 (Proof of Delivery), 45 (Shipment Miscellaneous), 18 (AP Invoice), 64 (Third Party)',
      );
    });

    it('no type', async () => {
      const response = await uploadForm(
        w.users.carrierUser,
        { shipmentId: w.delivered.shipment.id },
        { name: 'a.pdf', bytes: fixtures.pdf },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.type[0]).toBe('type is required');
    });

    it('no file', async () => {
      const form = await uploadForm(w.users.carrierUser, {
        type: String(DocumentType.ShipmentMiscellaneous),
        shipmentId: w.delivered.shipment.id,
      });
      expect(form.statusCode).toBe(400);
      expect(form.json().errors.file).toEqual([UPLOAD_MESSAGES.selectFile]);
      const json = await uploadJson(w.users.carrierUser, {
        name: 'a.pdf',
        type: DocumentType.ShipmentMiscellaneous,
        shipmentId: w.delivered.shipment.id,
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().errors.data).toEqual(['data is required']);
    });

    it('a zero-byte file', async () => {
      const response = await uploadForm(
        w.users.carrierUser,
        { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: w.delivered.shipment.id },
        { name: 'empty.pdf', bytes: Buffer.alloc(0) },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.file).toEqual(['The file "empty.pdf" is empty']);
    });

    it('content that does not match the name', async () => {
      const response = await uploadForm(
        w.users.carrierUser,
        { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: w.delivered.shipment.id },
        { name: 'invoice.pdf', bytes: fixtures.png, contentType: 'application/pdf' },
      );
      expect(response.statusCode).toBe(415);
      expect(response.json().errors.file).toEqual([
        'The file "invoice.pdf" is named .pdf but its content is a PNG image',
      ]);
    });

    it('a kind of file the portal does not keep', async () => {
      const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]);
      const response = await uploadForm(
        w.users.carrierUser,
        { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: w.delivered.shipment.id },
        { name: 'report.docx', bytes: zip },
      );
      expect(response.statusCode).toBe(415);
      expect(response.json().errors.file[0]).toMatch(
        /^The file "report.docx" is not a PDF, PNG, JPEG or TIFF file/,
      );
      const text = await uploadJson(w.users.carrierUser, {
        name: 'notes.txt',
        type: DocumentType.ShipmentMiscellaneous,
        shipmentId: w.delivered.shipment.id,
        data: Buffer.from('just some text').toString('base64'),
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().errors.data).toEqual([
        'The file "notes.txt" is not a PDF, PNG, JPEG or TIFF file',
      ]);
    });

    it.each([
      ['a truncated PDF', 'half.pdf', fixtures.pdf.subarray(0, fixtures.pdf.length / 2), 'PDF'],
      [
        'a PDF header on garbage',
        'fake.pdf',
        Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 65), Buffer.from('%%EOF\n')]),
        'PDF',
      ],
      [
        'a truncated TIFF',
        'half.tif',
        fixtures.tiff.subarray(0, fixtures.tiff.length / 2),
        'TIFF image',
      ],
      [
        'a truncated PNG',
        'cut.png',
        fixtures.png.subarray(0, fixtures.png.length - 100),
        'PNG image',
      ],
      [
        'a truncated JPEG',
        'cut.jpg',
        fixtures.jpeg.subarray(0, fixtures.jpeg.length / 2),
        'JPEG image',
      ],
    ])('%s', async (_label, name, bytes, what) => {
      const response = await uploadForm(
        w.users.carrierUser,
        { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: w.delivered.shipment.id },
        { name, bytes },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.file).toEqual([
        `The file "${name}" is a damaged ${what} and cannot be opened`,
      ]);
    });

    it('data that is not base64', async () => {
      const response = await uploadJson(w.users.carrierUser, {
        name: 'a.pdf',
        type: DocumentType.ShipmentMiscellaneous,
        shipmentId: w.delivered.shipment.id,
        data: 'this is not base64!',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.data).toEqual(['data must be the file encoded in base64']);
    });

    it('unknown fields and a second file', async () => {
      const json = await uploadJson(w.users.carrierUser, {
        name: 'a.pdf',
        type: DocumentType.ShipmentMiscellaneous,
        shipmentId: w.delivered.shipment.id,
        data: fixtures.pdf.toString('base64'),
        folder: '/tmp',
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().errors.folder).toEqual(['folder is not a known field']);
      const form = await uploadForm(
        w.users.carrierUser,
        {
          type: String(DocumentType.ShipmentMiscellaneous),
          shipmentId: w.delivered.shipment.id,
          owner: 'x',
        },
        { name: 'a.pdf', bytes: fixtures.pdf },
      );
      expect(form.statusCode).toBe(400);
      expect(form.json().errors.owner).toEqual(['owner is not a known field']);
    });

    it("another company's stop, shipment, invoice or case answers 404", async () => {
      const attempts: Record<string, string>[] = [
        { type: String(DocumentType.ProofOfDelivery), orderStopId: w.delivered.deliveryStop.id },
        { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: w.delivered.shipment.id },
        { type: String(DocumentType.ApInvoice), apInvoiceId: w.apInvoice.id },
        { type: String(DocumentType.ThirdParty), thirdPartyInvoiceId: w.invoice.id },
        { type: String(DocumentType.ShipmentMiscellaneous), caseId: w.accessorial.id },
      ];
      for (const fields of attempts) {
        const response = await uploadForm(w.users.otherCarrierUser, fields, {
          name: 'a.pdf',
          bytes: fixtures.pdf,
        });
        expect(response.statusCode, JSON.stringify(fields)).toBe(404);
      }
    });

    it('freight the caller only sees on the load board answers 403', async () => {
      const response = await uploadForm(
        w.users.otherCarrierUser,
        { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: w.loadBoard.shipment.id },
        { name: 'a.pdf', bytes: fixtures.pdf },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(
        `Only the companies on shipment ${w.loadBoard.shipment.shipmentNumber} can add its documents`,
      );
    });

    it('a pickup is not a dropoff', async () => {
      const response = await uploadForm(
        w.users.carrierUser,
        { type: String(DocumentType.ProofOfDelivery), orderStopId: w.delivered.pickupStop.id },
        { name: 'a.pdf', bytes: fixtures.pdf },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.orderStopId).toEqual([
        'orderStopId must be a dropoff (a delivery stop)',
      ]);
    });

    it('a settled invoice takes no more documents', async () => {
      const response = await uploadForm(
        w.users.carrierUser,
        { type: String(DocumentType.ThirdParty), thirdPartyInvoiceId: w.settledInvoice.id },
        { name: 'a.pdf', bytes: fixtures.pdf },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(
        `Invoice ${w.settledInvoice.invoiceNumber} is settled; its documents can no longer change`,
      );
    });

    it('no token', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/documents',
        payload: { name: 'a.pdf', type: 45, shipmentId: w.delivered.shipment.id, data: 'AAAA' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  it('answers a retried upload with the first answer when it carries the same Idempotency-Key', async () => {
    const before = await documentRowCount();
    const send = () =>
      uploadJson(
        w.users.carrierUser,
        {
          name: 'retry.png',
          type: DocumentType.ShipmentMiscellaneous,
          shipmentId: w.delivered.shipment.id,
          data: fixtures.png.toString('base64'),
        },
        { 'idempotency-key': 'upload-retry-1' },
      );
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().resultId).toBe(first.json().resultId);
    expect(await documentRowCount()).toBe(before + 1);
  });

  it('refuses an Idempotency-Key reused with another file or other fields (422), storing nothing', async () => {
    const send = (name: string, data: Buffer) =>
      uploadJson(
        w.users.carrierUser,
        {
          name,
          type: DocumentType.ShipmentMiscellaneous,
          shipmentId: w.delivered.shipment.id,
          data: data.toString('base64'),
        },
        { 'idempotency-key': 'upload-reused-1' },
      );
    expect((await send('first.png', fixtures.png)).statusCode).toBe(201);
    const before = await documentRowCount();
    for (const [name, data] of [
      ['first.png', fixtures.jpeg],
      ['renamed.png', fixtures.png],
    ] as const) {
      const reused = await send(name, data);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors['Idempotency-Key']).toEqual([
        'This key was already used for a different request',
      ]);
    }
    expect(await documentRowCount()).toBe(before);
  });
});

describe('document size limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ DOCUMENT_MAX_BYTES: '20000' });
  });
  afterAll(() => small.close());

  it('refuses a file over DOCUMENT_MAX_BYTES (413) in either form, and stores nothing', async () => {
    const world = await makePaperworkWorld(small.db);
    const form = multipart(
      { type: String(DocumentType.ShipmentMiscellaneous), shipmentId: world.delivered.shipment.id },
      { name: 'scan.tif', bytes: fixtures.tiff },
    );
    const streamed = await small.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/documents',
      payload: form.payload,
      headers: form.headers,
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().errors.file).toEqual(['The file "scan.tif" is larger than 20 KB']);

    const json = await small.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/documents',
      payload: {
        name: 'scan.tif',
        type: DocumentType.ShipmentMiscellaneous,
        shipmentId: world.delivered.shipment.id,
        data: fixtures.tiff.toString('base64'),
      },
    });
    expect(json.statusCode).toBe(413);
    expect(json.json().errors.data[0]).toMatch(/is larger than 20 KB$/);

    const rows = await small.db.system((tx) => tx.selectFrom('documents').select('id').execute());
    expect(rows).toEqual([]);
    const root = (small.ctx.documents as FileDocumentStore).root;
    expect(existsSync(root) ? readdirSync(root, { recursive: true }) : []).toEqual([]);
  });
});

describe('document lists', () => {
  let podId: string;
  beforeAll(async () => {
    const world = w;
    const pod = await uploadJson(world.users.carrierUser, {
      name: 'signed pod.pdf',
      type: DocumentType.ProofOfDelivery,
      orderStopId: world.delivered.deliveryStop.id,
      data: fixtures.pdf.toString('base64'),
    });
    podId = pod.json().resultId;
  });

  it("lists a shipment's documents, the proof of delivery marked required, and the missing bill of lading", async () => {
    for (const key of [w.delivered.shipment.id, w.delivered.shipment.shipmentNumber]) {
      const response = await get(w.users.carrierUser, `/api/v2/shipments/${key}/documents`);
      expect(response.statusCode).toBe(200);
      const { data, totalCount } = response.json();
      expect(totalCount).toBe(data.length);
      expect(data.find((item: { id?: string }) => item.id === podId)).toMatchObject({
        required: true,
        name: 'signed pod.pdf',
      });
      const missing = data.filter((item: { id?: string }) => item.id === undefined);
      expect(missing).toEqual([
        {
          name: 'Signed bill of lading',
          type: DocumentType.BillOfLading,
          typeName: 'Bill of Lading',
          entityType: EntityType.SHIPMENT,
          entityId: w.delivered.shipment.id,
          entityDescription: 'Signed bill of lading',
          required: true,
          orderStopId: null,
          shipmentId: w.delivered.shipment.id,
          canDelete: false,
        },
      ]);
      // Missing ones come after the stored ones.
      expect(data.at(-1).id).toBeUndefined();
      // A case's own papers stay with the case.
      expect(data.some((item: { entityType: number }) => item.entityType === EntityType.CASE)).toBe(
        false,
      );
    }
  });

  it('asks a delivered shipment with no invoice for a proof of delivery per dropoff', async () => {
    const response = await get(
      w.users.carrierUser,
      `/api/v2/shipments/${w.settledShipment.shipment.shipmentNumber}/documents`,
    );
    const { data } = response.json();
    expect(data).toEqual([
      expect.objectContaining({
        name: 'Proof of delivery, stop 2 (Atlanta, GA)',
        type: DocumentType.ProofOfDelivery,
        required: true,
        orderStopId: w.settledShipment.deliveryStop.id,
      }),
    ]);
    expect(data[0].id).toBeUndefined();
  });

  it("lists a third-party invoice's documents and required documents, by id and by number", async () => {
    for (const prefix of ['/api/v2/invoices', '/api/v1/third_party_payer_invoices']) {
      for (const key of [w.invoice.id, w.invoice.invoiceNumber]) {
        const documents = (await get(w.users.carrierUser, `${prefix}/${key}/documents`)).json();
        expect(documents.data.find((item: { id?: string }) => item.id === podId)?.required).toBe(
          true,
        );
        expect(
          documents.data
            .filter((item: { id?: string }) => !item.id)
            .map((item: { name: string }) => item.name),
        ).toEqual(['Signed bill of lading']);

        const required = await get(w.users.factoringUser, `${prefix}/${key}/required_documents`);
        expect(required.statusCode).toBe(200);
        expect(required.json().data).toEqual([
          {
            fileType: DocumentType.ProofOfDelivery,
            typeName: 'Proof of Delivery',
            description: 'Proof of delivery, stop 2 (Dallas, TX)',
            entityType: EntityType.ORDER_STOP,
            orderStopId: w.delivered.deliveryStop.id,
            orderId: w.delivered.order.id,
            shipmentId: w.delivered.shipment.id,
            invoiceId: w.invoice.id,
            isUploaded: true,
            documentId: expect.any(String),
          },
          expect.objectContaining({
            fileType: DocumentType.BillOfLading,
            isUploaded: false,
            documentId: null,
          }),
        ]);
      }
    }
  });

  it('finds documents by exactly one key: invoice, order, shipment, company, AP invoice or case', async () => {
    const find = (user: User, query: string) => get(user, `/api/v2/documents?${query}`);
    const names = async (user: User, query: string) => {
      const response = await find(user, query);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((item: { name: string }) => item.name);
    };
    expect(
      await names(w.users.carrierUser, `shipmentNumber=${w.delivered.shipment.shipmentNumber}`),
    ).toContain('signed pod.pdf');
    expect(await names(w.users.carrierUser, `caseNumber=${w.accessorial.caseNumber}`)).toEqual([
      'gate log.png',
    ]);
    expect(await names(w.users.carrierUser, `caseId=${w.accessorial.id}`)).toEqual([
      'gate log.png',
    ]);
    expect(await names(w.users.carrierUser, `invoiceNumber=${w.invoice.invoiceNumber}`)).toContain(
      'freight invoice.pdf',
    );
    expect(await names(w.users.factoringUser, `apInvoiceId=${w.apInvoice.id}`)).toEqual(
      expect.arrayContaining(['receipt.png', 'trailer.jpg']),
    );
    expect(
      await names(w.users.carrierUser, `apInvoiceNumber=${w.apInvoice.invoiceNumber}`),
    ).toHaveLength(3);
    expect(await names(w.users.operatorUser, `orderId=${w.delivered.order.id}`)).toContain(
      'signed pod.pdf',
    );
    expect(await names(w.users.carrierUser, `companyId=${w.carrier.id}`)).toEqual([]);

    expect((await find(w.users.carrierUser, `companyId=${w.otherCarrier.id}`)).statusCode).toBe(
      404,
    );
    const none = await find(w.users.carrierUser, '');
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toMatch(/^Give exactly one of invoiceId, invoiceNumber, orderId/);
    const two = await find(
      w.users.carrierUser,
      `caseId=${w.accessorial.id}&shipmentId=${w.delivered.shipment.id}`,
    );
    expect(two.statusCode).toBe(400);
    expect(Object.keys(two.json().errors).sort()).toEqual(['caseId', 'shipmentId']);
    expect((await find(w.users.carrierUser, 'shipmentId=not-a-uuid')).statusCode).toBe(400);
  });

  it("answers 404 for another company's shipment, invoice, case or document", async () => {
    const other = w.users.otherCarrierUser;
    for (const url of [
      `/api/v2/shipments/${w.delivered.shipment.shipmentNumber}/documents`,
      `/api/v2/invoices/${w.invoice.id}/documents`,
      `/api/v2/invoices/${w.invoice.invoiceNumber}/required_documents`,
      `/api/v2/documents?caseNumber=${w.accessorial.caseNumber}`,
      `/api/v2/documents?apInvoiceId=${w.apInvoice.id}`,
      `/api/v1/documents/${podId}`,
      `/api/v1/documents/00000000-0000-4000-8000-000000000000`,
    ]) {
      const response = await get(other, url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await get(w.users.brokerUser, `/api/v1/documents/${podId}`)).statusCode).toBe(404);
    // The operator sees the proof of delivery of its freight.
    expect((await get(w.users.operatorUser, `/api/v1/documents/${podId}`)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${podId}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/shipments/${w.delivered.shipment.id}/documents`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/v2/documents/{id}', () => {
  const upload = async (user: User, fields: Record<string, string>) =>
    (await uploadForm(user, fields, { name: 'delete-me.png', bytes: fixtures.png })).json()
      .resultId as string;

  it('deletes one of your documents: answers resultId, the file is gone, the list no longer has it', async () => {
    const id = await upload(w.users.carrierUser, {
      type: String(DocumentType.ShipmentMiscellaneous),
      shipmentId: w.delivered.shipment.id,
    });
    const key = await t.db.system((tx) =>
      tx
        .selectFrom('documents')
        .select('storageKey')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    const response = await t.injectAs(w.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/documents/${id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultId: id });
    expect((await get(w.users.carrierUser, `/api/v1/documents/${id}`)).statusCode).toBe(404);
    await expect(t.ctx.documents.get(key.storageKey)).rejects.toThrow();
    const list = (
      await get(w.users.carrierUser, `/api/v2/shipments/${w.delivered.shipment.id}/documents`)
    ).json();
    expect(list.data.some((item: { id?: string }) => item.id === id)).toBe(false);
    const again = await t.injectAs(w.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/documents/${id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another company's document, even one the caller sees", async () => {
    const operatorDocument = await upload(w.users.operatorUser, {
      type: String(DocumentType.ShipmentMiscellaneous),
      shipmentId: w.delivered.shipment.id,
    });
    const listed = (
      await get(w.users.carrierUser, `/api/v2/shipments/${w.delivered.shipment.id}/documents`)
    ).json();
    expect(
      listed.data.find((item: { id?: string }) => item.id === operatorDocument)?.canDelete,
    ).toBe(false);
    const seen = await t.injectAs(w.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/documents/${operatorDocument}`,
    });
    expect(seen.statusCode).toBe(404);
    const carrierDocument = await upload(w.users.carrierUser, {
      type: String(DocumentType.ShipmentMiscellaneous),
      shipmentId: w.delivered.shipment.id,
    });
    const unseen = await t.injectAs(w.users.otherCarrierUser, {
      method: 'DELETE',
      url: `/api/v2/documents/${carrierDocument}`,
    });
    expect(unseen.statusCode).toBe(404);
    expect(
      (await get(w.users.carrierUser, `/api/v1/documents/${carrierDocument}`)).statusCode,
    ).toBe(200);
  });

  it('answers 403 when the document is yours but locked: a driver and a colleague’s upload, a settled invoice', async () => {
    const colleagues = await upload(w.users.carrierUser, {
      type: String(DocumentType.ShipmentMiscellaneous),
      shipmentId: w.delivered.shipment.id,
    });
    const byDriver = await t.injectAs(w.users.driver, {
      method: 'DELETE',
      url: `/api/v2/documents/${colleagues}`,
    });
    expect(byDriver.statusCode).toBe(403);
    expect(byDriver.json().detail).toBe('Drivers can delete only the documents they uploaded');
    const own = await upload(w.users.driver, {
      type: String(DocumentType.ShipmentMiscellaneous),
      shipmentId: w.delivered.shipment.id,
    });
    expect(
      (await t.injectAs(w.users.driver, { method: 'DELETE', url: `/api/v2/documents/${own}` }))
        .statusCode,
    ).toBe(200);

    const onSettled = await t.db.system(async (tx) =>
      tx
        .insertInto('documents')
        .values({
          companyId: w.carrier.id,
          fileType: DocumentType.ThirdParty,
          entityType: EntityType.THIRD_PARTY,
          entityId: w.settledInvoice.id,
          name: 'settled.pdf',
          extension: 'pdf',
          contentType: 'application/pdf',
          sizeBytes: 10,
          sha256: 'x',
          storageKey: `${w.carrier.id}/settled-invoice-copy`,
          thirdPartyInvoiceId: w.settledInvoice.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const settled = await t.injectAs(w.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/documents/${onSettled.id}`,
    });
    expect(settled.statusCode).toBe(403);
    expect(settled.json().detail).toBe(
      'The invoice is settled; its documents can no longer change',
    );
  });
});

describe('PUT /api/v2/documents/document-trigger/{shipmentId}', () => {
  it('makes the bill of lading as a PDF, replacing the previous one when triggered again', async () => {
    const first = await t.injectAs(w.users.carrierUser, {
      method: 'PUT',
      url: `/api/v2/documents/document-trigger/${w.delivered.shipment.id}`,
      payload: { fileType: DocumentType.BillOfLading },
    });
    expect(first.statusCode).toBe(200);
    const firstId = first.json().resultId;
    const file = await get(w.users.carrierUser, `/api/v1/documents/${firstId}`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['content-disposition']).toContain(
      `BOL_${w.delivered.shipment.shipmentNumber}.pdf`,
    );

    // The generated bill of lading answers the invoice's requirement.
    const required = (
      await get(w.users.carrierUser, `/api/v2/invoices/${w.invoice.id}/required_documents`)
    ).json();
    expect(required.data.find((item: { fileType: number }) => item.fileType === 16)).toMatchObject({
      isUploaded: true,
      documentId: firstId,
    });

    const second = await t.injectAs(w.users.carrierUser, {
      method: 'PUT',
      url: `/api/v2/documents/document-trigger/${w.delivered.shipment.shipmentNumber}`,
      payload: { fileType: DocumentType.BillOfLading },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().resultId).not.toBe(firstId);
    expect((await get(w.users.carrierUser, `/api/v1/documents/${firstId}`)).statusCode).toBe(404);
  });

  it('makes the carrier confirmation', async () => {
    const response = await t.injectAs(w.users.operatorUser, {
      method: 'PUT',
      url: `/api/v2/documents/document-trigger/${w.delivered.shipment.id}`,
      payload: { fileType: DocumentType.CarrierConfirmation },
    });
    expect(response.statusCode).toBe(200);
    const list = (
      await get(w.users.carrierUser, `/api/v2/shipments/${w.delivered.shipment.id}/documents`)
    ).json();
    expect(
      list.data.find((item: { id?: string }) => item.id === response.json().resultId),
    ).toMatchObject({
      type: DocumentType.CarrierConfirmation,
      canDelete: false,
    });
  });

  it.each([
    [{ fileType: 12 }, 400, 'fileType must be 16 (Bill of Lading) or 17 (Carrier Confirmation)'],
    [{}, 400, 'fileType is required'],
  ])('refuses %j', async (payload, status, detail) => {
    const response = await t.injectAs(w.users.carrierUser, {
      method: 'PUT',
      url: `/api/v2/documents/document-trigger/${w.delivered.shipment.id}`,
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBe(detail);
  });

  it("answers 404 for another company's shipment and 409 for freight with no carrier", async () => {
    const other = await t.injectAs(w.users.otherCarrierUser, {
      method: 'PUT',
      url: `/api/v2/documents/document-trigger/${w.delivered.shipment.id}`,
      payload: { fileType: 16 },
    });
    expect(other.statusCode).toBe(404);
    const noCarrier = await t.injectAs(w.users.operatorUser, {
      method: 'PUT',
      url: `/api/v2/documents/document-trigger/${w.loadBoard.shipment.id}`,
      payload: { fileType: 17 },
    });
    expect(noCarrier.statusCode).toBe(409);
    expect(noCarrier.json().detail).toBe(
      `Shipment ${w.loadBoard.shipment.shipmentNumber} has no carrier yet`,
    );
  });
});

describe('documents in an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: TestApp;
  let world: PaperworkWorld;
  beforeAll(async () => {
    s3 = await startS3Server();
    app = await startTestApp(s3.env);
    world = await makePaperworkWorld(app.db);
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it('streams an upload into the bucket and back byte for byte, and deletes it there', async () => {
    const form = multipart(
      { type: String(DocumentType.ProofOfDelivery), orderStopId: world.delivered.deliveryStop.id },
      { name: 'scan.tif', bytes: fixtures.tiff },
    );
    const upload = await app.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/documents',
      payload: form.payload,
      headers: form.headers,
    });
    expect(upload.statusCode).toBe(201);
    const { resultId } = upload.json();
    const file = await app.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: `/api/v1/documents/${resultId}`,
    });
    expect(file.statusCode).toBe(200);
    expect(sha(file.rawPayload)).toBe(sha(fixtures.tiff));
    const removed = await app.injectAs(world.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/documents/${resultId}`,
    });
    expect(removed.json()).toEqual({ resultId });
    const key = await app.db.system((tx) =>
      tx
        .selectFrom('documents')
        .select('storageKey')
        .where('id', '=', resultId)
        .executeTakeFirstOrThrow(),
    );
    await expect(app.ctx.documents.get(key.storageKey)).rejects.toThrow(/No file/);
  });
});
