/**
 * Paging without counting: a list query reads `limit + 1` rows, and the extra row only says whether
 * there is a next page. Offsets are capped (MAX_OFFSET) so no request can ask for a scan to row 10^9.
 */
import { invalidParameter } from './errors.ts'
import type { PageQuery } from './schemas.ts'

export const offsetOf = ({ page, limit }: PageQuery) => (page - 1) * limit

/** Throws a 400 naming `page` when the page starts past `maxOffset` rows. */
export function checkOffset(p: PageQuery, maxOffset: number) {
  if (offsetOf(p) > maxOffset) {
    throw invalidParameter(
      'page',
      `expected (page - 1) × limit of at most ${maxOffset}, got page ${p.page} with limit ${p.limit}; narrow the filters instead of paging this deep`,
    )
  }
}

export function toPage<R>(rows: R[], { page, limit }: PageQuery) {
  return { data: rows.slice(0, limit), pagination: { page, limit, hasMoreData: rows.length > limit } }
}
