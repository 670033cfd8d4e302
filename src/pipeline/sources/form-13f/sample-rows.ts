/**
 * One sample 13F filing as rows of the data sets' tables (columns.ts), from the manager's book of the
 * quarter (sample-books.ts): the same rows go into a data set's TSVs or, as XML, into the filing's own
 * full submission file. VALUE is written in the unit of the filing's era (thousands before 2023-01-03,
 * dollars after), and in thousands by the few managers that kept them; the unit-rule filers of
 * sample-unit-traps.ts bring their own book and unit.
 */
import { hash3, unit } from '../../../sample/random.ts'
import { type DataSetRow, dataSetDate, type ReadTable } from './columns.ts'
import { DOLLAR_ERA_START } from './rules.ts'
import { bookOf, type Position, priceOf, quarterIndex, type Universe } from './sample-books.ts'

export type SampleManager = {
  cik: number
  name: string
  street1: string | null
  city: string | null
  state: string | null
  zip: string | null
  filings: SampleFiling[]
  /** A fixed book for every filing, instead of one drawn from the universe (sample-unit-traps.ts). */
  book?: Position[]
  /** The unit VALUE is written in whatever the era (sample-unit-traps.ts). */
  valueUnit?: 'thousands' | 'dollars'
}
/** `accepted`: EDGAR's Eastern stamp, `YYYY-MM-DD HH:MM:SS`. */
export type SampleFiling = { accession: string; form: string; filed: string; period: string; accepted: string }

const SALT_KIND = 0x13f6
/** Share of managers whose filings include other managers (a parent and its advisers). */
const INCLUDED_SHARE = 0.12
/** Share of managers that kept reporting thousands after the switch. */
const KEPT_THOUSANDS_SHARE = 0.03
/** A note's price per dollar of principal: near par. */
const PRINCIPAL_PRICE = 0.97

export const keepsThousands = (seed: number, cik: number) => unit(hash3(seed, cik, SALT_KIND)) < KEPT_THOUSANDS_SHARE
export const includesOthers = (seed: number, cik: number) => unit(hash3(seed, cik, SALT_KIND + 1)) < INCLUDED_SHARE
/** An amendment's type: restatement or new holdings, half each. */
export const amendmentTypeOf = (seed: number, f: SampleFiling) =>
  unit(hash3(seed, +f.accession.slice(-6), +f.accession.slice(11, 13))) < 0.5 ? 'RESTATEMENT' : 'NEW HOLDINGS'

const otherManagerName = (cik: number, k: number) =>
  `${['ALDER', 'BRISK', 'CORVID', 'DUNMORE'][(cik + k) % 4]} ADVISORS ${k} LLC`

/** The positions a filing reports: the book, or for an amendment what it restates or adds. */
function positionsOf(u: Universe, m: SampleManager, f: SampleFiling): Position[] {
  if (m.book) return m.book
  const q = quarterIndex(f.period)
  const book = bookOf(u, m.cik, q)
  if (!f.form.endsWith('/A')) return book
  if (amendmentTypeOf(u.seed, f) === 'RESTATEMENT')
    // A restatement corrects the table: the first position's shares, the last one dropped.
    return book.slice(0, Math.max(1, book.length - 1)).map((p, i) => (i === 0 ? { ...p, shares: p.shares + 100 } : p))
  // New holdings: one to three securities the book lacks, at the shares of its first position.
  const held = new Set(book.map((p) => p.security.cusip))
  const start = hash3(u.seed, m.cik, q) % u.securities.length
  const added: Position[] = []
  for (let k = 0; k < u.securities.length && added.length < 1 + (start % 3); k++) {
    const security = u.securities[(start + k) % u.securities.length]!
    if (!held.has(security.cusip)) added.push({ security, shares: 1000 + (start % 5000), putCall: null, slot: -1 })
  }
  return added
}

