/**
 * The sample world's 13F holdings: a universe of securities (every listed company of the world, by its
 * primary ticker, plus securities of issuers outside the world, whose CUSIPs the build cannot map), one
 * price per security and quarter shared by every manager (so implied prices agree across filers, as in
 * EDGAR), and each manager's book: a pool of slots, each held on and off in runs of quarters with shares
 * that drift. All of it a pure function of (seed, CIK, quarter): a quarter's book is made when written.
 */

import { hash2, hash3, hash4, unit, Weighted } from '../../../sample/random.ts'
import type { Listing } from '../../../sample/tickers.ts'

export type Security = {
  cusip: string
  issuerName: string
  titleOfClass: string
  /** Dollars per share in the quarter of index 0 (2000Q1). */
  basePrice: number
  weight: number
  /** A note or bond: its amount is principal (PRN), worth about par (sample-rows.ts). */
  principal?: boolean
}

const SALT_SECURITY = 0x13f1
const SALT_BOOK = 0x13f2
const SALT_HELD = 0x13f3
const SALT_SHARES = 0x13f4
const SALT_OPTION = 0x13f5
const CUSIP_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** The CUSIP check digit (the "modulus 10 double add double" of the CUSIP standard). */
export function cusipCheckDigit(base: string): number {
  let sum = 0
  for (let i = 0; i < 8; i++) {
    const c = base[i]!
    let v = c >= '0' && c <= '9' ? +c : c.charCodeAt(0) - 55
    if (i % 2 === 1) v *= 2
    sum += Math.floor(v / 10) + (v % 10)
  }
  return (10 - (sum % 10)) % 10
}

/** A fictional CUSIP: six issuer characters drawn from the key, the class ("10" common), the check digit. */
function cusipFor(seed: number, key: number, issue: string): string {
  let h = hash3(seed, key, SALT_SECURITY)
  let issuer = ''
  for (let i = 0; i < 6; i++) {
    issuer += i < 3 ? String(h % 10) : CUSIP_ALPHABET[h % CUSIP_ALPHABET.length]
    h = Math.floor(h / 7) + 0x9e37 * (i + 1)
  }
  const base = issuer + issue
  return base + cusipCheckDigit(base)
}

