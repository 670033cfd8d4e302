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

/**
 * A list read by position (an insider feed) pages by cursor: the position of the last row sent, as
 * opaque text (base64url of its digits), so the next page is the rows after it, found by the position's
 * index without reading the pages before. A position belongs to one snapshot: after a swap a cursor
 * names the same place in a list that has grown at its top, so a client starts again.
 */
export const cursorOf = (position: number): string => Buffer.from(String(position)).toString('base64url')

/** The position a cursor names; a 400 naming `cursor` for text no cursorOf wrote. */
export function positionOf(cursor: string): number {
  const digits = Buffer.from(cursor, 'base64url').toString('latin1')
  if (!/^\d{1,15}$/.test(digits) || cursorOf(Number(digits)) !== cursor)
    throw invalidParameter(
      'cursor',
      `expected the pagination.nextCursor of this list's previous page, got ${JSON.stringify(cursor)}`,
    )
  return Number(digits)
}
