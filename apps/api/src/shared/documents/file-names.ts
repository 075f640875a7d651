const MAX_NAME_LENGTH = 150;

/**
 * A file name safe to store and to hand back in a download: no folders, no control characters,
 * none of the characters file systems refuse, at most 150 characters (the extension kept).
 */
export function sanitizeFileName(input: string): string {
  const base = input.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    // Control characters, and the characters Windows, macOS or a shell would choke on.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - extension.length).trimEnd() + extension;
  }
  return name;
}

/** The part after the last dot, lower-cased, or '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

// RFC 5987: what encodeURIComponent leaves alone but a header parameter may not carry.
const encodeHeaderValue = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Content-Disposition with a plain ASCII filename for old clients and the exact UTF-8 name
 * (filename*) for the rest.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%]/g, '')
      .trim() || 'document';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeHeaderValue(fileName)}`;
}

/**
 * A file the portal hands back as it was given (an upload, an export): the browser saves it rather
 * than showing it, and should it be opened anyway it runs as a sandboxed page with no script, no
 * form, no plug-in and nothing loaded from anywhere (decision 186).
 */
export const DOWNLOAD_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export function downloadHeaders(
  fileName: string,
  type: 'inline' | 'attachment' = 'attachment',
): Record<string, string> {
  return {
    'content-disposition': contentDisposition(type, fileName),
    'content-security-policy': DOWNLOAD_CONTENT_SECURITY_POLICY,
  };
}