/** The name a 13F information table gives an issuer: upper case, without the punctuation. */
export const tableName = (name: string) =>
  name
    .toUpperCase()
    .replace(/ \/[A-Z]{2,3}\/$/, '')
    .replace(/[.,']/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ CORPORATION$/, ' CORP')
    .replace(/ INCORPORATED$/, ' INC')
    .trim()

const OUTSIDE = ['NORTHWIND GLOBAL', 'TALLBRIDGE SELECT', 'OSPREY ULTRA SHORT', 'MERIDIAN ROYALTY', 'CASCADIA DIVIDEND']
const OUTSIDE_KIND = ['ETF TR', 'INCOME FD', 'BD ETF', 'TR UNIT', 'FD INC']

/** The securities 13F managers of the world hold: one per listed company, and a third as many from outside. */
export function securityUniverse(seed: number, listings: readonly Listing[]): Security[] {
  const primary = new Map<number, Listing>()
  for (const l of listings) if (!primary.has(l.cik)) primary.set(l.cik, l)
  const out: Security[] = []
  for (const l of [...primary.values()].sort((a, b) => a.cik - b.cik)) {
    const u = unit(hash2(seed, l.cik + SALT_SECURITY))
    out.push({
      cusip: cusipFor(seed, l.cik, '10'),
      issuerName: tableName(l.name),
      titleOfClass: u < 0.6 ? 'COM' : u < 0.85 ? 'COM NEW' : 'CL A',
      basePrice: 5 + Math.round(unit(hash2(seed, l.cik)) * 300 * 100) / 100,
      // Larger companies are held by more managers, but not by every one: the weight grows with the log of the value.
      weight: 1 + Math.log10(1 + l.value / 1e7),
    })
  }
  const outside = Math.max(12, Math.round(out.length / 3))
  for (let k = 0; k < outside; k++) {
    const h = hash2(seed, 0x7fff0000 + k)
    out.push({
      cusip: cusipFor(seed, 3_000_000 + k, '20'),
      issuerName: `${OUTSIDE[h % OUTSIDE.length]} ${OUTSIDE_KIND[(h >>> 8) % OUTSIDE_KIND.length]} ${k + 1}`,
      titleOfClass: 'SHS',
      basePrice: 10 + (h % 9000) / 100,
      weight: 1.5,
    })
  }
  return out
}

/** Quarter index of a period of report: 0 for 2000Q1. */
export const quarterIndex = (iso: string) => (+iso.slice(0, 4) - 2000) * 4 + Math.ceil(+iso.slice(5, 7) / 3) - 1

/** The price of a security in a quarter: a slow drift and a cycle, the same for every holder. */
export function priceOf(s: Security, q: number, seed: number): number {
  const phase = unit(hash2(seed, s.cusip.charCodeAt(0) * 131 + s.cusip.charCodeAt(7))) * 6.28
  return Math.max(0.5, Math.round(s.basePrice * 1.015 ** q * (1 + 0.25 * Math.sin(q * 0.7 + phase)) * 100) / 100)
}

export type Position = { security: Security; shares: number; putCall: 'Put' | 'Call' | null; slot: number }

export class Universe {
  /** Security indexes weighted by the security's weight. */
  private readonly byWeight: Weighted<number>
  constructor(
    readonly seed: number,
    readonly securities: Security[],
  ) {
    this.byWeight = new Weighted(securities.map((s, i) => [i, s.weight] as const))
  }
  /** A security drawn by weight from a unit number. */
  at(u: number): number {
    return this.byWeight.at(u)
  }
}

/** A manager's number of pool slots: log-normal, a few hundred on average at EDGAR's volume. */
export function poolSize(seed: number, cik: number, universe: number): number {
  const u1 = unit(hash3(seed, cik, SALT_BOOK))
  const u2 = unit(hash3(seed, cik, SALT_BOOK + 1))
  const normal = Math.sqrt(-2 * Math.log(u1 || 1e-9)) * Math.cos(2 * Math.PI * u2)
  return Math.min(universe, Math.max(4, Math.round(370 * Math.exp(1.3 * normal))))
}

/** The manager's positions in quarter `q` (option rows after their stock), in slot order. */
export function bookOf(u: Universe, cik: number, q: number): Position[] {
  const { seed, securities } = u
  const slots = poolSize(seed, cik, securities.length)
  const seen = new Set<number>()
  const out: Position[] = []
  for (let j = 0; j < slots; j++) {
    const idx = u.at(unit(hash4(seed, cik, j, SALT_BOOK)))
    if (seen.has(idx)) continue
    seen.add(idx)
    const span = 2 + (hash3(seed, cik, j) % 7)
    const phase = hash3(seed, j, cik) % span
    if (unit(hash4(seed, cik, j * 64 + Math.floor((q + phase) / span), SALT_HELD)) >= 0.72) continue
    const s = securities[idx]!
    const target = 400_000 * Math.exp(3 * unit(hash4(seed, cik, j, SALT_SHARES)))
    const drift = 1 + 0.3 * (unit(hash4(seed, cik, j * 4096 + q, SALT_SHARES)) - 0.5)
    const shares = Math.max(1, Math.round((target / priceOf(s, 0, seed)) * drift))
    out.push({ security: s, shares, putCall: null, slot: j })
    const o = unit(hash4(seed, cik, j * 4096 + q, SALT_OPTION))
    if (o < 0.03)
      out.push({
        security: s,
        shares: 100 * (1 + Math.floor(shares / 1000)),
        putCall: o < 0.012 ? 'Put' : 'Call',
        slot: j,
      })
  }
  return out
}
