import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The API package's root, found the same way from source (src/...) and from the bundle (dist/server.js).
function findPackageRoot(start: string, name: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name
    ) {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the ${name} package root from ${start}`);
    dir = parent;
  }
}

export const apiRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)), '@portal/api');
export const repoRoot = dirname(dirname(apiRoot));
