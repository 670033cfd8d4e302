/**
 * An ownership document (`<ownershipDocument>`, the XML part of a Form 3, 4 or 5 and their amendments,
 * schema versions X0101 to X0508) → the records of records.ts, the same rows the quarterly data sets give
 * for it. Values are read as the schema nests them: most under `<value>` beside optional
 * `<footnoteId id="F1"/>` elements (a footnote-bearing value keeps its value; a field with only a footnote
 * is NULL), the transaction coding's fields bare. CIKs keep their digits only; booleans are `1/0` or
 * `true/false`; numbers as written (no unit conversion: shares and USD per share).
 */
import { XMLParser } from 'fast-xml-parser'
import type { InsiderRecord } from './records.ts'

const REPEATED = new Set([
  'reportingOwner',
  'nonDerivativeTransaction',
  'nonDerivativeHolding',
  'derivativeTransaction',
  'derivativeHolding',
  'footnoteId',
  'footnote',
])

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
})

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is untyped by nature; every read below checks its shape
type Node = any

/** The text of a field: its `<value>` when it has one, else its own text; empty → null. */
function text(node: Node): string | null {
  const v = node !== null && typeof node === 'object' ? node.value : node
  if (v === undefined || v === null || typeof v === 'object') return null
  const s = String(v).trim()
  return s === '' ? null : s
}

function number(node: Node): number | null {
  const s = text(node)
  if (s === null) return null
  const n = Number(s.replace(/,/g, ''))
  return Number.isFinite(n) ? n : null
}

/** `YYYY-MM-DD` (some filers add a zone, `2020-09-15-05:00`): the date part, or null. */
function date(node: Node): string | null {
  const s = text(node)
  const m = s && /^(\d{4}-\d{2}-\d{2})/.exec(s)
  return m ? m[1]! : null
}

function flag(node: Node): boolean | null {
  const s = text(node)?.toLowerCase()
  return s === '1' || s === 'true' ? true : s === '0' || s === 'false' ? false : null
}

const cik = (node: Node) => {
  const s = text(node)?.replace(/\D/g, '')
  return s ? Number(s) : null
}

export type OwnershipFiling = { accessionNumber: string; filingDate: string | null; acceptedAt: string | null }

/** The records of one ownership document, or undefined when the text holds no `<ownershipDocument>`. */
export function ownershipRecords(xml: string, filing: OwnershipFiling): InsiderRecord[] | undefined {
  const doc: Node = parser.parse(xml)?.ownershipDocument
  if (!doc || typeof doc !== 'object') return undefined
  const acc = filing.accessionNumber
  const out: InsiderRecord[] = [
    {
      record: 'filing',
      accession_number: acc,
      seq: 1,
      form_type: text(doc.documentType),
      filing_date: filing.filingDate,
      period_of_report: date(doc.periodOfReport),
      issuer_cik: cik(doc.issuer?.issuerCik),
      issuer_name: text(doc.issuer?.issuerName),
      issuer_ticker: text(doc.issuer?.issuerTradingSymbol)?.toUpperCase() ?? null,
      no_securities_owned: flag(doc.noSecuritiesOwned),
      accepted_at: filing.acceptedAt,
      // A document-level checkbox: its transactions were made under a Rule 10b5-1(c) plan.
      aff10b5_one: flag(doc.aff10b5One),
    },
  ]
  // Owners in CIK order, as the data-set path numbers them: the first is the filing's reporter (derive.ts).
  const owners = ((doc.reportingOwner ?? []) as Node[])
    .map((o) => ({ o, cik: cik(o?.reportingOwnerId?.rptOwnerCik) }))
    .sort((a, b) => (a.cik ?? 0) - (b.cik ?? 0))
  owners.forEach(({ o, cik: ownerCik }, i) => {
    const rel = o?.reportingOwnerRelationship ?? {}
    out.push({
      record: 'owner',
      accession_number: acc,
      seq: i + 1,
      owner_cik: ownerCik,
      owner_name: text(o?.reportingOwnerId?.rptOwnerName),
      is_director: flag(rel.isDirector) ?? false,
      is_officer: flag(rel.isOfficer) ?? false,
      is_ten_percent_owner: flag(rel.isTenPercentOwner) ?? false,
      is_other: flag(rel.isOther) ?? false,
      officer_title: text(rel.officerTitle),
    })
  })
  const rows = (items: Node[] | undefined, kind: 'transaction' | 'holding', derivative: boolean) => {
    ;(items ?? []).forEach((r: Node, i: number) => {
      const record: InsiderRecord = {
        record: kind,
        accession_number: acc,
        seq: i + 1,
        derivative,
        security_title: text(r?.securityTitle),
        shares_owned_following: number(r?.postTransactionAmounts?.sharesOwnedFollowingTransaction),
        direct_indirect: text(r?.ownershipNature?.directOrIndirectOwnership),
        nature_of_ownership: text(r?.ownershipNature?.natureOfOwnership),
      }
      if (kind === 'transaction') {
        const amounts = r?.transactionAmounts ?? {}
        record.transaction_date = date(r?.transactionDate)
        record.deemed_execution_date = date(r?.deemedExecutionDate)
        record.transaction_code = text(r?.transactionCoding?.transactionCode)
        record.shares = number(amounts.transactionShares)
        record.price_per_share = number(amounts.transactionPricePerShare)
        record.acquired_disposed = text(amounts.transactionAcquiredDisposedCode)
      }
      if (derivative) {
        record.exercise_price = number(r?.conversionOrExercisePrice)
        record.exercise_date = date(r?.exerciseDate)
        record.expiration_date = date(r?.expirationDate)
        record.underlying_title = text(r?.underlyingSecurity?.underlyingSecurityTitle)
        record.underlying_shares = number(r?.underlyingSecurity?.underlyingSecurityShares)
      }
      out.push(record)
    })
  }
  rows(doc.nonDerivativeTable?.nonDerivativeTransaction, 'transaction', false)
  rows(doc.derivativeTable?.derivativeTransaction, 'transaction', true)
  rows(doc.nonDerivativeTable?.nonDerivativeHolding, 'holding', false)
  rows(doc.derivativeTable?.derivativeHolding, 'holding', true)
  return out
}
