/**
 * The first index of `items` where `pred` holds, for a predicate that is false and then true along the
 * list (a binary search); `items.length` when it holds nowhere.
 */
export function firstIndexWhere<T>(items: readonly T[], pred: (item: T) => boolean): number {
  let lo = 0
  let hi = items.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (pred(items[mid]!)) hi = mid
    else lo = mid + 1
  }
  return lo
}
