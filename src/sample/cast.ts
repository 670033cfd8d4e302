/**
 * The fixed cast: a dozen hand-written entities present in every sample, whatever the seed or scale, each
 * covering an EDGAR quirk the build must handle. Tests refer to them through CAST and CAST_ACCESSIONS.
 * Their filings are in cast-filings.ts; everything here is plain data.
 */
import { type Address, EMPTY_ADDRESS } from './places.ts'
import type { Profile } from './profile.ts'

export const CAST = {
  largeIssuer: {
    cik: 804753,
    name: 'Quillfeather Dynamics Corp',
    quirk:
      'five tickers on two exchanges (two share classes, three preferreds), large accelerated filer, XBRL 10-K/10-Q/8-K, former names, two insiders, an 8-K dated the day after as-of (daily index only)',
  },
  manyFilings: {
    cik: 893710,
    name: 'Cobaltreach Financial Corp',
    quirk: '3,400 filings: recent holds 1,000, page 001 holds 2,000 and page 002 holds 400',
  },
  tickerFromExchangeFile: {
    cik: 1604721,
    name: 'Tidewren Holdings Inc',
    quirk: "sic '' and no tickers in its submissions record; its ticker TDWR is only in company_tickers_exchange.json",
  },
  foreignIssuer: {
    cik: 1387512,
    name: 'Oberwald Feinmechanik AG',
    quirk: 'foreign private issuer: 20-F and 6-K, German mailing and business addresses',
  },
  insiderA: {
    cik: 1561207,
    name: 'Vantreece Marisol K',
    quirk: 'insider of largeIssuer: Forms 3 and 4 listed under both CIKs with the same accession numbers',
  },
  insiderB: {
    cik: 1474388,
    name: 'OKAFOR-LINDQVIST DESMOND',
    quirk: 'insider of largeIssuer: Forms 4, 4/A and 5 listed under both CIKs with the same accession numbers',
  },
  manager: {
    cik: 1699243,
    name: 'Harrowgate Capital Management LLC',
    quirk: '13F institutional manager: quarterly 13F-HR, a 13F-HR/A, SCHEDULE 13G',
  },
  delisted: {
    cik: 1771003,
    name: 'Brambleton Therapeutics, Inc.',
    quirk: 'delisted: no tickers anywhere; last filings a 25-NSE and a 15-12B',
  },
  emptyReportDates: {
    cik: 719204,
    name: 'Copperfield Grain & Milling Co',
    quirk: "reportDate '' on S-8, CORRESP, UPLOAD, 424B3 and SCHEDULE 13G/A; 8-K items",
  },
  longName: {
    cik: 1039871,
    name: "Saint-Aubin O'Malley Fiduciary Trust, Equipment Leasing & Real Estate Income Fund /NY/ L.P.",
    quirk: "name of 90 characters with '&', ',', '/' and an apostrophe",
  },
  indexOnly: {
    cik: 2091877,
    name: 'Wrenfield Opportunity Partners III, L.P.',
    quirk: 'present only in the index files: no submissions record',
  },
  zeroEinFund: {
    cik: 1932415,
    name: 'Ashgrove Private Credit Fund II LP',
    quirk: "private fund: ein '000000000', entityType 'other', Form D and yearly D/A",
  },
  factsOnly: {
    cik: 2114530,
    name: 'Larkmoor Cloud Systems, Inc.',
    quirk:
      'a companyfacts file and a ticker (LKMR) only, as the real mirror has Snowflake: no submissions record, no FSDS filing, in no index file',
  },
  fsdsOnly: {
    cik: 2118266,
    name: 'Fenwick Ridge Outfitters Corp',
    quirk: 'in FSDS sub.txt only (a 10-K and a 10-Q of 2026q1-q2): no submissions record, ticker or companyfacts file',
  },
} as const satisfies Record<string, { cik: number; name: string; quirk: string }>

export type CastKey = keyof typeof CAST

/**
 * The sources whose sample files leave out a cast filer that has a profile: filers that only some
 * sources know, as in the real mirror. Their filings are older than the index files' two quarters, so
 * those leave them out by date. Their CIKs are above the generated population's range (1..2,100,000), so
 * reserving them moves no generated CIK.
 */
