import type { SeededRandom } from './random';

// Just enough drawing to make believable pictures and scans without a canvas library:
// rectangles, lines, discs and a 5x7 bitmap font, on a grey (scan) or RGBA (picture) canvas.

const GLYPHS: Readonly<Record<string, string>> = {
  A: '.###.#...##...#######...##...##...#',
  B: '####.#...##...#####.#...##...#####.',
  C: '.###.#...##....#....#....#...#.###.',
  D: '####.#...##...##...##...##...#####.',
  E: '######....#....####.#....#....#####',
  F: '######....#....####.#....#....#....',
  G: '.###.#...##....#.####...##...#.####',
  H: '#...##...##...#######...##...##...#',
  I: '.###...#....#....#....#....#...###.',
  J: '..###...#....#....#....#.#..#..##..',
  K: '#...##..#.#.#..##...#.#..#..#.#...#',
  L: '#....#....#....#....#....#....#####',
  M: '#...###.###.#.##.#.##...##...##...#',
  N: '#...##...###..##.#.##..###...##...#',
  O: '.###.#...##...##...##...##...#.###.',
  P: '####.#...##...#####.#....#....#....',
  Q: '.###.#...##...##...##.#.##..#..##.#',
  R: '####.#...##...#####.#.#..#..#.#...#',
  S: '.#####....#.....###.....#....#####.',
  T: '#####..#....#....#....#....#....#..',
  U: '#...##...##...##...##...##...#.###.',
  V: '#...##...##...##...##...#.#.#...#..',
  W: '#...##...##...##.#.##.#.##.#.#.#.#.',
  X: '#...##...#.#.#...#...#.#.#...##...#',
  Y: '#...##...#.#.#...#....#....#....#..',
  Z: '#####....#...#...#...#...#....#####',
  '0': '.###.#...##..###.#.###..##...#.###.',
  '1': '..#...##....#....#....#....#...###.',
  '2': '.###.#...#....#...#...#...#...#####',
  '3': '#####...#...#.....#.....##...#.###.',
  '4': '...#...##..#.#.#..#.#####...#....#.',
  '5': '######....####.....#....##...#.###.',
  '6': '..##..#...#....####.#...##...#.###.',
  '7': '#####....#...#...#...#....#....#...',
  '8': '.###.#...##...#.###.#...##...#.###.',
  '9': '.###.#...##...#.####....#...#..##..',
  '.': '..........................##...##..',
  ',': '.....................##....#...#...',
  ':': '......##...##........##...##.......',
  '-': '...............#####...............',
  '/': '.........#...#...#...#...#.........',
  '#': '.#.#..#.#.#####.#.#.#####.#.#..#.#.',
  '(': '...#...#...#....#....#.....#.....#.',
  ')': '.#.....#.....#....#....#...#...#...',
  '&': '.##..#..#.#.#...#...#.#.##..#..##.#',
  "'": '..#....#...#.......................',
  $: '..#...#####.#...###...#.#####...#..',
  '!': '..#....#....#....#....#.........#..',
  _: '..............................#####',
  ' ': '...................................',
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

/** Width in pixels of text drawn at the given scale (one blank column between letters). */
export function textWidth(text: string, scale: number): number {
  return text.length * (GLYPH_WIDTH + 1) * scale - scale;
}

function forEachGlyphPixel(
  text: string,
  scale: number,
  visit: (x: number, y: number) => void,
): void {
  let cursor = 0;
  for (const character of text.toUpperCase()) {
    const glyph = GLYPHS[character] ?? GLYPHS[' ']!;
    for (let row = 0; row < GLYPH_HEIGHT; row++) {
      for (let column = 0; column < GLYPH_WIDTH; column++) {
        if (glyph[row * GLYPH_WIDTH + column] !== '#') continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) visit(cursor + column * scale + dx, row * scale + dy);
        }
      }
    }
    cursor += (GLYPH_WIDTH + 1) * scale;
  }
}

