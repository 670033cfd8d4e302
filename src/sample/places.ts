/**
 * Addresses, phones and states of incorporation in the shapes EDGAR uses, including its own two-character
 * codes for foreign countries ('2M' Germany, 'E9' Cayman Islands) beside ISO codes.
 */
import { type Rng, Weighted } from './random.ts'

/** [code, weight, cities, first digit of zip codes] */
const US_STATES: readonly (readonly [string, number, readonly string[], string])[] = [
  ['CA', 14, ['SAN FRANCISCO', 'LOS ANGELES', 'SAN DIEGO', 'PALO ALTO', 'IRVINE', 'SAN JOSE'], '9'],
  ['NY', 12, ['NEW YORK', 'BROOKLYN', 'ROCHESTER', 'WHITE PLAINS'], '1'],
  ['TX', 9, ['HOUSTON', 'DALLAS', 'AUSTIN', 'SAN ANTONIO', 'PLANO'], '7'],
  ['FL', 7, ['MIAMI', 'TAMPA', 'BOCA RATON', 'ORLANDO', 'JACKSONVILLE'], '3'],
  ['MA', 5, ['BOSTON', 'CAMBRIDGE', 'WALTHAM', 'BURLINGTON'], '0'],
  ['NJ', 4, ['PRINCETON', 'LAWRENCEVILLE', 'NEWARK', 'PARSIPPANY'], '0'],
  ['IL', 4, ['CHICAGO', 'NAPERVILLE', 'DEERFIELD'], '6'],
  ['PA', 3, ['PHILADELPHIA', 'PITTSBURGH', 'MALVERN'], '1'],
  ['GA', 3, ['ATLANTA', 'ALPHARETTA'], '3'],
  ['CO', 3, ['DENVER', 'BOULDER', 'ENGLEWOOD'], '8'],
  ['WA', 3, ['SEATTLE', 'BELLEVUE', 'REDMOND'], '9'],
  ['NV', 2, ['LAS VEGAS', 'RENO', 'HENDERSON'], '8'],
  ['MN', 2, ['MINNEAPOLIS', 'ST. PAUL', 'EDEN PRAIRIE'], '5'],
  ['NC', 2, ['CHARLOTTE', 'RALEIGH', 'DURHAM'], '2'],
  ['VA', 2, ['RESTON', 'RICHMOND', 'MCLEAN'], '2'],
  ['OH', 2, ['CLEVELAND', 'COLUMBUS', 'CINCINNATI'], '4'],
  ['CT', 2, ['STAMFORD', 'GREENWICH', 'HARTFORD'], '0'],
  ['MD', 2, ['BALTIMORE', 'BETHESDA', 'ROCKVILLE'], '2'],
  ['AZ', 2, ['PHOENIX', 'SCOTTSDALE', 'TEMPE'], '8'],
  ['UT', 1.5, ['SALT LAKE CITY', 'LEHI'], '8'],
  ['MI', 1.5, ['DETROIT', 'ANN ARBOR', 'TROY'], '4'],
  ['TN', 1, ['NASHVILLE', 'MEMPHIS'], '3'],
  ['MO', 1, ['ST. LOUIS', 'KANSAS CITY'], '6'],
  ['WI', 1, ['MILWAUKEE', 'MADISON'], '5'],
  ['OR', 1, ['PORTLAND', 'BEAVERTON'], '9'],
  ['DC', 0.5, ['WASHINGTON'], '2'],
]
const STATE_TABLE = new Weighted(US_STATES.map((s) => [s, s[1]] as const))

/** [EDGAR code, country, ISO code, cities, weight] */
export const COUNTRIES: readonly (readonly [string, string, string, readonly string[], number])[] = [
  ['A6', 'Canada', 'CA', ['TORONTO', 'OTTAWA'], 8],
  ['A1', 'Canada', 'CA', ['VANCOUVER'], 4],
  ['X0', 'United Kingdom', 'GB', ['LONDON', 'CAMBRIDGE', 'EDINBURGH'], 8],
  ['E9', 'Cayman Islands', 'KY', ['GEORGE TOWN', 'GRAND CAYMAN'], 8],
  ['D0', 'Bermuda', 'BM', ['HAMILTON'], 4],
  ['L3', 'Israel', 'IL', ['TEL AVIV', 'HERZLIYA', 'REHOVOT'], 5],
  ['F4', 'China', 'CN', ['BEIJING', 'SHANGHAI', 'SHENZHEN'], 6],
  ['K3', 'Hong Kong', 'HK', ['HONG KONG', 'KOWLOON'], 3],
  ['2M', 'Germany', 'DE', ['MUNICH', 'FRANKFURT', 'BERLIN', 'HAMBURG'], 4],
  ['M0', 'Japan', 'JP', ['TOKYO', 'OSAKA'], 3],
  ['V8', 'Switzerland', 'CH', ['ZURICH', 'BASEL', 'GENEVA'], 3],
  ['P7', 'Netherlands', 'NL', ['AMSTERDAM', 'EINDHOVEN'], 3],
  ['I0', 'France', 'FR', ['PARIS', 'LYON'], 2],
  ['L2', 'Ireland', 'IE', ['DUBLIN', 'CORK'], 3],
  ['U0', 'Singapore', 'SG', ['SINGAPORE'], 2],
  ['C3', 'Australia', 'AU', ['SYDNEY', 'MELBOURNE', 'PERTH'], 3],
  ['N4', 'Luxembourg', 'LU', ['LUXEMBOURG'], 2],
  ['G7', 'Denmark', 'DK', ['COPENHAGEN'], 1],
  ['D5', 'Brazil', 'BR', ['SAO PAULO', 'RIO DE JANEIRO'], 2],
  ['O5', 'Mexico', 'MX', ['MEXICO CITY', 'MONTERREY'], 1],
  ['M5', 'Korea, Republic of', 'KR', ['SEOUL'], 1],
  ['1T', 'Marshall Islands', 'MH', ['MAJURO'], 1],
]
const COUNTRY_TABLE = new Weighted(COUNTRIES.map((c) => [c, c[4]] as const))
export type Country = (typeof COUNTRIES)[number]
export const pickCountry = (rng: Rng): Country => COUNTRY_TABLE.pick(rng)

