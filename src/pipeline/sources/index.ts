/**
 * Every bulk source of the build, in the order each phase runs them (source.ts). Adding a source is a
 * folder under sources/ and one line here. Order matters only where a source's derive step reads another
 * source's tables: submissions before tickers and SIC codes (they read its entities) and before
 * filing-index (its documents read the filings); financial statements after tickers (its issuers read the
 * tickers); company-facts after financial statements (its series read the statements' filings and concepts);
 * insider-transactions after both (its tables read the filings' acceptance times and the
 * entities' tickers).
 */
import type { SourceDefinition } from '../source.ts'
import { companyFacts } from './company-facts/index.ts'
import { filingIndex } from './filing-index/index.ts'
import { financialStatements } from './financial-statements/index.ts'
import { form13f } from './form-13f/index.ts'
import { indexes } from './indexes/index.ts'
import { insiderTransactions } from './insider-transactions/index.ts'
import { sicCodes } from './sic-codes/index.ts'
import { submissions } from './submissions/index.ts'
import { tickers } from './tickers/index.ts'

export const SOURCES: readonly SourceDefinition[] = [
  submissions,
  tickers,
  sicCodes,
  indexes,
  filingIndex,
  financialStatements,
  companyFacts,
  insiderTransactions,
  form13f,
]
