/**
 * The submissions source's lookup files (contract LOOKUPS; lib/keyed-file.ts): what the server answers
 * entity and filing lookups, and most pages, from without a query. Each query yields (key, line) in key
 * order with all of a key's lines in the order served, one line per row of the table it names first.
 *
 * Frames, where not the writer's 16 KB (a frame is what one read decompresses):
 *   entities: a page of 20 entities reads 20 bodies (~1 KB each) from as many frames; 4 KB frames made a
 *     name search a quarter faster for a larger file, and 2 KB gained nothing more (docs/benchmarks.md).
 *   formPositions: a merged page reads a frame per form from the middle; 8 KB frames waste less of it,
 *     and the heads (src/areas/filings/page-skip.ts) pass a deep page's first-day rows unread, to within a frame.
 */
import type { BuildContext, LookupSpec } from '../../source.ts'
import { ENTITY_JSON } from './contract/entity-json.ts'
import { ACC_KEY, LOOKUPS, NAME_GRAM_LINE } from './contract/index.ts'
import { ACCESSION_LINE, filerLine, POSITION_LINE, positionHead } from './contract/lookup-lines.ts'

export function lookupSpecs({ parquet }: BuildContext): LookupSpec[] {
  return [
    {
      name: 'entities',
      path: LOOKUPS.entities,
      rowsOf: parquet('entities'),
      frameBytes: 4096,
      sql: `SELECT cik::BIGINT, ${ENTITY_JSON} FROM ${parquet('entities')} ORDER BY cik`,
    },
    {
      name: 'filings',
      path: LOOKUPS.filings,
      rowsOf: parquet('filings'),
      sql: `SELECT ${ACC_KEY} AS k, ${ACCESSION_LINE} FROM ${parquet('filings')} ORDER BY k, cik`,
    },
    // No ORDER BY: the Parquet is stored by CIK, newest first (the filings table), and its order is kept.
    {
      name: 'filerFilings',
      path: LOOKUPS.filerFilings,
      rowsOf: parquet('filings'),
      sql: `SELECT cik::BIGINT, ${filerLine(ACC_KEY)} FROM ${parquet('filings')}`,
    },
    // The serving database's form-sorted copy, stored in position order: no sort either.
    {
      name: 'formPositions',
      path: LOOKUPS.formPositions,
      rowsOf: 's.filings_by_form',
      frameBytes: 8192,
      head: positionHead,
      sql: `SELECT pos::BIGINT, ${POSITION_LINE} FROM s.filings_by_form`,
    },
    // Stored by trigram, then CIK.
    {
      name: 'nameGrams',
      path: LOOKUPS.nameGrams,
      rowsOf: 's.entity_name_grams',
      sql: `SELECT gram, ${NAME_GRAM_LINE} FROM s.entity_name_grams`,
    },
  ]
}
