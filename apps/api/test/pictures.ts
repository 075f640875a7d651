import { PNG } from 'pngjs';

/** A small real PNG, in base64, for picture uploads in tests. */
export function pngBase64(width = 8, height = 8): string {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image).toString('base64');
}
