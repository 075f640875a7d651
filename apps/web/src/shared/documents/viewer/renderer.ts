import type { Rotation } from '@portal/domain';
import type { RefObject } from 'react';

/** What a page renderer (PDF, picture, TIFF scan) is given and reports back. */
export interface RendererProps {
  blob: Blob;
  name: string;
  /** 1-based. */
  page: number;
  zoom: number;
  rotation: Rotation;
  onLoad(info: { pageCount: number }): void;
  /** The current page's size at zoom 1, unrotated. */
  onPageSize(size: { width: number; height: number }): void;
  onError(error: unknown): void;
  /** Filled by the renderer: every page as an image address, for printing. */
  printPages: RefObject<(() => Promise<string[]>) | null>;
}
