import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrainingVideo } from '@portal/contract';
import { apiRoot } from '../../shared/paths';
import { notFound } from '../../shared/http/errors';

// Training videos shipped with the portal (decision 125): WebM files and their manifest in
// apps/api/assets/videos, rendered by scripts/make-training-videos.mjs.

export const VIDEO_FOLDER = join(apiRoot, 'assets', 'videos');

interface ManifestEntry {
  slug: string;
  title: string;
  description: string;
  durationSeconds: number;
}

let manifest: Promise<ManifestEntry[]> | undefined;

function readManifest(): Promise<ManifestEntry[]> {
  manifest ??= readFile(join(VIDEO_FOLDER, 'videos.json'), 'utf8').then(
    (text) => JSON.parse(text) as ManifestEntry[],
  );
  return manifest;
}

export async function listVideos(): Promise<TrainingVideo[]> {
  return (await readManifest()).map((video) => ({
    slug: video.slug,
    title: video.title,
    description: video.description,
    durationSeconds: video.durationSeconds,
    contentType: 'video/webm',
    url: `/api/v1/videos/${video.slug}/file`,
  }));
}

export interface VideoPart {
  size: number;
  start: number;
  end: number;
  partial: boolean;
  stream: NodeJS.ReadableStream;
}

/**
 * The video's bytes, or the range a player asks for (bytes=start-end), so that it can seek. A slug
 * not in the manifest is not found (the file name never comes from the request).
 */
export async function openVideo(slug: string, range: string | undefined): Promise<VideoPart> {
  const video = (await readManifest()).find((entry) => entry.slug === slug);
  if (!video) throw notFound('Video');
  const path = join(VIDEO_FOLDER, `${video.slug}.webm`);
  const { size } = await stat(path);
  let start = 0;
  let end = size - 1;
  const asked = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (asked && (asked[1] || asked[2])) {
    if (asked[1]) {
      start = Number(asked[1]);
      if (asked[2]) end = Math.min(Number(asked[2]), size - 1);
    } else {
      start = Math.max(0, size - Number(asked[2]));
    }
  }
  if (start > end || start >= size) {
    start = 0;
    end = size - 1;
  }
  const handle = await open(path, 'r');
  return {
    size,
    start,
    end,
    partial: Boolean(asked) && (start > 0 || end < size - 1),
    stream: handle.createReadStream({ start, end }),
  };
}