/** Every table's rows of one filing; INFOTABLE_SK numbers come from `nextKey`. */
export function filingRows(u: Universe, m: SampleManager, f: SampleFiling, nextKey: () => number) {
  const acc = f.accession
  const notice = f.form.startsWith('13F-NT')
  const amendment = f.form.endsWith('/A')
  const others = !notice && includesOthers(u.seed, m.cik)
  const thousands = m.valueUnit
    ? m.valueUnit === 'thousands'
    : f.filed < DOLLAR_ERA_START || keepsThousands(u.seed, m.cik)
  const q = quarterIndex(f.period)
  const rows: Record<ReadTable, DataSetRow[]> = {
    SUBMISSION: [],
    COVERPAGE: [],
    SUMMARYPAGE: [],
    OTHERMANAGER: [],
    OTHERMANAGER2: [],
    INFOTABLE: [],
  }
  let total = 0
  if (!notice) {
    for (const p of positionsOf(u, m, f)) {
      const price = p.security.principal ? PRINCIPAL_PRICE : priceOf(p.security, q, u.seed)
      const dollars = Math.round(p.shares * price)
      const value = thousands ? Math.round(dollars / 1000) : dollars
      total += value
      const shared = others && p.slot % 3 === 0
      rows.INFOTABLE.push({
        ACCESSION_NUMBER: acc,
        INFOTABLE_SK: String(nextKey()),
        NAMEOFISSUER: p.security.issuerName,
        TITLEOFCLASS: p.security.titleOfClass,
        CUSIP: p.security.cusip,
        FIGI: null,
        VALUE: String(value),
        SSHPRNAMT: String(p.shares),
        SSHPRNAMTTYPE: p.security.principal ? 'PRN' : 'SH',
        PUTCALL: p.putCall,
        INVESTMENTDISCRETION: shared ? 'DFND' : 'SOLE',
        OTHERMANAGER: shared ? '1' : null,
        VOTING_AUTH_SOLE: String(shared ? 0 : p.shares),
        VOTING_AUTH_SHARED: String(shared ? p.shares : 0),
        VOTING_AUTH_NONE: '0',
      })
    }
  }
  rows.SUBMISSION.push({
    ACCESSION_NUMBER: acc,
    FILING_DATE: dataSetDate(f.filed),
    SUBMISSIONTYPE: f.form,
    CIK: String(m.cik).padStart(10, '0'),
    PERIODOFREPORT: dataSetDate(f.period),
  })
  rows.COVERPAGE.push({
    ACCESSION_NUMBER: acc,
    REPORTCALENDARORQUARTER: dataSetDate(f.period),
    ISAMENDMENT: amendment ? 'Y' : null,
    AMENDMENTNO: amendment ? '1' : null,
    AMENDMENTTYPE: amendment && !notice ? amendmentTypeOf(u.seed, f) : null,
    FILINGMANAGER_NAME: m.name,
    FILINGMANAGER_STREET1: m.street1,
    FILINGMANAGER_CITY: m.city,
    FILINGMANAGER_STATEORCOUNTRY: m.state,
    FILINGMANAGER_ZIPCODE: m.zip,
    REPORTTYPE: notice ? '13F NOTICE REPORT' : others ? '13F COMBINATION REPORT' : '13F HOLDINGS REPORT',
    FORM13FFILENUMBER: `028-${String(m.cik % 100000).padStart(5, '0')}`,
    PROVIDEINFOFORINSTRUCTION5: 'N',
  })
  if (notice)
    rows.OTHERMANAGER.push({
      ACCESSION_NUMBER: acc,
      OTHERMANAGER_SK: String(nextKey()),
      CIK: null,
      FORM13FFILENUMBER: `028-${String((m.cik * 7) % 100000).padStart(5, '0')}`,
      NAME: otherManagerName(m.cik, 0),
    })
  else {
    if (others)
      rows.OTHERMANAGER2.push({
        ACCESSION_NUMBER: acc,
        SEQUENCENUMBER: '1',
        CIK: null,
        FORM13FFILENUMBER: `028-${String((m.cik * 3) % 100000).padStart(5, '0')}`,
        NAME: otherManagerName(m.cik, 1),
      })
    rows.SUMMARYPAGE.push({
      ACCESSION_NUMBER: acc,
      OTHERINCLUDEDMANAGERSCOUNT: String(rows.OTHERMANAGER2.length),
      TABLEENTRYTOTAL: String(rows.INFOTABLE.length),
      TABLEVALUETOTAL: String(total),
      ISCONFIDENTIALOMITTED: 'N',
    })
  }
  return rows
}

/** The filing's SIGNATURE row (the data sets have it; the build does not read it). */
export const signatureRow = (m: SampleManager, f: SampleFiling): DataSetRow => ({
  ACCESSION_NUMBER: f.accession,
  NAME: `${['Dana', 'Morgan', 'Avery', 'Jordan'][m.cik % 4]} ${['Whitfield', 'Okafor', 'Lindqvist', 'Marsh'][(m.cik >> 2) % 4]}`,
  TITLE: ['Chief Compliance Officer', 'Managing Member', 'Chief Financial Officer'][m.cik % 3],
  PHONE: `${200 + (m.cik % 700)}-555-${String(m.cik % 10000).padStart(4, '0')}`,
  SIGNATURE: `/s/ ${['Dana', 'Morgan', 'Avery', 'Jordan'][m.cik % 4]} ${['Whitfield', 'Okafor', 'Lindqvist', 'Marsh'][(m.cik >> 2) % 4]}`,
  CITY: m.city,
  STATEORCOUNTRY: m.state,
  SIGNATUREDATE: dataSetDate(f.filed),
})
