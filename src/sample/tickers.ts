/**
 * Tickers of the world's listed companies, assigned during the pass (world.ts), and the rows of
 * `company_tickers_exchange.json` (one row per ticker, largest market value first, so a CIK with share
 * classes and preferreds repeats), which the tickers source's sample part writes.
 */
import { tickerCandidates } from './names.ts'
import { hash3, Rng } from './random.ts'
import type { Traits } from './traits.ts'

export type Listing = { cik: number; name: string; ticker: string; exchange: string | null; value: number }
export type TickerSet = { tickers: string[]; exchanges: (string | null)[]; listings: Listing[] }

const SALT_TICKER = 0x71c4
const EXCHANGES: readonly (readonly [string | null, number])[] = [
  ['Nasdaq', 45],
  ['NYSE', 30],
  ['OTC', 20],
  ['CBOE', 1],
  [null, 4],
]

export class TickerRegistry {
  private readonly used = new Set<string>()
  readonly listings: Listing[] = []

  reserve(tickers: readonly string[]): void {
    for (const t of tickers) this.used.add(t)
  }

  add(listings: readonly Listing[]): void {
    for (const l of listings) this.listings.push(l)
  }

  private claim(candidates: string[], rng: Rng): string {
    for (const c of candidates) if (!this.used.has(c)) return this.take(c)
    const stem = (candidates[0] ?? 'X').slice(0, 3)
    for (;;) {
      const c =
        stem + String.fromCharCode(65 + rng.int(26)) + (rng.chance(0.5) ? String.fromCharCode(65 + rng.int(26)) : '')
      if (!this.used.has(c)) return this.take(c)
    }
  }

  private take(ticker: string): string {
    this.used.add(ticker)
    return ticker
  }

  /**
   * Tickers of a listed company: a symbol from its name, sometimes a second share class, preferreds
   * ('-PA'), SPAC units and warrants. A ticker without an exchange appears only in the exchange file.
   */
  assign(seed: number, t: Traits, name: string, sic: number): TickerSet {
    const rng = new Rng(hash3(seed, t.cik, SALT_TICKER))
    let exchange: string | null = t.foreign ? rng.pick(['OTC', 'OTC', 'OTC', 'NYSE', 'Nasdaq']) : pickExchange(rng)
    let candidates = tickerCandidates(name)
    // Foreign issuers on the OTC market trade as five-letter ADR ('…Y') or ordinary ('…F') symbols.
    if (t.foreign && exchange === 'OTC')
      candidates = candidates.map((c) => `${`${c}XXXX`.slice(0, 4)}${rng.chance(0.6) ? 'Y' : 'F'}`)
    const primary = this.claim(candidates, rng)
    const value = Math.round(t.size * 1e6)
    const out: [string, number][] = [[primary, value]]
    if (sic === 6770 && exchange !== 'OTC') {
      out.push([this.claim([`${primary}U`], rng), value * 0.002], [this.claim([`${primary}W`], rng), value * 0.001])
    } else if (rng.chance(0.05)) {
      const second = rng.chance(0.5) && primary.length <= 4 ? `${primary}K` : `${primary}-B`
      out.push([this.claim([second], rng), Math.round(value * 0.45)])
    }
    if (exchange === 'NYSE' && rng.chance(0.08)) {
      for (const suffix of ['-PA', '-PB', '-PC'].slice(0, rng.range(1, 3)))
        out.push([this.claim([primary + suffix], rng), Math.round(value * 0.01)])
    }
    if (rng.chance(0.01)) exchange = null
    const listings = out.map(([ticker, v]) => ({ cik: t.cik, name, ticker, exchange, value: v }))
    const inSubmissions = exchange !== null
    return {
      tickers: inSubmissions ? out.map((x) => x[0]) : [],
      exchanges: inSubmissions ? out.map(() => exchange) : [],
      listings,
    }
  }

  /** company_tickers_exchange.json, compact, largest market value first. */
  exchangeFileJson(): string {
    const rows = [...this.listings].sort((a, b) => b.value - a.value || (a.ticker < b.ticker ? -1 : 1))
    const data = rows.map((r) => JSON.stringify([r.cik, r.name, r.ticker, r.exchange])).join(',')
    return `{"fields":["cik","name","ticker","exchange"],"data":[${data}]}`
  }
}

function pickExchange(rng: Rng): string | null {
  let u = rng.next() * 100
  for (const [exchange, w] of EXCHANGES) {
    u -= w
    if (u < 0) return exchange
  }
  return 'Nasdaq'
}
