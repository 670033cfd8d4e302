/**
 * The content of the sample world's ownership filings (src/sample: an issuer's `listed` Forms 3, 4 and 5
 * with the insider's CIK): who reports, in what role, and which transactions and holdings, drawn from the
 * accession number so that the quarterly data sets and the text files tell the same filing the same way.
 * Each insider's common-stock balance runs from filing to filing in date order, so "shares owned
 * following" and the positions the build derives add up.
 *
 * The traps of real filings' dollar figures (docs/insiders.md, "Dollar figures"): an option grant is priced
 * at its exercise price and an exercise (M) at the option's, as many filers write them; a director's grant
 * may come with deferred stock units credited at the day's share price; and the Forms 4 and 5 filed since
 * April 2023 carry the 10b5-1 checkbox, checked on most purchases, sales and exercises, written `1`, `0` or
 * `false`.
 */
import { dayOf, dayOfYmd, isoDay } from '../../../sample/dates.ts'
import type { Filing } from '../../../sample/filings.ts'
import { hash2, hashText, Rng } from '../../../sample/random.ts'

export type DocRow = {
  title: string
  derivative: boolean
  /** Transactions only. */
  day?: number
  code?: string
  shares?: number
  price?: number | null
  ad?: 'A' | 'D'
  following: number
  di: 'D' | 'I'
  nature: string | null
  exercisePrice?: number | null
  exerciseDay?: number | null
  expirationDay?: number | null
  underlyingTitle?: string
  underlyingShares?: number
  /** Footnote ids on the price (a weighted average). */
  priceFootnote?: string
}

export type OwnershipDoc = {
  accessionNumber: string
  form: string
  filing: Filing
  periodDay: number
  issuer: { cik: number; name: string; ticker: string | null }
  owner: { cik: number; name: string; director: boolean; officer: boolean; tenPercent: boolean; title: string | null }
  noSecurities: boolean
  transactions: DocRow[]
  holdings: DocRow[]
  footnotes: { id: string; text: string }[]
  remarks: string | null
  /** The 10b5-1 checkbox as written (`1`, `0`, `false`); null before the schema had it (April 2023) and on Forms 3. */
  aff10b5One: '1' | '0' | 'false' | null
}

const TITLES = [
  'Chief Executive Officer',
  'Chief Financial Officer',
  'General Counsel',
  'EVP, Operations',
  'SVP, Sales',
]
const COMMON = 'Common Stock'
const DSU = 'Deferred Stock Units'
/** The first filing day of ownership schema X0508, which added the 10b5-1 checkbox (`aff10b5One`). */
const CHECKBOX_FROM = dayOfYmd(2023, 4, 1)
const VESTING =
  'The option vests in four equal annual installments beginning on the first anniversary of the grant date.'
const WEIGHTED =
  'The price reported is a weighted average price. These shares were sold in multiple transactions at prices within a range of one dollar. The reporting person will provide full information upon request.'

/** An issuer's share price on a day: a base from its CIK, drifting over the years. */
function priceOn(issuerCik: number, day: number): number {
  const h = hash2(issuerCik, 0x5eed)
  const base = 5 + (h % 20000) / 100
  const drift = 1 + 0.35 * Math.sin(day / 400 + (h % 628) / 100)
  return Math.round(base * drift * 100) / 100
}

/** The insider's role at the issuer: fixed per pair. */
export function roleOf(ownerCik: number, issuerCik: number) {
  const h = hash2(ownerCik, issuerCik)
  const kind = h % 10
  const officer = kind < 5
  return {
    director: kind >= 5 && kind < 9 ? true : kind === 0,
    officer,
    tenPercent: kind === 9,
    title: officer ? TITLES[(h >>> 8) % TITLES.length]! : null,
  }
}

