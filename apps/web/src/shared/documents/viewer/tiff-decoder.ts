export interface TiffPageSize {
  width: number;
  height: number;
}

export interface DecodedTiffPage extends TiffPageSize {
  blob: Blob;
}

type Reply =
  | { id: number; ok: true; pages?: TiffPageSize[]; blob?: Blob; width?: number; height?: number }
  | { id: number; ok: false; error: string };

/** A TIFF opened in its own worker; pages are decoded there on request. */
export class TiffDecoder {
  readonly #worker: Worker;
  #next = 0;
  readonly #waiting = new Map<
    number,
    { resolve(reply: Reply): void; reject(error: Error): void }
  >();

  constructor() {
    this.#worker = new Worker(new URL('./tiff-worker.ts', import.meta.url), { type: 'module' });
    this.#worker.onmessage = (event: MessageEvent<Reply>) => {
      const waiting = this.#waiting.get(event.data.id);
      this.#waiting.delete(event.data.id);
      if (!waiting) return;
      if (event.data.ok) waiting.resolve(event.data);
      else waiting.reject(new Error(event.data.error));
    };
    this.#worker.onerror = (event) => {
      event.preventDefault();
      for (const waiting of this.#waiting.values()) waiting.reject(new Error(event.message));
      this.#waiting.clear();
    };
  }

  #ask(message: object, transfer: Transferable[] = []): Promise<Reply> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Reads the page directory; the buffer moves to the worker. */
  async open(buffer: ArrayBuffer): Promise<TiffPageSize[]> {
    const reply = await this.#ask({ kind: 'open', buffer }, [buffer]);
    return reply.ok ? (reply.pages ?? []) : [];
  }

  async page(index: number, maxSize?: number): Promise<DecodedTiffPage> {
    const reply = await this.#ask({ kind: 'page', index, maxSize });
    if (!reply.ok || !reply.blob) throw new Error('The page could not be decoded');
    return { blob: reply.blob, width: reply.width ?? 0, height: reply.height ?? 0 };
  }

  close(): void {
    this.#worker.terminate();
    for (const waiting of this.#waiting.values()) waiting.reject(new Error('closed'));
    this.#waiting.clear();
  }
}
