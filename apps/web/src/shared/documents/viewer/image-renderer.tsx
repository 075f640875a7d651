import { useEffect, useState } from 'react';
import { RasterView } from './raster-view';
import type { RendererProps } from './renderer';

/** PNG and JPEG: one page. */
export function ImageRenderer({
  blob,
  name,
  zoom,
  rotation,
  onLoad,
  onPageSize,
  onError,
  printPages,
}: RendererProps) {
  const [url, setUrl] = useState<string>();
  const [size, setSize] = useState<{ width: number; height: number }>();

  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    const probe = new Image();
    probe.onload = () => {
      const natural = { width: probe.naturalWidth, height: probe.naturalHeight };
      setSize(natural);
      onLoad({ pageCount: 1 });
      onPageSize(natural);
    };
    probe.onerror = () => onError(new Error('The picture cannot be shown'));
    probe.src = objectUrl;
    printPages.current = async () => [objectUrl];
    return () => {
      probe.onload = null;
      probe.onerror = null;
      URL.revokeObjectURL(objectUrl);
    };
    // The callbacks are the viewer's stable setters; the picture is loaded once per file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blob]);

  if (!url || !size) return null;
  return (
    <RasterView
      src={url}
      alt={name}
      width={size.width}
      height={size.height}
      zoom={zoom}
      rotation={rotation}
    />
  );
}
