// A small seeded random source for the demo world: the same seed builds the same world.

/** FNV-1a: a stable 32-bit hash of a label, used to derive independent streams from one seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An independent stream for one part of the world, so that changing one part leaves the others alone. */
  fork(label: string): SeededRandom {
    return new SeededRandom(hashString(`${this.#state}:${label}`));
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One of the entries, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.next() * total;
    for (const [value, weight] of entries) {
      target -= weight;
      if (target < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('Cannot pick from an empty list');
    return last[0];
  }

  /** A copy in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  }

  /** count distinct items. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(count, items.length)));
  }

  digits(count: number): string {
    let text = '';
    for (let index = 0; index < count; index++) text += String(Math.floor(this.next() * 10));
    return text;
  }

  /** A version-4 shaped UUID drawn from this stream. */
  uuid(): string {
    const hex: string[] = [];
    for (let word = 0; word < 4; word++) {
      hex.push(
        Math.floor(this.next() * 4294967296)
          .toString(16)
          .padStart(8, '0'),
      );
    }
    const text = hex.join('');
    const variant = ((parseInt(text[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-4${text.slice(13, 16)}-${variant}${text.slice(17, 20)}-${text.slice(20, 32)}`;
  }
}
