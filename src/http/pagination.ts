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
 * opaque text (base64url), so the next page is the rows after it, found by the position's index without
 * reading the pages before. A position belongs to one snapshot: after a swap the list has grown at its top
 * and the position names another row. So the cursor also carries a mark of the row it names (`mark`: a
 * hash of that row, rowMark), and the next page checks it: a cursor of a list that has changed since is
 * refused (staleCursor) and the client starts again from the first page.
 */
export const cursorOf = (position: number, mark: string): string =>
  Buffer.from(`${position}.${mark}`).toString('base64url')

/** A cursor's position and the mark of its row; a 400 naming `cursor` for text no cursorOf wrote. */
export function positionOf(cursor: string): { position: number; mark: string } {
  const m = /^(\d{1,15})\.([0-9a-f]{16})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'))
  if (!m || cursorOf(Number(m[1]), m[2]!) !== cursor)
    throw invalidParameter(
      'cursor',
      `expected the pagination.nextCursor of this list's previous page, got ${JSON.stringify(cursor)}`,
    )
  return { position: Number(m[1]), mark: m[2]! }
}

/** A row's mark in a cursor: a hash of the row as read (any change to the row or to where it is changes it). */
export const rowMark = (row: unknown): string => Bun.hash(JSON.stringify(row)).toString(16).padStart(16, '0')

/** The 400 for a cursor whose row is not where it was: the list changed (a new snapshot) since that page. */
export const staleCursor = () =>
  invalidParameter(
    'cursor',
    'the list has changed since this cursor was given (a newer snapshot is served): start again from the first page, without cursor',
  )