export const CAST_ABSENT_FROM: Partial<Record<CastKey, readonly string[]>> = {
  factsOnly: ['submissions', 'filing-index', 'financial-statements'],
  fsdsOnly: ['submissions', 'filing-index', 'company-facts'],
}
const ABSENT = new Map<number, Set<string>>(
  Object.entries(CAST_ABSENT_FROM).map(([key, sources]) => [CAST[key as CastKey].cik, new Set(sources)]),
)
/** Whether the sample part of `source` (a registry name) leaves out the filer with this CIK (CAST_ABSENT_FROM). */
export const absentFrom = (source: string, cik: number) => ABSENT.get(cik)?.has(source) ?? false

/** Accession numbers the tests look for. */
export const CAST_ACCESSIONS = {
  /** largeIssuer's 8-K dated as-of + 1 business day: only in that day's daily index. */
  currentDay: '0000804753-26-000051',
  /** insiderA's Form 4 of 2026-08-12, listed under insiderA and largeIssuer. */
  insiderForm4: '0001999001-26-000877',
  /** largeIssuer's 10-K for fiscal 2025 (inline XBRL). */
  tenK: '0000804753-26-000006',
  /** indexOnly's Form D/A of 2026-11-19 (daily and quarterly index). */
  indexOnlyAmendment: '0002091877-26-000002',
} as const

/** Filing agents only the cast uses, so that cast accession numbers never meet generated ones. */
export const CAST_AGENTS = { workiva: 1999001, printer: 1999002 } as const

export const CAST_CIKS: readonly number[] = [...Object.values(CAST).map((c) => c.cik), ...Object.values(CAST_AGENTS)]

const us = (
  street1: string,
  street2: string | null,
  city: string,
  state: string,
  zip: string,
  flag: number | null,
): Address => ({
  ...EMPTY_ADDRESS,
  street1,
  street2,
  city,
  stateOrCountry: state,
  zipCode: zip,
  stateOrCountryDescription: state,
  isForeignLocation: flag,
})

type Fields = Pick<Profile, 'cik' | 'name' | 'entityType'> & Partial<Profile>
/** A profile with every key in EDGAR's order; unspecified fields take a company's usual values. */
function profile(p: Fields): Profile {
  return {
    cik: p.cik,
    entityType: p.entityType,
    sic: p.sic ?? '',
    sicDescription: p.sicDescription ?? '',
    ownerOrg: p.ownerOrg === undefined ? '' : p.ownerOrg,
    insiderTransactionForOwnerExists: p.insiderTransactionForOwnerExists ?? 0,
    insiderTransactionForIssuerExists: p.insiderTransactionForIssuerExists ?? 0,
    name: p.name,
    tickers: p.tickers ?? [],
    exchanges: p.exchanges ?? [],
    ein: p.ein === undefined ? null : p.ein,
    lei: null,
    description: '',
    website: '',
    investorWebsite: '',
    category: p.category ?? '',
    fiscalYearEnd: p.fiscalYearEnd === undefined ? '1231' : p.fiscalYearEnd,
    stateOfIncorporation: p.stateOfIncorporation ?? 'DE',
    stateOfIncorporationDescription: p.stateOfIncorporationDescription ?? p.stateOfIncorporation ?? 'DE',
    addresses: p.addresses ?? { mailing: EMPTY_ADDRESS, business: EMPTY_ADDRESS },
    phone: p.phone === undefined ? null : p.phone,
    flags: '',
    formerNames: p.formerNames ?? [],
  }
}

const quill = us('2200 LATTICE PARKWAY', 'SUITE 400', 'SAN JOSE', 'CA', '95134', 0)
const germany: Address = {
  ...EMPTY_ADDRESS,
  street1: 'OBERWALD FEINMECHANIK AG',
  street2: 'INDUSTRIESTRASSE 14',
  city: 'MUNICH',
  stateOrCountry: '2M',
  zipCode: '80939',
  stateOrCountryDescription: 'Germany',
  isForeignLocation: 1,
  foreignStateTerritory: 'BAVARIA',
  country: 'Germany',
  countryCode: 'DE',
}

/**
 * Profiles of the cast, as their submissions records hold them (CAST_ABSENT_FROM's filers have none in the
 * mirror; their FSDS filings and companyfacts are written from these); indexOnly has none.
 */
