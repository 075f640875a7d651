import { DOCUMENT_MESSAGES, UPLOAD_MESSAGES, UploadKind } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UploadDocumentDialog, type UploadDocumentDialogProps } from './upload-document-dialog';

/** XMLHttpRequest as the upload uses it: progress, then the scripted answer. */
class FakeUpload {
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  static sent: { url: string; form: FormData; headers: Record<string, string> }[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  #url = '';
  #headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.#url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.#headers[name] = value;
  }
  abort() {}
  send(form: FormData) {
    FakeUpload.sent.push({ url: this.#url, form, headers: this.#headers });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    }, 10);
  }
}

beforeEach(() => {
  FakeUpload.sent = [];
  FakeUpload.answer = { status: 201, body: { resultId: 'new-id', data: {} } };
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => vi.unstubAllGlobals());

const stops = [{ stopId: 'stop-2', stopNumber: 2, label: 'Stop 2 - Dallas, TX' }];

function open(overrides: Partial<UploadDocumentDialogProps> = {}) {
  const onClose = vi.fn();
  renderWithProviders(
    <UploadDocumentDialog
      open
      onClose={onClose}
      kinds={[
        UploadKind.proofOfDelivery,
        UploadKind.shipmentMiscellaneous,
        UploadKind.apInvoice,
        UploadKind.thirdParty,
      ]}
      dropoffs={stops}
      references={{ shipmentId: 'shipment-1' }}
      {...overrides}
    />,
  );
  return { onClose };
}

async function chooseType(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'File type' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** Chooses a file and waits until the dialog holds it. */
async function chooseFile(name = 'pod.pdf', type = 'application/pdf', size = 1200) {
  const file = new File([new Uint8Array(size)], name, { type });
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
  await screen.findByText((text) => text.startsWith(name) || text.includes(`"${name}"`));
  return file;
}

const upload = () => fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

describe('UploadDocumentDialog', () => {
  it('asks for the file first, then the type, then the dropoff', async () => {
    open();
    upload();
    expect((await screen.findByRole('alert')).textContent).toContain(UPLOAD_MESSAGES.selectFile);
    await chooseFile();
    expect(screen.getByText('pod.pdf (1 KB)')).toBeTruthy();
    upload();
    expect((await screen.findByRole('alert')).textContent).toContain(
      UPLOAD_MESSAGES.selectFileType,
    );
    await chooseType('Proof of Delivery');
    upload();
    expect((await screen.findByRole('alert')).textContent).toContain(UPLOAD_MESSAGES.noDropoff);
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it('needs a shipment for shipment miscellaneous and an invoice for the invoice kinds', async () => {
    open({ references: {} });
    await chooseFile();
    await chooseType('Shipment Miscellaneous');
    upload();
    expect((await screen.findByRole('alert')).textContent).toContain(UPLOAD_MESSAGES.noShipment);
    await chooseType('Third Party');
    upload();
    expect((await screen.findByRole('alert')).textContent).toContain(UPLOAD_MESSAGES.noInvoice);
    await chooseType('AP Invoice');
    upload();
    expect((await screen.findByRole('alert')).textContent).toContain(UPLOAD_MESSAGES.noInvoice);
  });

  it('files a proof of delivery on the chosen stop, shows progress, toasts and closes', async () => {
    const { onClose } = open({ references: { shipmentId: 'shipment-1', caseId: 'case-1' } });
    await chooseType('Proof of Delivery');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Stop' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Stop 2 - Dallas, TX' }));
    const file = await chooseFile();
    upload();
    expect(await screen.findByText(/Uploading…/)).toBeTruthy();
    expect(await screen.findByText(DOCUMENT_MESSAGES.uploaded)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const [sent] = FakeUpload.sent;
    expect(sent!.url).toBe('/api/v2/documents');
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent!.form.get('type')).toBe('12');
    expect(sent!.form.get('orderStopId')).toBe('stop-2');
    expect(sent!.form.get('caseId')).toBe('case-1');
    // A proof of delivery is filed on its stop, not on the shipment.
    expect(sent!.form.get('shipmentId')).toBeNull();
    expect((sent!.form.get('file') as File).name).toBe(file.name);
  });

  it("shows the server's message when the upload is refused, and stays open", async () => {
    FakeUpload.answer = {
      status: 415,
      body: {
        status: 415,
        title: 'Unsupported Media Type',
        detail: 'The file "pod.pdf" is named .pdf but its content is a PNG image',
      },
    };
    const { onClose } = open();
    await chooseType('Shipment Miscellaneous');
    await chooseFile();
    upload();
    expect(
      await screen.findByText('The file "pod.pdf" is named .pdf but its content is a PNG image'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says "An unknown error has occurred" when there is no answer at all', async () => {
    FakeUpload.answer = { status: 0, body: undefined };
    open();
    await chooseType('Shipment Miscellaneous');
    await chooseFile();
    upload();
    expect(await screen.findByText(DOCUMENT_MESSAGES.unknownError)).toBeTruthy();
  });

  it('refuses a file the portal does not keep before sending it', async () => {
    open();
    await chooseFile(
      'notes.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The file "notes.docx" is not a PDF, PNG, JPEG or TIFF file',
    );
  });

  it('takes a dropped file and a pasted one', async () => {
    open();
    const zone = screen.getByTestId('upload-drop-zone');
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File([new Uint8Array(10)], 'scan.tif', { type: 'image/tiff' })] },
    });
    expect(await screen.findByText(/scan\.tif/)).toBeTruthy();
    fireEvent.paste(zone, {
      clipboardData: {
        files: [new File([new Uint8Array(10)], 'image.png', { type: 'image/png' })],
        items: [],
      },
    });
    expect(await screen.findByText(/image\.png/)).toBeTruthy();
    expect(within(zone).queryByText(/scan\.tif/)).toBeNull();
  });

  it('opens with the type and stop of a missing required document chosen', async () => {
    open({ initialKind: UploadKind.proofOfDelivery, initialStopId: 'stop-2' });
    expect(screen.getByRole('combobox', { name: 'File type' }).textContent).toBe(
      'Proof of Delivery',
    );
    expect(screen.getByRole('combobox', { name: 'Stop' }).textContent).toBe('Stop 2 - Dallas, TX');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('pasted pictures', () => {
  it('says so when the browser cannot read a pasted HEIC photo', async () => {
    open();
    fireEvent.paste(screen.getByTestId('upload-drop-zone'), {
      clipboardData: {
        files: [new File([new Uint8Array(10)], 'IMG_0042.HEIC', { type: 'image/heic' })],
        items: [],
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '"IMG_0042.HEIC" could not be read by this browser; save it as JPEG or PNG and add it again',
    );
  });
});
