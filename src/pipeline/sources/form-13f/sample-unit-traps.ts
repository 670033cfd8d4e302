/**
 * The sample's filers for the value-unit rule when peers are too few (rules.ts, VALUE UNIT): each holds
 * only securities no other filer of the sample holds, so no CUSIP of theirs reaches a consensus in its
 * quarter, as in a partial mirror, an old quarter or a book of rare securities, and the filing's own
 * prices must decide. Their CIKs lie above the world's (1..2,100,000) and their INFOTABLE_SK numbers in a
 * range of their own, so that the world's rows stay as they were; they have no submissions record (the
 * build names them from their cover pages).
 *
 * - Lantern Rock kept thousands after the switch: its 2022Q4 13F-HR filed on 2023-02-14 reports thousands
 *   (as Bull Street Advisors' real one of 2023-02-28 did), after a 2022Q3 13F-HR in thousands, on time.
 * - Quarry Hill reported whole dollars before the switch: its 2022Q3 13F-HR filed on 2022-11-10, then
 *   its 2023Q4 13F-HR in dollars as everyone.
 * - Saltmarsh holds only notes (PRN, priced near par: below $1 a unit of principal) and options: no share
 *   position to price, so its era decides (dollars). Its three notes would outvote the rest if counted.
 */
import type { Position, Security } from './sample-books.ts'
import { cusipCheckDigit } from './sample-books.ts'
import type { SampleFiling, SampleManager } from './sample-rows.ts'

export const UNIT_TRAP_CIKS = { thousandsKept: 2_100_101, dollarsEarly: 2_100_102, noShares: 2_100_103 } as const
/** The first INFOTABLE_SK of their rows: far above the world's. */
export const UNIT_TRAP_FIRST_KEY = 900_000_001

/** A security of their own: a CUSIP whose third character is a letter, which the world's never have. */
function ownSecurity(k: number, issuerName: string, basePrice: number, principal = false): Security {
  const base = `99Z${String(k).padStart(3, '0')}${principal ? 'AB' : '10'}`
  return {
    cusip: base + cusipCheckDigit(base),
    issuerName,
    titleOfClass: principal ? 'NOTE 4.250% 6/30' : 'COM',
    basePrice,
    weight: 0,
    principal,
  }
}

/** Six stocks priced about $6 to $530 a share around 2022-2023 (base prices before the drift of sample-books.ts). */
const STOCKS = [
  ownSecurity(1, 'LANTERN MILLS INC', 1.6),
  ownSecurity(2, 'GREYSTONE FOODS CORP', 6),
  ownSecurity(3, 'HOLLOWAY RAIL CO', 15),
  ownSecurity(4, 'MARCHETTI MEDICAL INC', 32),
  ownSecurity(5, 'PEREGRINE SOFTWARE INC', 64),
  ownSecurity(6, 'OAKMONT INSURANCE GROUP', 110),
]
const stockBook = (sharesBase: number): Position[] =>
  STOCKS.map((security, i) => ({ security, shares: sharesBase * (i + 2), putCall: null, slot: i + 1 }))

function filing(cik: number, seq: number, filed: string, period: string): SampleFiling {
  const accession = `${String(cik).padStart(10, '0')}-${filed.slice(2, 4)}-${String(seq).padStart(6, '0')}`
  return { accession, form: '13F-HR', filed, period, accepted: `${filed} 16:30:00` }
}

const manager = (cik: number, name: string, city: string, state: string, zip: string) => ({
  cik,
  name,
  street1: `${100 + (cik % 900)} Harbor Street`,
  city,
  state,
  zip,
})

/** The unit-rule filers with their filings filed by `asOf` (`YYYY-MM-DD`). */
export function unitTrapManagers(asOf: string): SampleManager[] {
  const { thousandsKept, dollarsEarly, noShares } = UNIT_TRAP_CIKS
  const managers: SampleManager[] = [
    {
      ...manager(thousandsKept, 'LANTERN ROCK CAPITAL LLC', 'COLUMBIA', 'SC', '29201'),
      filings: [
        filing(thousandsKept, 1, '2022-11-14', '2022-09-30'),
        filing(thousandsKept, 1, '2023-02-14', '2022-12-31'),
      ],
      book: stockBook(20_000),
      valueUnit: 'thousands',
    },
    {
      ...manager(dollarsEarly, 'QUARRY HILL ADVISORS LP', 'HARTFORD', 'CT', '06103'),
      filings: [
        filing(dollarsEarly, 1, '2022-11-10', '2022-09-30'),
        filing(dollarsEarly, 1, '2024-02-13', '2023-12-31'),
      ],
      book: stockBook(15_000),
      valueUnit: 'dollars',
    },
    {
      ...manager(noShares, 'SALTMARSH INCOME PARTNERS LLC', 'PORTLAND', 'ME', '04101'),
      filings: [filing(noShares, 1, '2023-05-12', '2023-03-31')],
      book: [
        { security: ownSecurity(7, 'HOLLOWAY RAIL CO', 1, true), shares: 5_000_000, putCall: null, slot: 1 },
        { security: ownSecurity(8, 'OAKMONT INSURANCE GROUP', 1, true), shares: 2_500_000, putCall: null, slot: 2 },
        { security: ownSecurity(9, 'MARCHETTI MEDICAL INC', 1, true), shares: 3_000_000, putCall: null, slot: 5 },
        { security: STOCKS[3]!, shares: 40_000, putCall: 'Call', slot: 3 },
        { security: STOCKS[4]!, shares: 25_000, putCall: 'Put', slot: 4 },
      ],
    },
  ]
  return managers.map((m) => ({ ...m, filings: m.filings.filter((f) => f.filed <= asOf) }))
}
