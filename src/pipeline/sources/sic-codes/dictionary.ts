/** The columns of the sic-codes source's Parquet table, for docs/data-dictionary.md (checked as submissions/dictionary.ts says). */
import type { TableSchema } from '../../source.ts'

export const SIC_CODE_COLUMNS: TableSchema = {
  sic_code: [
    'INTEGER',
    "a Standard Industrial Classification code: the SEC's list, plus codes entities use that it lacks",
  ],
  office: ['VARCHAR', "the SEC office that reviews the code's filers, e.g. `Office of Manufacturing`"],
  industry_title: [
    'VARCHAR',
    "the SEC's industry title (for a code the list lacks: the entities' SIC description, upper case)",
  ],
  sector: ['VARCHAR', 'the broad market sector of the code (src/reference/sectors.ts), e.g. `Technology`'],
  large_size_tickers: [
    'VARCHAR',
    'the primary tickers of the large accelerated filers with the code, in market-value order, at most 10, comma-separated',
  ],
  entity_count: ['INTEGER', 'how many entities have the code'],
}