/** Eight-bit grey: 0 black, 255 white. Printed paper for scans. */
export class GreyCanvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height).fill(255);
  }

  set(x: number, y: number, value: number): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    this.pixels[py * this.width + px] = value;
  }

  fillRect(x: number, y: number, width: number, height: number, value = 0): void {
    for (let py = Math.max(0, y); py < Math.min(this.height, y + height); py++) {
      this.pixels.fill(
        value,
        py * this.width + Math.max(0, x),
        py * this.width + Math.min(this.width, x + width),
      );
    }
  }

  strokeRect(x: number, y: number, width: number, height: number, thickness = 2): void {
    this.fillRect(x, y, width, thickness);
    this.fillRect(x, y + height - thickness, width, thickness);
    this.fillRect(x, y, thickness, height);
    this.fillRect(x + width - thickness, y, thickness, height);
  }

  line(x0: number, y0: number, x1: number, y1: number, thickness = 2): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let step = 0; step <= steps; step++) {
      const x = x0 + ((x1 - x0) * step) / steps;
      const y = y0 + ((y1 - y0) * step) / steps;
      for (let dy = 0; dy < thickness; dy++)
        for (let dx = 0; dx < thickness; dx++) this.set(x + dx, y + dy, 0);
    }
  }

  text(x: number, y: number, text: string, scale = 2): void {
    forEachGlyphPixel(text, scale, (dx, dy) => this.set(x + dx, y + dy, 0));
  }

  /** A handwritten-looking signature: a wobbly stroke drawn from the random stream. */
  signature(x: number, y: number, width: number, random: SeededRandom): void {
    let previousX = x;
    let previousY = y;
    const loops = random.int(5, 9);
    for (let index = 1; index <= loops * 8; index++) {
      const t = index / (loops * 8);
      const nextX = x + t * width + Math.sin(index * 0.9) * 10;
      const nextY = y + Math.sin(index * 0.75 + random.next()) * 16 - t * 6;
      this.line(previousX, previousY, nextX, nextY, 3);
      previousX = nextX;
      previousY = nextY;
    }
  }

  /** Scanner speckle and a faint grey edge, so the page looks scanned rather than printed. */
  scanNoise(random: SeededRandom, density = 0.0004): void {
    const count = Math.floor(this.width * this.height * density);
    for (let index = 0; index < count; index++) {
      this.set(random.int(0, this.width - 1), random.int(0, this.height - 1), 0);
    }
    this.fillRect(0, 0, 6, this.height, 0);
  }

  /** One bit per pixel, rows padded to whole bytes, 1 = black (for a WhiteIsZero TIFF). */
  toBilevel(): Uint8Array {
    const rowBytes = Math.ceil(this.width / 8);
    const bits = new Uint8Array(rowBytes * this.height);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        if (this.pixels[y * this.width + x]! < 128)
          bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    return bits;
  }
}

export type Rgb = readonly [number, number, number];

export function hexColor(hex: string): Rgb {
  const value = parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** RGBA pictures for PNG files. */
export class RgbaCanvas {
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.data = Buffer.alloc(width * height * 4);
    this.fillRect(0, 0, width, height, background);
  }

  set(x: number, y: number, color: Rgb, alpha = 1): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    const offset = (py * this.width + px) * 4;
    for (let channel = 0; channel < 3; channel++) {
      const current = this.data[offset + channel]!;
      this.data[offset + channel] = Math.round(current * (1 - alpha) + color[channel]! * alpha);
    }
    this.data[offset + 3] = 255;
  }

  fillRect(x: number, y: number, width: number, height: number, color: Rgb): void {
    for (let py = Math.max(0, y); py < Math.min(this.height, y + height); py++) {
      for (let px = Math.max(0, x); px < Math.min(this.width, x + width); px++)
        this.set(px, py, color);
    }
  }

  /** Top-to-bottom blend between two colours. */
  gradient(x: number, y: number, width: number, height: number, top: Rgb, bottom: Rgb): void {
    for (let row = 0; row < height; row++) {
      const t = height > 1 ? row / (height - 1) : 0;
      const color: Rgb = [
        Math.round(top[0] + (bottom[0] - top[0]) * t),
        Math.round(top[1] + (bottom[1] - top[1]) * t),
        Math.round(top[2] + (bottom[2] - top[2]) * t),
      ];
      this.fillRect(x, y + row, width, 1, color);
    }
  }

  disc(centerX: number, centerY: number, radius: number, color: Rgb): void {
    for (let y = -radius; y <= radius; y++) {
      for (let x = -radius; x <= radius; x++) {
        const distance = Math.sqrt(x * x + y * y);
        if (distance <= radius)
          this.set(centerX + x, centerY + y, color, Math.min(1, radius - distance + 0.5));
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, color: Rgb, thickness = 2): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let step = 0; step <= steps; step++) {
      const x = x0 + ((x1 - x0) * step) / steps;
      const y = y0 + ((y1 - y0) * step) / steps;
      this.fillRect(Math.round(x), Math.round(y), thickness, thickness, color);
    }
  }

  text(x: number, y: number, text: string, scale: number, color: Rgb): void {
    forEachGlyphPixel(text, scale, (dx, dy) => this.set(x + dx, y + dy, color));
  }

  centeredText(centerX: number, y: number, text: string, scale: number, color: Rgb): void {
    this.text(Math.round(centerX - textWidth(text, scale) / 2), y, text, scale, color);
  }
}
