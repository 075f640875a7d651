import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { viewerExtension, viewerRenderer } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { documentFileOptions, documentKeys } from '../api/documents-api';

interface DocumentThumbnailProps {
  id: string;
  extension: string | undefined;
  fileURL: string | undefined;
  size: number;
}

/** Draws once the tile scrolls into view. */
function useInView<T extends Element>() {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);
  return [ref, inView] as const;
}

/** A document's first page at tile size: the picture itself, or a drawing of the PDF or scan. */
export function DocumentThumbnail({ id, extension, fileURL, size }: DocumentThumbnailProps) {
  const queryClient = useQueryClient();
  const viewable = viewerExtension(extension ? `.${extension}` : undefined);
  const kind = viewable ? viewerRenderer(viewable) : undefined;
  const [ref, inView] = useInView<HTMLDivElement>();
  const drawn = useQuery({
    queryKey: documentKeys.thumbnail(id),
    queryFn: async () => {
      const blob = await queryClient.fetchQuery(documentFileOptions(fileURL!));
      const { renderThumbnail } = await import('../viewer/thumbnails');
      return renderThumbnail(kind === 'pdf' ? 'pdf' : 'tiff', blob);
    },
    enabled: inView && Boolean(fileURL) && (kind === 'pdf' || kind === 'tiff'),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
  const [imageFailed, setImageFailed] = useState(false);

  const frame = {
    width: size,
    height: size,
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
    p: 0.75,
  } as const;
  const fallback = (
    <Box ref={ref} sx={{ ...frame, color: 'text.secondary' }} aria-hidden>
      {kind === 'pdf' ? (
        <PictureAsPdfOutlinedIcon sx={{ fontSize: 48 }} />
      ) : kind ? (
        <ImageOutlinedIcon sx={{ fontSize: 48 }} />
      ) : (
        <DescriptionOutlinedIcon sx={{ fontSize: 48 }} />
      )}
    </Box>
  );

  if (kind === 'image' && fileURL && !imageFailed) {
    return (
      <Box ref={ref} sx={frame} data-replay-block>
        <img
          src={fileURL}
          alt=""
          loading="lazy"
          onError={() => setImageFailed(true)}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      </Box>
    );
  }
  if ((kind === 'pdf' || kind === 'tiff') && !drawn.isError) {
    return (
      <Box ref={ref} sx={frame} data-replay-block>
        {drawn.data ? (
          <img
            src={drawn.data}
            alt=""
            style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        ) : (
          <Skeleton variant="rectangular" width={size * 0.75} height={size * 0.9} />
        )}
      </Box>
    );
  }
  return fallback;
}