/** One insider's documents at one issuer, oldest first, with the running balance. */
export function ownerDocs(
  filings: Filing[],
  issuer: OwnershipDoc['issuer'],
  owner: { cik: number; name: string },
): OwnershipDoc[] {
  const role = roleOf(owner.cik, issuer.cik)
  let balance = 0
  let options = 0
  let units = 0
  const docs: OwnershipDoc[] = []
  for (const f of [...filings].sort((a, b) => a.day - b.day || a.acceptedAt - b.acceptedAt)) {
    const rng = new Rng(hashText(f.accessionNumber))
    const base = f.form.replace('/A', '')
    const periodDay = f.reportDate ? dayOf(f.reportDate) : f.day
    const doc: OwnershipDoc = {
      accessionNumber: f.accessionNumber,
      form: f.form,
      filing: f,
      periodDay,
      issuer,
      owner: { cik: owner.cik, name: owner.name, ...role },
      noSecurities: false,
      transactions: [],
      holdings: [],
      footnotes: [],
      remarks: rng.chance(0.1) ? 'Exhibit 24 - Power of Attorney' : null,
      aff10b5One: null,
    }
    // Drawn from the accession number apart from rng, so that the rows drawn before these traps stay as they were.
    const trap = hash2(hashText(f.accessionNumber), 0x10b51)
    const price = priceOn(issuer.cik, periodDay)
    if (base === '3') {
      if (rng.chance(0.25) && balance === 0) doc.noSecurities = true
      else {
        if (balance === 0) balance = rng.range(1, 200) * 500
        doc.holdings.push({ title: COMMON, derivative: false, following: balance, di: 'D', nature: null })
        if (rng.chance(0.4)) {
          options = rng.range(1, 50) * 1000
          doc.holdings.push(optionRow(options, price, periodDay, rng))
        }
      }
    } else {
      // Most Forms 4 carry a few rows; 10b5-1 sales split by price carry many.
      const n =
        base === '5'
          ? 1
          : rng.chance(0.4)
            ? 1
            : rng.chance(0.6)
              ? rng.range(2, 4)
              : rng.chance(0.8)
                ? rng.range(5, 15)
                : rng.range(16, 40)
      const selling = balance > 0 && rng.chance(0.55)
      const code = base === '5' ? 'G' : selling ? (rng.chance(0.8) ? 'S' : 'F') : rng.pick(['P', 'A', 'A', 'M'])
      for (let k = 0; k < n; k++) {
        const ad: 'A' | 'D' = code === 'S' || code === 'F' || code === 'G' ? 'D' : 'A'
        let shares = rng.range(1, 100) * (rng.chance(0.3) ? 1000 : 37)
        if (ad === 'D') shares = Math.min(shares, balance)
        if (shares <= 0) break
        balance += ad === 'A' ? shares : -shares
        const txPrice =
          code === 'A' || code === 'G' ? 0 : Math.round(price * (0.98 + 0.04 * rng.next()) * 10000) / 10000
        const row: DocRow = {
          title: COMMON,
          derivative: false,
          day: periodDay,
          code,
          shares,
          price: txPrice,
          ad,
          following: balance,
          di: 'D',
          nature: null,
        }
        if (code === 'S' && n > 1) row.priceFootnote = 'F1'
        doc.transactions.push(row)
      }
      if (doc.transactions.some((r) => r.priceFootnote)) doc.footnotes.push({ id: 'F1', text: WEIGHTED })
      if (code === 'M' && options > 0) {
        const used = Math.min(options, rng.range(1, 10) * 1000)
        options -= used
        const option = optionRow(options, price, periodDay, rng)
        doc.transactions.push({
          ...option,
          day: periodDay,
          code: 'M',
          shares: used,
          price: option.exercisePrice,
          ad: 'D',
        })
      } else if (code === 'A' && rng.chance(0.3)) {
        const granted = rng.range(1, 20) * 1000
        options += granted
        const option = optionRow(options, price, periodDay, rng)
        doc.transactions.push({
          ...option,
          day: periodDay,
          code: 'A',
          shares: granted,
          price: option.exercisePrice,
          ad: 'A',
        })
      }
      if (code === 'A' && base === '4' && role.director && !role.officer && trap % 2 === 0) {
        const credited = 100 + (trap % 2000)
        units += credited
        doc.transactions.push({ ...unitRow(units), day: periodDay, code: 'A', shares: credited, price, ad: 'A' })
      }
      // Checked on most trades a plan can make (purchases, sales, exercises); written `0` or `false` when clear.
      if (f.day >= CHECKBOX_FROM)
        doc.aff10b5One = 'PSM'.includes(code) && trap % 3 !== 0 ? '1' : trap % 5 === 0 ? 'false' : '0'
      if (rng.chance(0.15))
        doc.holdings.push({
          title: COMMON,
          derivative: false,
          following: rng.range(1, 50) * 1000,
          di: 'I',
          nature: 'By Trust',
        })
    }
    if ([...doc.transactions, ...doc.holdings].some((r) => r.derivative))
      doc.footnotes.push({ id: 'F2', text: VESTING })
    docs.push(doc)
  }
  return docs
}

/** Deferred stock units: one share each when the director leaves, so no conversion price and no dates. */
function unitRow(following: number): DocRow {
  return {
    title: DSU,
    derivative: true,
    following,
    di: 'D',
    nature: null,
    exercisePrice: null,
    exerciseDay: null,
    expirationDay: null,
    underlyingTitle: COMMON,
    underlyingShares: following,
  }
}

function optionRow(following: number, price: number, day: number, rng: Rng): DocRow {
  return {
    title: 'Stock Option (Right to Buy)',
    derivative: true,
    following,
    di: 'D',
    nature: null,
    exercisePrice: Math.round(price * (0.8 + 0.4 * rng.next()) * 100) / 100,
    exerciseDay: null,
    expirationDay: day + 3652,
    underlyingTitle: COMMON,
    underlyingShares: following,
  }
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
/** `31-JUL-2024`, as the data sets write dates. */
export function datasetDate(day: number | null | undefined): string {
  if (day === null || day === undefined) return ''
  const iso = isoDay(day)
  return `${iso.slice(8, 10)}-${MONTHS[+iso.slice(5, 7) - 1]}-${iso.slice(0, 4)}`
}
