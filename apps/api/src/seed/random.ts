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

  hex(chars: number): string {
    let out = '';
    while (out.length < chars) out += hex8(this.uint32());
    return out.length === chars ? out : out.slice(0, chars);
  }

  /** A UUID in version 4 layout, drawn from this stream instead of the OS, so it is reproducible. */
  uuid(): string {
    return uuidText(this.uint32(), this.uint32(), this.uint32(), this.uint32());
  }

  /**
   * The same draw as uuid(), kept as four words at `at` in `into` instead of text: a quarter of the
   * memory of the text, for ids the seed must remember by the million. uuidAt() spells it out.
   */
  uuidInto(into: Uint32Array, at: number): void {
    into[at * 4] = this.uint32();
    into[at * 4 + 1] = this.uint32();
    into[at * 4 + 2] = this.uint32();
    into[at * 4 + 3] = this.uint32();
  }

  /**
   * k distinct indices of [0, n) in random order: the same draws and result as sample() over
   * [0 … n-1], but holding only the k swapped positions, so a sample of a million-fan pool costs
   * memory for the sample alone.
   */
  sampleIndices(n: number, k: number): number[] {
    const m = Math.min(k, n);
    const swapped = new Map<number, number>();
    const out: number[] = [];
    for (let i = 0; i < m; i++) {
      const j = i + Math.floor(this.next() * (n - i));
      const atJ = swapped.get(j) ?? j;
      swapped.set(j, swapped.get(i) ?? i);
      out.push(atJ);
    }
    return out;
  }
}

/** A 32-bit word as 8 hex digits (table lookups: number.toString(16) is several times slower, and
 *  the seed spells out tens of millions of these). */
const hex8 = (w: number) => HEX[w >>> 24]! + HEX[(w >>> 16) & 0xff]! + HEX[(w >>> 8) & 0xff]! + HEX[w & 0xff]!;

/** Four random words as a version-4 UUID (the version and variant bits overwritten). */
export function uuidText(w0: number, w1: number, w2: number, w3: number): string {
  const version = (w1 & 0xffff0fff) | 0x4000; // version 4 in the third group's first digit
  const variant = (w2 & 0x3fffffff) | 0x80000000; // RFC 4122 variant: 10xx in the fourth group
  const h1 = HEX[version >>> 24]! + HEX[(version >>> 16) & 0xff]!;
  const h2 = HEX[(version >>> 8) & 0xff]! + HEX[version & 0xff]!;
  const h3 = HEX[variant >>> 24]! + HEX[(variant >>> 16) & 0xff]!;
  const h4 = HEX[(variant >>> 8) & 0xff]! + HEX[variant & 0xff]!;
  return `${hex8(w0)}-${h1}-${h2}-${h3}-${h4}${hex8(w3)}`;
}

/** The UUID stored by Rng.uuidInto(words, at). */
export function uuidAt(words: Uint32Array, at: number): string {
  return uuidText(words[at * 4]!, words[at * 4 + 1]!, words[at * 4 + 2]!, words[at * 4 + 3]!);
}

/**
 * A bijection of 32-bit words (Chris Wellons' lowbias32: xor-shifts and odd multipliers, each
 * invertible) that scatters a counter's values over the whole range. Ids built from it are unique by
 * construction, so the seed needs no set of every id issued so far to rule out a repeat.
 */
export function scatter32(n: number): number {
  let x = n >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** `digits` hex digits (at most 8) of a word, its low end. */
export function hexOf(w: number, digits: number): string {
  const full = hex8(w);
  return digits === 8 ? full : full.slice(8 - digits);
}

/**
 * Which texts were taken, kept as two 32-bit hashes per text in an open-addressed table instead of
 * the texts themselves: a million user names cost 16 MB here against ~100 MB in a Set. Two texts
 * with the same 64-bit hash would make the second look taken; the caller then draws another name,
 * which keeps every name unique and the draws reproducible.
 */
export class TakenTexts {
  private slots: Uint32Array;
  private size = 0;

  constructor(expected = 1024) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Uint32Array(capacity * 2);
  }

  /** Records `text`; false when it was taken already. */
  add(text: string): boolean {
    const [h1, h2] = cyrb64(text);
    if (!this.insert(h1, h2)) return false;
    if (++this.size * 2 > this.slots.length / 2) this.grow();
    return true;
  }

  private insert(h1: number, h2: number): boolean {
    const mask = this.slots.length / 2 - 1;
    for (let i = h1 & mask; ; i = (i + 1) & mask) {
      const a = this.slots[i * 2]!;
      const b = this.slots[i * 2 + 1]!;
      if (a === 0 && b === 0) {
        this.slots[i * 2] = h1;
        this.slots[i * 2 + 1] = h2;
        return true;
      }
      if (a === h1 && b === h2) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== 0 || old[i + 1] !== 0) this.insert(old[i]!, old[i + 1]!);
    }
  }
}

/** Two 32-bit hashes of a text (cyrb53's two lanes); (0, 0) is reserved for an empty slot. */
function cyrb64(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  h1 >>>= 0;
  h2 >>>= 0;
  return h1 === 0 && h2 === 0 ? [1, 0] : [h1, h2];
}
