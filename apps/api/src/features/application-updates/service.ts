import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApplicationUpdate } from '@portal/contract';
import { repoRoot } from '../../shared/paths';

// What changed in the portal, read from CHANGELOG.md at the repository's root (decision 125):
// each "## YYYY-MM-DD Title" heading starts an entry, the text under it is its details.

export const CHANGELOG_PATH = join(repoRoot, 'CHANGELOG.md');

export function parseChangelog(text: string): ApplicationUpdate[] {
  const entries: ApplicationUpdate[] = [];
  let current: { date: string; title: string; lines: string[] } | undefined;
  const finish = () => {
    if (current)
      entries.push({
        date: current.date,
        title: current.title,
        details: current.lines.join(' ').replace(/\s+/g, ' ').trim(),
      });
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = /^##\s+(\d{4}-\d{2}-\d{2})\s+(.+?)\s*$/.exec(line);
    if (heading) {
      finish();
      current = { date: heading[1]!, title: heading[2]!, lines: [] };
    } else if (current && !line.startsWith('#')) {
      current.lines.push(line);
    }
  }
  finish();
  // Newest first; entries of one day keep the file's order.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.date.localeCompare(a.entry.date) || a.index - b.index)
    .map(({ entry }) => entry);
}

export async function applicationUpdates(): Promise<ApplicationUpdate[]> {
  return parseChangelog(await readFile(CHANGELOG_PATH, 'utf8'));
}
