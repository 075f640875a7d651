/** A path's first segment, as the router compares it (case-insensitively): "/Shipments/1" → "shipments". */
export const firstPathSegment = (pathname: string) => (pathname.split('/')[1] ?? '').toLowerCase();
