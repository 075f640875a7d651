// The web app's first-load budget: the JavaScript the page shell loads before any screen (the entry
// script and what it preloads), gzip-compressed, must stay within SHELL_JS_GZIP_BUDGET. Screens load
// their own chunks when opened. Run after `npm run build`; exits 1 over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The target is 150 KB; the shell's React, MUI, router and query cache alone take about 190 KB, so the
// budget holds today's figure against growth until the shell sheds weight (decision 154).
export const SHELL_JS_GZIP_BUDGET = 260 * 1024;

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
].map((match) => match[1]);

let total = 0;
for (const script of scripts) {
  const size = gzipSync(readFileSync(join(dist, script))).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB gzip  ${script}`);
}
const verdict = total <= SHELL_JS_GZIP_BUDGET ? 'within' : 'OVER';
console.log(
  `shell JavaScript: ${(total / 1024).toFixed(1)} KB gzip, ${verdict} the budget of ${SHELL_JS_GZIP_BUDGET / 1024} KB`,
);
process.exit(scripts.length > 0 && total <= SHELL_JS_GZIP_BUDGET ? 0 : 1);
