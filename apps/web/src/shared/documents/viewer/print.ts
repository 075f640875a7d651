/**
 * Prints pages (image addresses) from a hidden frame of this page, so printing works the same for
 * PDF, pictures and scans and needs no pop-up window.
 */
export async function printPages(title: string, pageUrls: readonly string[]): Promise<void> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.title = `Print ${title}`;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
    visibility: 'hidden',
  });
  document.body.appendChild(frame);
  try {
    const doc = frame.contentDocument!;
    doc.title = title;
    const style = doc.createElement('style');
    style.textContent =
      '@page { margin: 0.4in; } html, body { margin: 0; } img { display: block; width: 100%; height: auto; page-break-after: always; break-after: page; } img:last-child { page-break-after: auto; break-after: auto; }';
    doc.head.appendChild(style);
    await Promise.all(
      pageUrls.map(
        (url, index) =>
          new Promise<void>((resolve, reject) => {
            const image = doc.createElement('img');
            image.alt = `${title}, page ${index + 1}`;
            image.onload = () => resolve();
            image.onerror = () => reject(new Error(`Page ${index + 1} could not be prepared`));
            image.src = url;
            doc.body.appendChild(image);
          }),
      ),
    );
    frame.contentWindow!.focus();
    frame.contentWindow!.print();
  } finally {
    // Printing is synchronous in most browsers; give the rest a moment before the frame goes.
    setTimeout(() => frame.remove(), 1000);
  }
}

/** Saves a file the browser already holds, under its own name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
