/**
 * Plainly fictional names: companies, funds, managers and people, made of invented word roots
 * ('Quillfeather Robotics Inc', 'Harborline Capital Partners LP', 'ASHCOMBE DANIEL R'). Older
 * registrants get EDGAR's upper-case conformed names; newer ones mixed case, as on EDGAR.
 */
import type { Rng } from './random.ts'

const ROOT_HEADS = [
  'Quill',
  'Harbor',
  'Tide',
  'Bramble',
  'Copper',
  'Lark',
  'Stone',
  'Cobalt',
  'Amber',
  'Ash',
  'Birch',
  'Briar',
  'Cedar',
  'Clear',
  'Cloud',
  'Crest',
  'Drift',
  'Elm',
  'Ember',
  'Fern',
  'Fox',
  'Glen',
  'Gold',
  'Granite',
  'Hawk',
  'Hazel',
  'Heron',
  'Iron',
  'Ivy',
  'Juniper',
  'Kestrel',
  'Lantern',
  'Maple',
  'Marsh',
  'Meadow',
  'North',
  'Oak',
  'Onyx',
  'Orchard',
  'Pine',
  'Quarry',
  'Raven',
  'Red',
  'Ridge',
  'River',
  'Rook',
  'Sage',
  'Salt',
  'Silver',
  'Sky',
  'Slate',
  'Spruce',
  'Star',
  'Summit',
  'Swift',
  'Thorn',
  'Timber',
  'Vale',
  'West',
  'Willow',
  'Wren',
  'Zephyr',
  'Alder',
  'Basalt',
  'Bright',
  'Calder',
  'Falcon',
  'Garnet',
  'Halcyon',
  'Indigo',
  'Jasper',
  'Keel',
  'Lumen',
  'Mica',
  'Nimbus',
  'Opal',
  'Pelican',
  'Quartz',
  'Rune',
  'Sable',
  'Tern',
  'Umber',
  'Verdant',
  'Wharf',
  'Yarrow',
  'Corvid',
  'Dapple',
  'Fable',
  'Gossamer',
  'Marrow',
]
const ROOT_TAILS = [
  'feather',
  'line',
  'wren',
  'ton',
  'field',
  'spur',
  'bridge',
  'reach',
  'wood',
  'gate',
  'haven',
  'crest',
  'stone',
  'brook',
  'point',
  'ridge',
  'water',
  'well',
  'view',
  'mark',
  'mere',
  'shore',
  'vale',
  'wick',
  'worth',
  'ford',
  'port',
  'light',
  'croft',
  'dale',
  'fall',
  'glen',
  'hurst',
  'leaf',
  'more',
  'peak',
  'side',
  'way',
  'lore',
  'wind',
]

/** Industry words by SIC office, so a pharmaceutical SIC gets 'Therapeutics' rather than 'Pipeline'. */
const INDUSTRY_WORDS: Record<string, readonly string[]> = {
  tech: [
    'Robotics',
    'Software',
    'Systems',
    'Networks',
    'Semiconductor',
    'Digital',
    'Data',
    'Analytics',
    'Photonics',
    'Devices',
    'Cyber',
    'Cloud',
  ],
  life: [
    'Therapeutics',
    'Biosciences',
    'Pharmaceuticals',
    'Medical',
    'Genomics',
    'Health',
    'Diagnostics',
    'Bio',
    'Biotherapeutics',
  ],
  energy: [
    'Energy',
    'Petroleum',
    'Resources',
    'Pipeline',
    'Power',
    'Solar',
    'Midstream',
    'Oil & Gas',
    'Logistics',
    'Airlines',
    'Shipping',
  ],
  finance: ['Bancorp', 'Financial', 'Capital', 'Bancshares', 'Insurance', 'Credit', 'Savings Bank', 'Financial Group'],
  realty: ['Realty', 'Properties', 'Real Estate', 'Homes', 'Land', 'Residential', 'Hospitality REIT'],
  manufacturing: [
    'Industries',
    'Manufacturing',
    'Materials',
    'Chemicals',
    'Metals',
    'Motors',
    'Instruments',
    'Foods',
    'Brands',
    'Apparel',
    'Aerospace',
  ],
  services: [
    'Retail',
    'Brands',
    'Hospitality',
    'Services',
    'Media',
    'Entertainment',
    'Restaurants',
    'Stores',
    'Education',
    'Staffing',
  ],
  industrial: ['Mining', 'Minerals', 'Agriculture', 'Gold', 'Lithium', 'Timber', 'Farms', 'Environmental'],
}
const COMPANY_SUFFIXES = [
  'Inc',
  'Inc.',
  'Corp',
  'Corporation',
  'Co',
  'Holdings, Inc.',
  'Holdings Corp',
  'Ltd',
  'LLC',
  'Group, Inc.',
  'Technologies, Inc.',
]
const FOREIGN_SUFFIXES = [
  'AG',
  'S.A.',
  'N.V.',
  'plc',
  'Ltd',
  'Limited',
  'SE',
  'A/S',
  'AB',
  'Holdings Ltd',
  'S.p.A.',
  'K.K.',
]
const STATE_TAGS = ['/DE/', '/NV/', '/NY/', '/MD/', '\\PA\\', '/CA/', '/TX/', '/MN/']

