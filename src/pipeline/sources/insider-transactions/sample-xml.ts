/**
 * A sample ownership document as `<ownershipDocument>` XML (schema X0508), the same facts the quarterly
 * tables give for it (sample-tsv.ts), for the text files of the days after the newest quarterly set.
 */
import { isoDay } from '../../../sample/dates.ts'
import type { DocRow, OwnershipDoc } from './sample-docs.ts'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const value = (tag: string, v: string | number | null | undefined, footnote?: string) =>
  v === null || v === undefined
    ? footnote
      ? `<${tag}><footnoteId id="${footnote}"/></${tag}>`
      : ''
    : `<${tag}><value>${esc(String(v))}</value>${footnote ? `<footnoteId id="${footnote}"/>` : ''}</${tag}>`
const day = (d: number | null | undefined) => (d === null || d === undefined ? null : isoDay(d))
const flag = (b: boolean) => (b ? '1' : '0')

function row(r: DocRow, form: string, kind: 'Transaction' | 'Holding'): string {
  const tag = `${r.derivative ? 'derivative' : 'nonDerivative'}${kind}`
  const parts = [value('securityTitle', r.title)]
  if (r.derivative) parts.push(value('conversionOrExercisePrice', r.exercisePrice))
  if (kind === 'Transaction') {
    parts.push(value('transactionDate', day(r.day)))
    parts.push(
      `<transactionCoding><transactionFormType>${form}</transactionFormType><transactionCode>${r.code}</transactionCode><equitySwapInvolved>0</equitySwapInvolved></transactionCoding>`,
    )
    parts.push(
      `<transactionAmounts>${value('transactionShares', r.shares)}${value('transactionPricePerShare', r.price, r.priceFootnote)}${value('transactionAcquiredDisposedCode', r.ad)}</transactionAmounts>`,
    )
  }
  if (r.derivative) {
    parts.push(value('exerciseDate', day(r.exerciseDay), r.exerciseDay == null ? 'F2' : undefined))
    parts.push(value('expirationDate', day(r.expirationDay)))
    parts.push(
      `<underlyingSecurity>${value('underlyingSecurityTitle', r.underlyingTitle)}${value('underlyingSecurityShares', r.underlyingShares)}</underlyingSecurity>`,
    )
  }
  parts.push(
    `<postTransactionAmounts>${value('sharesOwnedFollowingTransaction', r.following)}</postTransactionAmounts>`,
  )
  parts.push(
    `<ownershipNature>${value('directOrIndirectOwnership', r.di)}${value('natureOfOwnership', r.nature)}</ownershipNature>`,
  )
  return `<${tag}>${parts.join('')}</${tag}>`
}

export function ownershipXml(doc: OwnershipDoc): string {
  const base = doc.form.replace('/A', '')
  const o = doc.owner
  const rows = (derivative: boolean) =>
    [
      ...doc.transactions.filter((r) => r.derivative === derivative).map((r) => row(r, base, 'Transaction')),
      ...doc.holdings.filter((r) => r.derivative === derivative).map((r) => row(r, base, 'Holding')),
    ].join('')
  const nonDerivative = rows(false)
  const derivative = rows(true)
  return [
    '<?xml version="1.0"?>',
    '<ownershipDocument>',
    '<schemaVersion>X0508</schemaVersion>',
    `<documentType>${doc.form}</documentType>`,
    `<periodOfReport>${isoDay(doc.periodDay)}</periodOfReport>`,
    ...(base === '3' ? [`<noSecuritiesOwned>${flag(doc.noSecurities)}</noSecuritiesOwned>`] : []),
    `<issuer><issuerCik>${String(doc.issuer.cik).padStart(10, '0')}</issuerCik><issuerName>${esc(doc.issuer.name)}</issuerName><issuerTradingSymbol>${esc(doc.issuer.ticker ?? 'NONE')}</issuerTradingSymbol></issuer>`,
    `<reportingOwner><reportingOwnerId><rptOwnerCik>${String(o.cik).padStart(10, '0')}</rptOwnerCik><rptOwnerName>${esc(o.name)}</rptOwnerName></reportingOwnerId>` +
      `<reportingOwnerRelationship><isDirector>${flag(o.director)}</isDirector><isOfficer>${flag(o.officer)}</isOfficer><isTenPercentOwner>${flag(o.tenPercent)}</isTenPercentOwner><isOther>0</isOther>${o.title ? `<officerTitle>${esc(o.title)}</officerTitle>` : ''}</reportingOwnerRelationship></reportingOwner>`,
    ...(doc.aff10b5One === null ? [] : [`<aff10b5One>${doc.aff10b5One}</aff10b5One>`]),
    ...(nonDerivative ? [`<nonDerivativeTable>${nonDerivative}</nonDerivativeTable>`] : []),
    ...(derivative ? [`<derivativeTable>${derivative}</derivativeTable>`] : []),
    `<footnotes>${doc.footnotes.map((f) => `<footnote id="${f.id}">${esc(f.text)}</footnote>`).join('')}</footnotes>`,
    ...(doc.remarks ? [`<remarks>${esc(doc.remarks)}</remarks>`] : []),
    `<ownerSignature><signatureName>/s/ ${esc(o.name)}</signatureName><signatureDate>${isoDay(doc.filing.day)}</signatureDate></ownerSignature>`,
    '</ownershipDocument>',
  ].join('\n')
}
