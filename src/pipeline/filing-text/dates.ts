/** EDGAR header dates (`20250110`) and acceptance stamps (`20250110160730`) in the forms the tables use. */

export const headerDate = (v: string | undefined): string | null =>
  v && /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : null

export const headerDateTime = (v: string | undefined): string | null =>
  v && /^\d{14}$/.test(v)
    ? `${headerDate(v.slice(0, 8))} ${v.slice(8, 10)}:${v.slice(10, 12)}:${v.slice(12, 14)}`
    : null

/** The inverse of headerDate / headerDateTime: `2025-01-10 16:07:30` → `20250110160730`. */
export const compactStamp = (v: string) => v.replace(/[-: ]/g, '')