const FIRST_NAMES = [
  'Daniel',
  'Maria',
  'James',
  'Priya',
  'Robert',
  'Elena',
  'Michael',
  'Grace',
  'David',
  'Aisha',
  'Thomas',
  'Laura',
  'Kenji',
  'Sarah',
  'William',
  'Nadia',
  'Richard',
  'Olivia',
  'Joseph',
  'Hannah',
  'Charles',
  'Sofia',
  'Andrew',
  'Mei',
  'Peter',
  'Claire',
  'Samuel',
  'Ingrid',
  'Victor',
  'Rachel',
  'Marcus',
  'Lucia',
  'Gregory',
  'Fatima',
  'Stephen',
  'Helen',
  'Arjun',
  'Karen',
  'Mark',
  'Teresa',
  'Paul',
  'Yuki',
  'Anthony',
  'Diane',
  'Kevin',
  'Beatriz',
  'Brian',
  'Julia',
  'Edward',
  'Amara',
]
const SURNAME_HEADS = [
  'Ash',
  'Bel',
  'Cor',
  'Dun',
  'Ell',
  'Fair',
  'Gal',
  'Hal',
  'Kel',
  'Lind',
  'Mar',
  'Nor',
  'Pem',
  'Quen',
  'Rad',
  'Sel',
  'Tam',
  'Vor',
  'Wes',
  'Yar',
  'Brack',
  'Crom',
  'Dal',
  'Fen',
  'Hart',
  'Lock',
  'Mont',
  'Pell',
  'Stan',
  'Thorn',
  'Okon',
  'Vant',
  'Zell',
  'Kov',
  'Mori',
]
const SURNAME_TAILS = [
  'by',
  'combe',
  'dale',
  'ford',
  'ham',
  'ley',
  'mont',
  'ridge',
  'ton',
  'well',
  'worth',
  'wick',
  'er',
  'son',
  'ville',
  'lock',
  'croft',
  'stead',
  'field',
  'more',
  'reece',
  'ani',
  'ski',
  'ata',
]
const ROMAN = ['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII']

export const root = (rng: Rng) => rng.pick(ROOT_HEADS) + rng.pick(ROOT_TAILS)

export type NameStyle = { upper: boolean }
const styled = (name: string, style: NameStyle) => (style.upper ? name.toUpperCase() : name)

export function industryFamily(office: string): string {
  if (office.includes('Technology')) return 'tech'
  if (office.includes('Life Sciences')) return 'life'
  if (office.includes('Energy')) return 'energy'
  if (office.includes('Finance') || office.includes('Crypto')) return 'finance'
  if (office.includes('Real Estate')) return 'realty'
  if (office.includes('Manufacturing')) return 'manufacturing'
  if (office.includes('Trade')) return 'services'
  return 'industrial'
}

