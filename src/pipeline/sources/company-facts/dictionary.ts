/**
 * The columns of the companyfacts table, for docs/data-dictionary.md (checked as submissions/dictionary.ts
 * says): one row per fact of a `CIK##########.json` file and filing that reports it, the file's fields
 * under the names the build gives them (docs/financials.md, Companyfacts: the source).
 */
import type { TableSchema } from '../../source.ts'
import { ACC_KEY_COLUMN } from '../submissions/dictionary.ts'

export const COMPANY_FACT_COLUMNS: TableSchema = {
  cik: ['BIGINT', "the filer's CIK (the file's `cik`)"],
  taxonomy: ['VARCHAR', 'the taxonomy of the concept: `us-gaap`, `ifrs-full`, `dei`, `srt`, …'],
  tag: ['VARCHAR', 'the concept, e.g. `Revenues`'],
  unit: ['VARCHAR', 'the unit, as the file writes it: `USD`, `shares`, `USD/shares`, `pure`, `EUR`, …'],
  start_date: ['DATE', "the period's first day, for a duration; NULL for a point in time"],
  end_date: ['DATE', "the period's last day (or the instant)"],
  value: ['DOUBLE', 'the value (`val`), exact for integers below 2^53'],
  adsh: ['VARCHAR', 'the accession number of the filing that reports it (`accn`), `##########-##-######`'],
  acc_key: ACC_KEY_COLUMN,
  fy: ['INTEGER', "the reporting filing's fiscal year"],
  fp: ['VARCHAR', "the reporting filing's fiscal period: `FY`, `Q1`, `Q2`, `Q3`"],
  form: ['VARCHAR', "the reporting filing's form, e.g. `10-K`, `10-Q`"],
  filed: ['DATE', "the reporting filing's filing date"],
  frame: [
    'VARCHAR',
    'the calendar period the SEC assigned this fact to (`CY2024`, `CY2024Q3`, `CY2024Q3I` for an instant), on one fact per period; else NULL',
  ],
}
