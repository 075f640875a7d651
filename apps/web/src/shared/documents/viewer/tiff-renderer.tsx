import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { RasterView } from './raster-view';
import type { RendererProps } from './renderer';
import { TiffDecoder, type TiffPageSize } from './tiff-decoder';

/** Multi-page TIFF scans, decoded in a worker one page at a time. */
export function TiffRenderer({
  blob,
  name,
  page,
  zoom,
  rotation,
  onLoad,
  onPageSize,
  onError,
  printPages,
}: RendererProps) {
  const decoder = useRef<TiffDecoder | null>(null);
  const urls = useRef(new Map<number, Promise<string>>());
  const [sizes, setSizes] = useState<TiffPageSize[]>();
  const [shown, setShown] = useState<{ index: number; url: string }>();
  const sizesRef = useRef<TiffPageSize[] | undefined>(undefined);
  sizesRef.current = sizes;

  useEffect(() => {
    const tiff = new TiffDecoder();
    const pageUrls = urls.current;
    decoder.current = tiff;
    let live = true;
    blob
      .arrayBuffer()
      .then((buffer) => tiff.open(buffer))
      .then((pages) => {
        if (!live) return;
        if (pages.length === 0) throw new Error('The scan has no pages');
        setSizes(pages);
        onLoad({ pageCount: pages.length });
      })
      .catch((error: unknown) => live && onError(error));
    printPages.current = () =>
      Promise.all((sizesRef.current ?? []).map((_size, index) => pageUrl(index)));
    return () => {
      live = false;
      tiff.close();
      for (const url of pageUrls.values()) url.then(URL.revokeObjectURL, () => undefined);
      pageUrls.clear();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blob]);

  function pageUrl(index: number): Promise<string> {
    let url = urls.current.get(index);
    if (!url) {
      url = decoder.current!.page(index).then((decoded) => URL.createObjectURL(decoded.blob));
      urls.current.set(index, url);
    }
    return url;
  }

  useEffect(() => {
    if (!sizes) return;
    const index = page - 1;
    const size = sizes[index];
    if (!size) return;
    onPageSize(size);
    let live = true;
    pageUrl(index)
      .then((url) => live && setShown({ index, url }))
      .catch((error: unknown) => live && onError(error));
    // The next page is decoded ahead, so paging through a scan does not wait.
    // (A failure there shows when that page is opened.)
    if (sizes[index + 1]) void pageUrl(index + 1).catch(() => null);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sizes, page]);

  const size = sizes?.[page - 1];
  if (!size || !shown || shown.index !== page - 1)
    return <CircularProgress aria-label="Loading page" sx={{ m: 'auto' }} />;
  return (
    <RasterView
      src={shown.url}
      alt={`${name}, page ${page}`}
      width={size.width}
      height={size.height}
      zoom={zoom}
      rotation={rotation}
    />
  );
}