export const CAST_PROFILES: Partial<Record<CastKey, Profile>> = {
  largeIssuer: profile({
    cik: 804753,
    entityType: 'operating',
    sic: '3674',
    sicDescription: 'Semiconductors & Related Devices',
    ownerOrg: '04 Manufacturing',
    insiderTransactionForIssuerExists: 1,
    name: 'Quillfeather Dynamics Corp',
    tickers: ['QFD', 'QFDB', 'QFD-PA', 'QFD-PB', 'QFD-PC'],
    exchanges: ['Nasdaq', 'Nasdaq', 'NYSE', 'NYSE', 'NYSE'],
    ein: '941873520',
    category: 'Large accelerated filer',
    addresses: { mailing: quill, business: { ...quill, isForeignLocation: null } },
    phone: '(408) 555-0142',
    formerNames: [
      { name: 'Quillfeather Holdings Inc', from: '2009-03-02T05:00:00.000Z', to: '2018-06-14T04:00:00.000Z' },
      { name: 'QUILLFEATHER SEMICONDUCTOR CORP', from: '1994-05-11T04:00:00.000Z', to: '2009-03-02T05:00:00.000Z' },
    ],
  }),
  manyFilings: profile({
    cik: 893710,
    entityType: 'operating',
    sic: '6021',
    sicDescription: 'National Commercial Banks',
    ownerOrg: '02 Finance',
    name: 'Cobaltreach Financial Corp',
    tickers: ['CBRF'],
    exchanges: ['NYSE'],
    ein: '131640922',
    category: 'Large accelerated filer',
    addresses: {
      mailing: us('1 COBALT PLAZA', null, 'NEW YORK', 'NY', '10004', 0),
      business: us('1 COBALT PLAZA', null, 'NEW YORK', 'NY', '10004', null),
    },
    phone: '212-555-0190',
    stateOfIncorporation: 'NY',
  }),
  tickerFromExchangeFile: profile({
    cik: 1604721,
    entityType: 'operating',
    name: 'Tidewren Holdings Inc',
    ein: '464120387',
    category: 'Non-accelerated filer<br>Smaller reporting company',
    addresses: {
      mailing: us('88 TIDEWATER ROAD', null, 'TAMPA', 'FL', '33602', 0),
      business: us('88 TIDEWATER ROAD', null, 'TAMPA', 'FL', '33602', null),
    },
    phone: '8135550117',
    stateOfIncorporation: 'NV',
  }),
  foreignIssuer: profile({
    cik: 1387512,
    entityType: 'operating',
    sic: '3829',
    sicDescription: 'Measuring & Controlling Devices, NEC',
    ownerOrg: '08 Industrial Applications and Services',
    name: 'Oberwald Feinmechanik AG',
    tickers: ['OBWFY'],
    exchanges: ['OTC'],
    ein: '000000000',
    category: 'Accelerated filer',
    stateOfIncorporation: '2M',
    stateOfIncorporationDescription: 'Germany',
    addresses: { mailing: germany, business: germany },
    phone: '49 (89) 3301 4472',
  }),
  insiderA: profile({
    cik: 1561207,
    entityType: 'other',
    ownerOrg: null,
    insiderTransactionForOwnerExists: 1,
    name: 'Vantreece Marisol K',
    fiscalYearEnd: null,
    stateOfIncorporation: '',
    addresses: {
      mailing: { ...quill, street1: 'C/O QUILLFEATHER DYNAMICS CORP', street2: '2200 LATTICE PARKWAY' },
      business: EMPTY_ADDRESS,
    },
  }),
  insiderB: profile({
    cik: 1474388,
    entityType: 'other',
    insiderTransactionForOwnerExists: 1,
    name: 'OKAFOR-LINDQVIST DESMOND',
    fiscalYearEnd: null,
    stateOfIncorporation: '',
    addresses: { mailing: us('410 HIGHLAND AVENUE', null, 'PALO ALTO', 'CA', '94301', null), business: EMPTY_ADDRESS },
  }),
  manager: profile({
    cik: 1699243,
    entityType: 'other',
    name: 'Harrowgate Capital Management LLC',
    ein: '812204661',
    addresses: {
      mailing: us('50 HARBOR VIEW DRIVE', 'FLOOR 9', 'GREENWICH', 'CT', '06830', 0),
      business: us('50 HARBOR VIEW DRIVE', 'FLOOR 9', 'GREENWICH', 'CT', '06830', null),
    },
    phone: '203-555-0166',
  }),
  delisted: profile({
    cik: 1771003,
    entityType: 'operating',
    sic: '2834',
    sicDescription: 'Pharmaceutical Preparations',
    ownerOrg: '03 Life Sciences',
    insiderTransactionForIssuerExists: 1,
    name: 'Brambleton Therapeutics, Inc.',
    ein: '832719904',
    category: 'Non-accelerated filer<br>Smaller reporting company<br>Emerging growth company',
    stateOfIncorporation: '',
    stateOfIncorporationDescription: '',
    addresses: {
      mailing: us('300 TECHNOLOGY SQUARE', 'SUITE 800', 'CAMBRIDGE', 'MA', '02139', 0),
      business: us('300 TECHNOLOGY SQUARE', 'SUITE 800', 'CAMBRIDGE', 'MA', '02139', null),
    },
    phone: '617-555-0178',
  }),
  emptyReportDates: profile({
    cik: 719204,
    entityType: 'operating',
    sic: '2040',
    sicDescription: 'Grain Mill Products',
    ownerOrg: '04 Manufacturing',
    name: 'Copperfield Grain & Milling Co',
    tickers: ['CPGM'],
    exchanges: ['NYSE'],
    ein: '410988213',
    category: 'Accelerated filer',
    fiscalYearEnd: '0531',
    stateOfIncorporation: 'MN',
    addresses: {
      mailing: us('1400 MILL STREET', null, 'MINNEAPOLIS', 'MN', '55401', 0),
      business: us('1400 MILL STREET', null, 'MINNEAPOLIS', 'MN', '55401', null),
    },
    phone: '(612) 555-0133',
  }),
  longName: profile({
    cik: 1039871,
    entityType: 'other',
    sic: '6798',
    sicDescription: 'Real Estate Investment Trusts',
    ownerOrg: '05 Real Estate & Construction',
    name: CAST.longName.name,
    ein: '133927745',
    category: 'Non-accelerated filer',
    stateOfIncorporation: 'NY',
    addresses: {
      mailing: us('77 WATER STREET', 'C/O SAINT-AUBIN ADVISORS', 'NEW YORK', 'NY', '10005', 0),
      business: us('77 WATER STREET', null, 'NEW YORK', 'NY', '10005', null),
    },
    phone: '212.555.0161',
  }),
  factsOnly: profile({
    cik: 2114530,
    entityType: 'operating',
    sic: '7372',
    sicDescription: 'Services-Prepackaged Software',
    name: CAST.factsOnly.name,
    tickers: ['LKMR'],
    exchanges: ['NYSE'],
    ein: '852209174',
    category: 'Large accelerated filer',
    fiscalYearEnd: '0131',
    addresses: {
      mailing: us('450 CONCAR DRIVE', null, 'SAN MATEO', 'CA', '94402', 0),
      business: us('450 CONCAR DRIVE', null, 'SAN MATEO', 'CA', '94402', null),
    },
    phone: '650-555-0121',
  }),
  fsdsOnly: profile({
    cik: 2118266,
    entityType: 'operating',
    sic: '5940',
    sicDescription: 'Retail-Miscellaneous Shopping Goods Stores',
    name: CAST.fsdsOnly.name,
    ein: '201874433',
    category: 'Smaller reporting company',
    stateOfIncorporation: 'CO',
    addresses: {
      mailing: us('2100 RIDGE ROAD', null, 'BOULDER', 'CO', '80302', 0),
      business: us('2100 RIDGE ROAD', null, 'BOULDER', 'CO', '80302', null),
    },
    phone: '303-555-0184',
  }),
  zeroEinFund: profile({
    cik: 1932415,
    entityType: 'other',
    ownerOrg: null,
    name: 'Ashgrove Private Credit Fund II LP',
    ein: '000000000',
    addresses: {
      mailing: us('600 ASHGROVE LANE', 'SUITE 210', 'DALLAS', 'TX', '75201', null),
      business: us('600 ASHGROVE LANE', 'SUITE 210', 'DALLAS', 'TX', '75201', null),
    },
    phone: '214-555-0150',
  }),
}

/** Exchange-file rows of the cast: [key, ticker, exchange, market value]. */
export const CAST_LISTINGS: readonly (readonly [CastKey, string, string | null, number])[] = [
  ['largeIssuer', 'QFD', 'Nasdaq', 2.4e12],
  ['largeIssuer', 'QFDB', 'Nasdaq', 1.1e12],
  ['largeIssuer', 'QFD-PA', 'NYSE', 2.1e9],
  ['largeIssuer', 'QFD-PB', 'NYSE', 1.8e9],
  ['largeIssuer', 'QFD-PC', 'NYSE', 1.2e9],
  ['manyFilings', 'CBRF', 'NYSE', 3.9e11],
  ['tickerFromExchangeFile', 'TDWR', 'OTC', 4.8e7],
  ['foreignIssuer', 'OBWFY', 'OTC', 2.2e10],
  ['emptyReportDates', 'CPGM', 'NYSE', 3.1e9],
  ['factsOnly', 'LKMR', 'NYSE', 6.4e10],
]
