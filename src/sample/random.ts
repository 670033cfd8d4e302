/**
 * Deterministic randomness for the sample generator. Every value derives from (seed, entity, purpose)
 * through integer hashing, never from Math.random or the clock, so that one seed always yields the same
 * bytes, and so that any entity's data can be regenerated on its own (the issuer side of a Form 4 replays
 * the insider's filings instead of keeping them in memory).
 */

/** A strong 32-bit integer mixer (lowbias32). */
export function mix32(x: number): number {
  x ^= x >>> 16
  x = Math.imul(x, 0x7feb352d)
  x ^= x >>> 15
  x = Math.imul(x, 0x846ca68b)
  x ^= x >>> 16
  return x >>> 0
}

export const hash2 = (a: number, b: number) => mix32(mix32(a) ^ Math.imul(b | 0, 0x9e3779b1))
export const hash3 = (a: number, b: number, c: number) => mix32(hash2(a, b) ^ Math.imul(c | 0, 0x85ebca77))
export const hash4 = (a: number, b: number, c: number, d: number) =>
  mix32(hash3(a, b, c) ^ Math.imul(d | 0, 0xc2b2ae3d))

/** A hash as a uniform number in [0, 1). */
export const unit = (h: number) => h / 4294967296

/** Hash of a string (FNV-1a, then mixed): for values that are only known as text, such as a seed given as a word. */
export function hashText(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return mix32(h)
}

/** mulberry32: small, fast and good enough for picking names and dates. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** An integer in [lo, hi], both included. */
  range(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }

  /** A standard normal deviate (Box-Muller). */
  normal(): number {
    const u = 1 - this.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next())
  }

  /** Log-normal with the given median: EDGAR's counts and sizes have long right tails. */
  lognormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal())
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next())
  }

  digits(n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += String.fromCharCode(48 + this.int(10))
    return s
  }
}

/** A table of weighted choices, searched by binary search on the cumulative weights. */
export class Weighted<T> {
  readonly items: readonly T[]
  private readonly cumulative: Float64Array
  private readonly total: number

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map((e) => e[0])
    this.cumulative = new Float64Array(entries.length)
    let sum = 0
    entries.forEach(([, w], i) => {
      sum += w
      this.cumulative[i] = sum
    })
    this.total = sum
  }

  /** The item for a uniform u in [0, 1). */
  at(u: number): T {
    const target = u * this.total
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cumulative[mid]! > target) hi = mid
      else lo = mid + 1
    }
    return this.items[lo]!
  }

  pick(rng: Rng): T {
    return this.at(rng.next())
  }
}
