/**
 * The names of the snapshot's lookup files, as every source's contract declares them (its `LOOKUPS`):
 * `db.lookup(name)` takes only these, so a misspelt or retired name fails to type-check instead of
 * answering 503 at run time. A source's lookup files are written under the same names
 * (src/pipeline/source.ts LookupSpec), and test/pipeline/contracts.test.ts holds the two together.
 */
import type { LOOKUPS as COMPANY_FACTS } from '../pipeline/sources/company-facts/contract.ts'
import type { LOOKUPS as FILING_INDEX } from '../pipeline/sources/filing-index/contract.ts'
import type { LOOKUPS as FINANCIAL_STATEMENTS } from '../pipeline/sources/financial-statements/contract.ts'
import type { LOOKUPS as FORM_13F } from '../pipeline/sources/form-13f/contract.ts'
import type { LOOKUPS as INSIDER_TRANSACTIONS } from '../pipeline/sources/insider-transactions/contract.ts'
import type { LOOKUPS as SUBMISSIONS } from '../pipeline/sources/submissions/contract/index.ts'

export type LookupName =
  | keyof typeof COMPANY_FACTS
  | keyof typeof FILING_INDEX
  | keyof typeof FINANCIAL_STATEMENTS
  | keyof typeof FORM_13F
  | keyof typeof INSIDER_TRANSACTIONS
  | keyof typeof SUBMISSIONS