const STREETS = [
  'LENOX',
  'MAIN',
  'MARKET',
  'OAK',
  'PARK',
  'LAKE',
  'HILL',
  'CENTRAL',
  'WASHINGTON',
  'MADISON',
  'HARBOR',
  'RIVER',
  'CEDAR',
  'ELM',
  'BROAD',
  'COMMERCE',
  'TECHNOLOGY',
  'INNOVATION',
  'CORPORATE',
  'EXECUTIVE',
]
const STREET_TYPES = ['DRIVE', 'STREET', 'AVENUE', 'BOULEVARD', 'ROAD', 'WAY', 'PLAZA', 'PARKWAY', 'CIRCLE', 'LANE']

export type Address = {
  street1: string | null
  street2: string | null
  city: string | null
  stateOrCountry: string | null
  zipCode: string | null
  stateOrCountryDescription: string | null
  isForeignLocation: number | null
  foreignStateTerritory: string | null
  country: string | null
  countryCode: string | null
}

export const EMPTY_ADDRESS: Address = {
  street1: null,
  street2: null,
  city: null,
  stateOrCountry: null,
  zipCode: null,
  stateOrCountryDescription: null,
  isForeignLocation: null,
  foreignStateTerritory: null,
  country: null,
  countryCode: null,
}

function street(rng: Rng): [string, string | null] {
  const s1 = `${rng.range(1, 9999)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}`
  const r = rng.next()
  const s2 =
    r < 0.35
      ? `SUITE ${rng.range(1, 40) * 100}`
      : r < 0.45
        ? `${rng.range(2, 60)}TH FLOOR`
        : r < 0.5
          ? `C/O ${rng.pick(STREETS)} SERVICES`
          : null
  return [s1, s2]
}

/** A US address; isForeignLocation is 0 on most mailing addresses and null on most business ones, as on EDGAR. */
export function usAddress(rng: Rng, foreignFlag: number | null): Address {
  const [state, , cities, zip1] = STATE_TABLE.pick(rng)
  const [street1, street2] = street(rng)
  const zip = zip1 + rng.digits(4) + (rng.chance(0.15) ? `-${rng.digits(4)}` : '')
  return {
    ...EMPTY_ADDRESS,
    street1,
    street2,
    city: rng.pick(cities),
    stateOrCountry: state,
    zipCode: zip,
    stateOrCountryDescription: state,
    isForeignLocation: foreignFlag,
  }
}

/**
 * A foreign address. EDGAR shows three shapes: the EDGAR country code with the ISO code (most), the country
 * only in the foreign fields with the EDGAR code as countryCode (older records), and the code without any
 * foreign fields at all.
 */
export function foreignAddress(rng: Rng, country: Country, shape: 'iso' | 'legacy' | 'bare'): Address {
  const [code, name, iso, cities] = country
  const [street1, street2] = street(rng)
  const base = {
    ...EMPTY_ADDRESS,
    street1,
    street2,
    city: rng.pick(cities),
    zipCode: rng.chance(0.8) ? rng.digits(rng.range(4, 6)) : null,
  }
  if (shape === 'legacy')
    return {
      ...base,
      isForeignLocation: 1,
      foreignStateTerritory: name.toUpperCase(),
      country: name,
      countryCode: code,
    }
  if (shape === 'bare') return { ...base, stateOrCountry: code, stateOrCountryDescription: name }
  return {
    ...base,
    stateOrCountry: code,
    stateOrCountryDescription: name,
    isForeignLocation: 1,
    country: name,
    countryCode: iso,
  }
}

export function usPhone(rng: Rng): string {
  const a = `${rng.range(2, 9)}${rng.digits(2)}`
  const b = `${rng.range(2, 9)}${rng.digits(2)}`
  const c = rng.digits(4)
  const r = rng.next()
  return r < 0.45 ? `(${a}) ${b}-${c}` : r < 0.75 ? `${a}-${b}-${c}` : r < 0.9 ? `${a}${b}${c}` : `${a}.${b}.${c}`
}

export const foreignPhone = (rng: Rng) =>
  `${rng.range(30, 89)} (${rng.range(10, 99)}) ${rng.digits(4)} ${rng.digits(rng.range(3, 5))}`

const INCORPORATION = new Weighted<string>([
  ['DE', 55],
  ['NV', 12],
  ['MD', 5],
  ['NY', 3],
  ['CA', 3],
  ['FL', 3],
  ['TX', 2],
  ['WY', 2],
  ['CO', 1],
  ['NJ', 1],
  ['MA', 1],
  ['PA', 1],
  ['OH', 1],
  ['MN', 1],
  ['', 4],
])
export const pickIncorporation = (rng: Rng) => INCORPORATION.pick(rng)
