import {
  isAcceptedPastedImageType,
  STORED_FILE_FORMAT_LIST,
  storedFormatForExtension,
} from '@portal/domain';

/** Pictures a phone or a screenshot tool hands over in formats the portal does not keep. */
const CONVERTED_TYPES: Record<string, string> = {
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

export class UnusableFileError extends Error {
  override name = 'UnusableFileError';
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function mediaType(file: File): string {
  if (file.type) return file.type.toLowerCase();
  const extension = extensionOf(file.name);
  const byExtension = Object.entries(CONVERTED_TYPES).find(([, name]) => name === extension);
  return byExtension?.[0] ?? '';
}

async function toJpeg(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new UnusableFileError(
      `"${file.name}" could not be read by this browser; save it as JPEG or PNG and add it again`,
    );
  }
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d')!;
  // Transparent pixels (GIF, WebP) become white, as on paper.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.92),
  );
  if (!blob) throw new UnusableFileError(`"${file.name}" could not be converted`);
  const base = file.name.replace(/\.[^.]*$/, '') || 'pasted-image';
  return new File([blob], `${base}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
}

/**
 * Readies a chosen, dropped or pasted file for upload. Dropped and pasted pictures may be HEIC,
 * HEIF, GIF or WebP: they are turned into JPEG here so every stored document can be viewed. Other
 * files must already be PDF, PNG, JPEG or TIFF (the server checks the content again).
 */
export async function prepareUploadFile(
  file: File,
  origin: 'picker' | 'drop' | 'paste',
): Promise<File> {
  const type = mediaType(file);
  if (origin !== 'picker' && type in CONVERTED_TYPES && isAcceptedPastedImageType(type)) {
    return toJpeg(file);
  }
  const extension = extensionOf(file.name);
  const knownByName = extension && storedFormatForExtension(extension);
  const knownByType = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'].includes(type);
  if (!knownByName && !(knownByType && !extension)) {
    throw new UnusableFileError(`The file "${file.name}" is not a ${STORED_FILE_FORMAT_LIST} file`);
  }
  if (file.size === 0) throw new UnusableFileError(`The file "${file.name}" is empty`);
  return file;
}
