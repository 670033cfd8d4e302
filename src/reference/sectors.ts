/**
 * Broad market sectors for SIC codes, in the style of the sector labels market-data vendors use.
 *
 * SIC predates these sectors and groups by what a plant makes, not by what investors compare, so
 * the mapping is a list of inclusive ranges: exceptions first, then one default per SIC major group.
 * THE FIRST MATCHING RANGE WINS, so list order is part of the data. The dataset build loads this
 * list into DuckDB with its index and joins `sic BETWEEN "from" AND "to"`, keeping the match with
 * the lowest index; sectorForSic below does the same in TypeScript. ("from" and "to" are reserved
 * words in SQL and need quoting there.)
 *
 * Where a code is ambiguous we follow what most of its filers are today, and say why inline.
 */

export const SECTORS = [
  'Technology',
  'Healthcare',
  'Financial Services',
  'Real Estate',
  'Energy',
  'Utilities',
  'Industrials',
  'Consumer Cyclical',
  'Consumer Defensive',
  'Basic Materials',
  'Communication Services',
  // Shells, blank checks, ADRs, foreign governments and other codes that describe no business.
  'Other',
] as const

export type Sector = (typeof SECTORS)[number]

type SicSectorRange = { from: number; to: number; sector: Sector }

const one = (code: number, sector: Sector): SicSectorRange => ({ from: code, to: code, sector })
const range = (from: number, to: number, sector: Sector): SicSectorRange => ({ from, to, sector })