export function companyName(rng: Rng, sic: number, office: string, foreign: boolean, style: NameStyle): string {
  const base = root(rng)
  if (sic === 6770) return styled(`${base} Acquisition Corp${rng.chance(0.3) ? ` ${rng.pick(ROMAN)}` : ''}`, style)
  if (sic === 6189)
    return styled(
      `${base} ${rng.pick(['Auto Receivables Trust', 'Mortgage Trust', 'Equipment Trust', 'Credit Card Master Trust'])} ${rng.range(2003, 2025)}-${rng.range(1, 4)}`,
      style,
    )
  const word = rng.pick(INDUSTRY_WORDS[industryFamily(office)] ?? INDUSTRY_WORDS.industrial!)
  const suffix = rng.pick(foreign ? FOREIGN_SUFFIXES : COMPANY_SUFFIXES)
  let name = rng.chance(0.15) ? `${base} ${suffix}` : `${base} ${word} ${suffix}`
  // EDGAR appends a state tag to tell apart registrants with the same conformed name.
  if (style.upper && !foreign && rng.chance(0.06)) name += ` ${rng.pick(STATE_TAGS)}`
  return styled(name, style)
}

export function privateFundName(rng: Rng, style: NameStyle): string {
  const base = root(rng)
  const kind = rng.pick([
    'Capital Partners',
    'Opportunity Fund',
    'Ventures Fund',
    'Real Estate Fund',
    'Credit Fund',
    'Growth Equity Fund',
    'Co-Invest',
    'Master Fund',
  ])
  const series = rng.chance(0.5) ? ` ${rng.pick(ROMAN)}` : ''
  const form = rng.pick(['LP', 'L.P.', ', L.P.', 'LLC', ', LLC', 'Ltd'])
  return styled(`${base} ${kind}${series}${form.startsWith(',') ? form : ` ${form}`}`, style)
}

export function registeredFundName(rng: Rng, style: NameStyle): string {
  return styled(
    `${root(rng)} ${rng.pick(['Funds Trust', 'Investment Trust', 'Municipal Bond Fund', 'ETF Trust', 'Series Trust', 'Variable Insurance Trust', 'Income Fund, Inc.'])}`,
    style,
  )
}

export function managerName(rng: Rng, style: NameStyle): string {
  return styled(
    `${root(rng)} ${rng.pick(['Capital Management LLC', 'Asset Management, L.P.', 'Advisors LLC', 'Wealth Partners, LLC', 'Investment Counsel Inc', 'Capital Advisors, Inc.'])}`,
    style,
  )
}

export function otherCompanyName(rng: Rng, style: NameStyle): string {
  return styled(
    `${root(rng)} ${rng.pick(['Funding LLC', 'Finance LLC', 'Holdings LP', 'Partners LLC', 'Trust', 'Properties LLC', 'Capital Trust I', 'Issuer LLC'])}`,
    style,
  )
}

/** 'LAST FIRST M': EDGAR files people surname first. */
export function personName(rng: Rng, style: NameStyle): string {
  const last = rng.pick(SURNAME_HEADS) + rng.pick(SURNAME_TAILS)
  const first = rng.pick(FIRST_NAMES)
  const middle = rng.chance(0.6)
    ? ` ${String.fromCharCode(65 + rng.int(26))}${!style.upper && rng.chance(0.4) ? '.' : ''}`
    : ''
  const suffix = rng.chance(0.03) ? rng.pick([' JR', ' III', ' Jr.']) : ''
  return styled(`${last} ${first}${middle}${suffix}`, style)
}

/** Ticker candidates from a name: initials, then leading letters, 2 to 5 characters. */
export function tickerCandidates(name: string): string[] {
  const words = name
    .toUpperCase()
    .replace(/[^A-Z ]/g, ' ')
    .split(/\s+/)
    .filter(
      (w) =>
        w.length > 0 && !['INC', 'CORP', 'CO', 'LTD', 'LLC', 'THE', 'AND', 'OF', 'PLC', 'AG', 'SA', 'NV'].includes(w),
    )
  const first = words[0] ?? 'X'
  const second = words[1] ?? ''
  const out = [
    first.slice(0, 4),
    first.slice(0, 3) + second.slice(0, 1),
    first.slice(0, 2) + second.slice(0, 2),
    first.slice(0, 3),
    first.slice(0, 5),
  ]
  if (words.length >= 3)
    out.push(
      words
        .map((w) => w[0])
        .join('')
        .slice(0, 4),
    )
  return out.filter((t) => t.length >= 2)
}
