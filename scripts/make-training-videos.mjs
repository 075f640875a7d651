/* global document, MediaRecorder, requestAnimationFrame -- the recording runs in the browser page */
// Renders the short training videos shipped with the portal (apps/api/assets/videos/*.webm):
// each is drawn on a canvas in Chromium and recorded with MediaRecorder (VP8 WebM), so no video
// tool is needed. Run: node scripts/make-training-videos.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const folder = join(import.meta.dirname, '..', 'apps', 'api', 'assets', 'videos');
const manifest = JSON.parse(await readFile(join(folder, 'videos.json'), 'utf8'));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
for (const video of manifest) {
  const base64 = await page.evaluate(
    async ({ title, steps, seconds }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 360;
      document.body.append(canvas);
      const context = canvas.getContext('2d');
      const stream = canvas.captureStream(15);
      const recorder = new MediaRecorder(stream, {
        mimeType: 'video/webm;codecs=vp8',
        videoBitsPerSecond: 120_000,
      });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const done = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      const start = performance.now();
      await new Promise((resolve) => {
        const frame = () => {
          const elapsed = (performance.now() - start) / 1000;
          const step = Math.min(steps.length - 1, Math.floor((elapsed / seconds) * steps.length));
          context.fillStyle = '#1565C0';
          context.fillRect(0, 0, 640, 360);
          context.fillStyle = '#ffffff';
          context.font = 'bold 30px sans-serif';
          context.fillText(title, 32, 64);
          context.font = '22px sans-serif';
          steps.forEach((text, index) => {
            context.globalAlpha = index <= step ? 1 : 0.35;
            context.fillText(`${index + 1}. ${text}`, 48, 130 + index * 44);
          });
          context.globalAlpha = 1;
          // A truck crossing the bottom edge as the video plays.
          const x = -80 + (elapsed / seconds) * 760;
          context.fillRect(x, 300, 70, 28);
          context.fillRect(x + 72, 308, 26, 20);
          context.fillStyle = '#0d47a1';
          context.beginPath();
          context.arc(x + 16, 332, 7, 0, Math.PI * 2);
          context.arc(x + 82, 332, 7, 0, Math.PI * 2);
          context.fill();
          if (elapsed < seconds) requestAnimationFrame(frame);
          else resolve();
        };
        frame();
      });
      recorder.stop();
      await done;
      const blob = new Blob(chunks, { type: 'video/webm' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let offset = 0; offset < bytes.length; offset += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
      canvas.remove();
      return btoa(binary);
    },
    { title: video.title, steps: video.steps, seconds: video.durationSeconds },
  );
  const file = join(folder, `${video.slug}.webm`);
  await writeFile(file, Buffer.from(base64, 'base64'));
  console.log(`${file}: ${Math.round(Buffer.from(base64, 'base64').length / 1024)} KB`);
}
await browser.close();
