/**
 * A small seeded PRNG for the demo seed. Math.random cannot be seeded, and the demo must give the
 * same rows (ids included) on every machine and every run, so screenshots, bug reports and tests can
 * name a row by its id.
 */

/** cyrb128: turns a text seed into four well-mixed 32-bit words for sfc32's state. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128-bit state, passes PractRand. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const [a, b, c, d] = cyrb128(seed);
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    // The first outputs of a freshly seeded sfc32 are still correlated with the seed.
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** An independent stream for one part of the data, so that changing how one table is generated
   *  does not reshuffle every table generated after it. */
  static for(seed: string, label: string): Rng {
    return new Rng(`${seed}/${label}`);
  }

  uint32(): number {
    // State stays in int32 range (| 0) so V8 keeps it in small integers, not heap doubles.
    const { a, b, c } = this;
    const d = (this.d + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    this.d = d;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weight: weighted([['a', 3], ['b', 1]]) gives 'a' three times as often. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of choices) total += w;
    let r = this.next() * total;
    for (const [value, w] of choices) {
      r -= w;
      if (r < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  /** k distinct items in random order (partial Fisher–Yates on a copy). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** One random 32-bit word as 8 hex digits (table lookups: number.toString(16) is several times
   *  slower, and the seed draws a few hundred thousand of these). */
  private hex8(): string {
    const w = this.uint32();
    return HEX[w >>> 24]! + HEX[(w >>> 16) & 0xff]! + HEX[(w >>> 8) & 0xff]! + HEX[w & 0xff]!;
  }

  hex(chars: number): string {
    let out = '';
    while (out.length < chars) out += this.hex8();
    return out.length === chars ? out : out.slice(0, chars);
  }

  /** A UUID in version 4 layout, drawn from this stream instead of the OS, so it is reproducible. */
  uuid(): string {
    const w0 = this.hex8();
    const w1 = this.uint32();
    const w2 = this.uint32();
    const w3 = this.hex8();
    const version = (w1 & 0xffff0fff) | 0x4000; // version 4 in the third group's first digit
    const variant = (w2 & 0x3fffffff) | 0x80000000; // RFC 4122 variant: 10xx in the fourth group
    const h1 = HEX[version >>> 24]! + HEX[(version >>> 16) & 0xff]!;
    const h2 = HEX[(version >>> 8) & 0xff]! + HEX[version & 0xff]!;
    const h3 = HEX[variant >>> 24]! + HEX[(variant >>> 16) & 0xff]!;
    const h4 = HEX[(variant >>> 8) & 0xff]! + HEX[variant & 0xff]!;
    return `${w0}-${h1}-${h2}-${h3}-${h4}${w3}`;
  }
}
