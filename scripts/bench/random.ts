/**
 * Seeded randomness for the request paths: the same --seed writes the same path files, so two runs
 * (before and after a server change) send the same requests and their figures compare.
 */
export type Random = () => number

/** mulberry32: tiny, fast and good enough to pick keys (not for anything secret). */
export function seeded(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in [min, max], both included. */
export const between = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1))

/** One element, every element equally likely. */
export function uniform<T>(rnd: Random, items: readonly T[]): T {
  if (!items.length) throw new Error('nothing to pick from')
  return items[Math.floor(rnd() * items.length)]!
}

/**
 * A picker that draws an element with probability proportional to its weight (cumulative sums and a
 * binary search, so drawing thousands of paths from a million weights stays cheap).
 */
export function weighted<T>(items: readonly T[], weights: readonly number[]): (rnd: Random) => T {
  if (!items.length || items.length !== weights.length) throw new Error('weighted: need one weight per item')
  const cumulative: number[] = []
  let sum = 0
  for (const w of weights) {
    sum += w
    cumulative.push(sum)
  }
  return (rnd) => {
    const x = rnd() * sum
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! > x) hi = mid
      else lo = mid + 1
    }
    return items[lo]!
  }
}

/** Zipf-like: the element of rank r (1-based, in the given order) weighs 1 / r^s, so a few are drawn most of the time. */
export const zipf = <T>(items: readonly T[], s = 1) =>
  weighted(
    items,
    items.map((_, i) => 1 / (i + 1) ** s),
  )