/** Inclusive SIC ranges, most specific first; the first match wins. */
export const SIC_SECTOR_RANGES: readonly SicSectorRange[] = [
  // --- Exceptions to the major-group defaults below -------------------------------------------
  one(800, 'Basic Materials'), // forestry sits with lumber, not with farm products
  range(1520, 1531, 'Consumer Cyclical'), // home builders
  range(2451, 2452, 'Consumer Cyclical'), // mobile and prefabricated homes
  range(2520, 2540, 'Industrials'), // office furniture and fixtures
  range(2650, 2673, 'Consumer Cyclical'), // paper packaging, with other packaging and containers
  range(2833, 2836, 'Healthcare'), // drugs, diagnostics, biologics
  range(2840, 2844, 'Consumer Defensive'), // soaps, cleaners, cosmetics
  one(2950, 'Basic Materials'), // asphalt paving and roofing: building materials, not fuel
  range(3011, 3021, 'Consumer Cyclical'), // tires, rubber footwear
  one(3221, 'Consumer Cyclical'), // glass containers
  range(3411, 3412, 'Consumer Cyclical'), // metal cans and drums
  one(3533, 'Energy'), // oil and gas field machinery
  range(3570, 3579, 'Technology'), // computers and office equipment
  range(3630, 3634, 'Consumer Cyclical'), // household appliances
  one(3651, 'Technology'), // consumer electronics
  one(3652, 'Communication Services'), // recorded music
  range(3660, 3679, 'Technology'), // communications equipment, semiconductors, components
  one(3695, 'Technology'), // recording media
  one(3711, 'Consumer Cyclical'), // car makers
  one(3714, 'Consumer Cyclical'), // auto parts
  one(3716, 'Consumer Cyclical'), // motor homes
  one(3751, 'Consumer Cyclical'), // motorcycles and bicycles
  one(3790, 'Consumer Cyclical'), // mostly recreational vehicles
  one(3812, 'Industrials'), // defense electronics and navigation
  one(3821, 'Healthcare'), // laboratory apparatus
  one(3822, 'Industrials'), // building environmental controls
  one(3826, 'Healthcare'), // laboratory analytical instruments (life-science tools)
  range(3840, 3851, 'Healthcare'), // medical devices and supplies
  one(3873, 'Consumer Cyclical'), // watches
  one(3950, 'Industrials'), // pens and office supplies
  one(3990, 'Industrials'), // miscellaneous manufacturing
  one(4610, 'Energy'), // oil pipelines
  one(4700, 'Consumer Cyclical'), // mostly online travel agencies
  one(4922, 'Energy'), // gas transmission pipelines
  range(4950, 4959, 'Industrials'), // waste management
  range(5010, 5013, 'Consumer Cyclical'), // auto parts distribution
  one(5045, 'Technology'), // computer distribution
  one(5047, 'Healthcare'), // medical supply distribution
  one(5065, 'Technology'), // electronic parts distribution
  one(5110, 'Basic Materials'), // paper distribution
  one(5122, 'Healthcare'), // drug distribution
  one(5160, 'Basic Materials'), // chemicals distribution
  range(5171, 5172, 'Energy'), // petroleum products distribution
  range(5331, 5399, 'Consumer Defensive'), // discount and warehouse stores
  range(5400, 5499, 'Consumer Defensive'), // grocery and convenience stores
  one(5912, 'Healthcare'), // pharmacies
  one(6324, 'Healthcare'), // health insurers
  one(6770, 'Other'), // blank checks (SPACs)
  one(6792, 'Energy'), // oil royalty traders
  one(6794, 'Technology'), // patent licensing companies
  one(6795, 'Basic Materials'), // mineral royalty traders
  one(6798, 'Real Estate'), // REITs
  range(7310, 7311, 'Communication Services'), // advertising
  one(7331, 'Communication Services'), // direct mail advertising
  range(7370, 7379, 'Technology'), // software and IT services
  one(7385, 'Communication Services'), // telephone interconnect
  one(7510, 'Industrials'), // car rental, with other rental and leasing
  one(7841, 'Consumer Cyclical'), // video rental stores
  one(8731, 'Healthcare'), // commercial biological research, mostly biotech and CROs

  // --- One default per SIC major group ---------------------------------------------------------
  range(100, 999, 'Consumer Defensive'), // agriculture and fishing: farm products
  range(1000, 1099, 'Basic Materials'), // metal mining
  range(1200, 1399, 'Energy'), // coal, oil and gas
  range(1400, 1499, 'Basic Materials'), // nonmetallic minerals
  range(1500, 1799, 'Industrials'), // construction
  range(2000, 2199, 'Consumer Defensive'), // food, beverages, tobacco
  range(2200, 2399, 'Consumer Cyclical'), // textiles and apparel
  range(2400, 2499, 'Basic Materials'), // lumber and wood
  range(2500, 2599, 'Consumer Cyclical'), // household furniture
  range(2600, 2699, 'Basic Materials'), // pulp and paper
  range(2700, 2749, 'Communication Services'), // publishing
  range(2750, 2799, 'Industrials'), // commercial printing
  range(2800, 2899, 'Basic Materials'), // chemicals
  range(2900, 2999, 'Energy'), // petroleum refining
  range(3000, 3099, 'Basic Materials'), // rubber and plastics
  range(3100, 3199, 'Consumer Cyclical'), // leather and footwear
  range(3200, 3399, 'Basic Materials'), // stone, clay, glass, primary metals
  range(3400, 3599, 'Industrials'), // fabricated metal and machinery
  range(3600, 3699, 'Industrials'), // electrical equipment
  range(3700, 3799, 'Industrials'), // aerospace, rail, ships, trucks
  range(3800, 3899, 'Technology'), // scientific and technical instruments
  range(3900, 3999, 'Consumer Cyclical'), // jewelry, toys, sporting goods
  range(4000, 4799, 'Industrials'), // transportation
  range(4800, 4899, 'Communication Services'), // telecom and broadcasting
  range(4900, 4999, 'Utilities'), // electric, gas, water
  range(5000, 5099, 'Industrials'), // durable goods distribution
  range(5100, 5199, 'Consumer Defensive'), // nondurable goods distribution
  range(5200, 5999, 'Consumer Cyclical'), // retail
  range(6000, 6499, 'Financial Services'), // banks, credit, brokers, insurance
  range(6500, 6599, 'Real Estate'), // real estate operators and developers
  range(6700, 6799, 'Financial Services'), // holding and investment offices
  range(7000, 7299, 'Consumer Cyclical'), // lodging and personal services
  range(7300, 7399, 'Industrials'), // business services
  range(7500, 7599, 'Consumer Cyclical'), // auto repair and parking
  range(7600, 7699, 'Industrials'), // repair services
  range(7800, 7899, 'Communication Services'), // film production, distribution and theaters
  range(7900, 7999, 'Consumer Cyclical'), // amusement and recreation
  range(8000, 8099, 'Healthcare'), // health services
  range(8100, 8199, 'Industrials'), // legal services
  range(8200, 8299, 'Consumer Defensive'), // education
  range(8300, 8399, 'Consumer Cyclical'), // social services and child care
  range(8600, 8699, 'Industrials'), // membership organizations
  range(8700, 8799, 'Industrials'), // engineering, accounting, consulting
  range(8800, 8899, 'Other'), // 8880 American depositary receipts, 8888 foreign governments
  range(8900, 8999, 'Industrials'), // services not elsewhere classified
  range(9000, 9999, 'Other'), // 9721 international affairs, 9995 non-operating establishments
]

/** The sector for a SIC code: null when the company has no SIC code, 'Other' when no range covers it. */
export function sectorForSic(code: number | null | undefined): Sector | null {
  if (code === null || code === undefined) return null
  return SIC_SECTOR_RANGES.find((r) => code >= r.from && code <= r.to)?.sector ?? 'Other'
}
