/**
 * Segment revenue rows (`fin_segment_rows`, the build's rules in financial-statements/segments.ts), read
 * from their lookup file by company and fiscal quarter, no query. The operation (../segments.ts) picks the
 * periods, the segments asked and each period's filing, and adds the totals.
 */
import type { Static } from '@sinclair/typebox'
import type { Db } from '../../../db/client.ts'
import { FIN_SEGMENT_ROWS } from '../../../pipeline/sources/financial-statements/contract.ts'

export type SegmentRow = Static<typeof FIN_SEGMENT_ROWS.fields>

/** All of the company's rows of that fiscal quarter (4: the fiscal year): tens to hundreds of rows. */
export function segmentRows(db: Db, cik: number, fiscalQuarter: number): SegmentRow[] {
  return [...FIN_SEGMENT_ROWS.lines(db, { cik, fiscalQuarter })]
}

/** The company's rows of one filing (`accKey`, the accession number as an integer, in text), in any of the four quarters. */
export function filingSegmentRows(db: Db, cik: number, accKey: string): SegmentRow[] {
  const rows: SegmentRow[] = []
  for (const row of FIN_SEGMENT_ROWS.range(db, { cik, fiscalQuarter: 1 }, { cik, fiscalQuarter: 5 }))
    if (row.acc_key === accKey) rows.push(row)
  return rows
}
