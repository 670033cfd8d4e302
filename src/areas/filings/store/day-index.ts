/**
 * Per-day counts of the two position-ordered filings copies (src/pipeline/sources/submissions/serving.ts), held in memory for
 * each served snapshot: for every filing date, newest first, where its rows start and how many there
 * are, over all filings and per form type. From them a page of the newest filings, of a date window or
 * of a set of form types becomes a range of positions, so DuckDB reads about `limit` rows whatever the
 * page depth or window width, instead of sorting every match (a top-N over 23 million rows).
 * About 500,000 (form, day) pairs at full EDGAR scale: a few MB.
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'

/** Days newest first: `dates[i]` (YYYY-MM-DD) has `counts[i]` rows starting at position `firstPos[i]`. */
export type DayList = { dates: string[]; firstPos: number[]; counts: number[] }

export type FilingDayIndex = { all: DayList; byForm: ReadonlyMap<string, DayList> }

type Row = { form: string | null; dates: string[]; firstPos: number[]; counts: number[] }

async function loadDayIndex(db: Db): Promise<FilingDayIndex> {
  const columns = sql`
    list(strftime(filing_date, '%Y-%m-%d') ORDER BY filing_date DESC) AS dates,
    list(first_pos::INTEGER ORDER BY filing_date DESC) AS "firstPos",
    list(n::INTEGER ORDER BY filing_date DESC) AS counts`
  const [all] = await db.all<Row>(sql`SELECT NULL AS form, ${columns} FROM filing_days`)
  const forms = await db.all<Row>(sql`SELECT form_type AS form, ${columns} FROM filing_form_days GROUP BY form_type`)
  const list = (r: Row | undefined): DayList => ({
    dates: r?.dates ?? [],
    firstPos: r?.firstPos ?? [],
    counts: r?.counts ?? [],
  })
  return { all: list(all), byForm: new Map(forms.map((r) => [r.form!, list(r)])) }
}

export const DAY_INDEX = defineMemo({
  name: 'filing-day-index',
  from: ['filing_days', 'filing_form_days'],
  holds: "each filing date's first position and count, overall and per form type",
  compute: loadDayIndex,
})
