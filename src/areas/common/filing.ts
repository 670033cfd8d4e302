/**
 * The Filing DTO, made in JavaScript from the raw columns. Formatting in SQL (printf, strftime and the
 * URL concatenation) took over a third of a page's query (docs/architecture.md, The serving database).
 * Also the filters a filings list takes, normalized, and its envelope: shared by the filings list and an
 * entity's filings (what the stores read them with is in store/filing-row.ts and store/filer-filings.ts).
 */
import { ApiError } from '../../http/errors.ts'
import { toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { accessionOfKey, formatCik, normalizeTicker } from '../../lib/ids.ts'
import type { FilingRow } from '../../pipeline/sources/submissions/contract/lookup-lines.ts'
import { edgarAcceptedTime, filingIndexUrl } from './edgar-values.ts'
import type { AppliedFilingFilters, Filing, FilingFilters, FilingList } from './filing-schemas.ts'

export type { FilingRow } from '../../pipeline/sources/submissions/contract/lookup-lines.ts'

export function toFiling(archives: string, r: FilingRow): Filing {
  return {
    accessionNumber: accessionOfKey(r.acc),
    cik: formatCik(r.cik),
    formType: r.form_type,
    formTypeCategory: r.form_category,
    ticker: r.ticker,
    filingDate: r.filing_date,
    filingUrl: filingIndexUrl(archives, r.cik, r.acc),
    acceptedDate: edgarAcceptedTime(r.accepted_at),
    entityName: r.entity_name,
  }
}

/** A page of filing rows (`limit + 1` of them) in the list's envelope, with the filters it applied. */
export function filingList(
  archives: string,
  rows: FilingRow[],
  p: PageQuery,
  filters: AppliedFilingFilters,
): FilingList {
  return {
    ...toPage(
      rows.map((r) => toFiling(archives, r)),
      p,
    ),
    filters,
  }
}

/** Form types from `10-k, 10-Q ,,8-K` → ['10-K', '10-Q', '8-K'] (trimmed, upper-cased, de-duplicated). */
export function parseFormTypes(formTypes: string | undefined): string[] {
  if (!formTypes) return []
  return [
    ...new Set(
      formTypes
        .split(',')
        .map((f) => f.trim().replace(/\s+/g, ' ').toUpperCase())
        .filter(Boolean),
    ),
  ]
}

/** The normalized filters a list echoes; start after end is a 400 naming both. */
export function normalizeFilingFilters(f: FilingFilters, cik: number | undefined): AppliedFilingFilters {
  if (f.startDate && f.endDate && f.startDate > f.endDate) {
    throw new ApiError('invalid_parameter', `startDate ${f.startDate} is after endDate ${f.endDate}.`, {
      startDate: `expected a date on or before endDate (${f.endDate})`,
      endDate: `expected a date on or after startDate (${f.startDate})`,
    })
  }
  return {
    formTypes: parseFormTypes(f.formTypes),
    cik: cik === undefined ? null : formatCik(cik),
    ticker: f.ticker ? normalizeTicker(f.ticker) : null,
    startDate: f.startDate ?? null,
    endDate: f.endDate ?? null,
  }
}
