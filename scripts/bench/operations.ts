/**
 * Every Filings and Entities operation of the API as the load benchmark drives it: a name, whether it
 * is a lookup (one key → one row; the tighter latency target) or a list, and how to make one request
 * path from the mix's draws. Each path names only keys that exist, so anything but 200 is an error.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Draws } from './mixes.ts'
import type { Random } from './random.ts'

export type Operation = {
  name: string
  kind: 'lookup' | 'list'
  /** undefined when the snapshot lacks what the operation needs (no tickers at tiny scales) */
  path: (d: Draws, rnd: Random) => string | undefined
}

/** Form types joined by commas, each encoded (SC 13G → SC%2013G), the commas kept readable. */
const forms = (list: string[]) => list.map(encodeURIComponent).join(',')
/** A CIK as clients send it: usually bare, sometimes zero-padded to 10 digits. */
const cikAsSent = (cik: string, rnd: Random) => (rnd() < 0.25 ? cik.padStart(10, '0') : cik)
const withTicker = (d: Draws, make: (ticker: string) => string) => {
  const ticker = d.ticker()
  return ticker === undefined ? undefined : make(ticker)
}

export const OPERATIONS: Operation[] = [
  { name: 'filings latest', kind: 'list', path: () => '/v1/filings' },
  {
    name: 'filings by form set + window', kind: 'list',
    path: (d) => {
      const w = d.window()
      return `/v1/filings?formTypes=${forms(d.formSet())}&startDate=${w.startDate}&endDate=${w.endDate}`
    },
  },
  { name: 'filings deep page', kind: 'list', path: (d) => `/v1/filings?formTypes=${forms(d.formSet())}&limit=100&page=${d.deepPage()}` },
  { name: 'filings by CIK', kind: 'list', path: (d, rnd) => `/v1/filings?cik=${cikAsSent(d.cik(), rnd)}` },
  { name: 'filings by ticker', kind: 'list', path: (d) => withTicker(d, (t) => `/v1/filings?ticker=${t}`) },
  { name: 'filing by accession', kind: 'lookup', path: (d) => `/v1/filings/${d.filing().accession}` },
  {
    name: 'filing by CIK + accession', kind: 'lookup',
    path: (d, rnd) => {
      const f = d.filing()
      return `/v1/filings/${cikAsSent(f.cik, rnd)}/${f.accession}`
    },
  },
  {
    name: 'filing documents', kind: 'lookup',
    path: (d, rnd) => {
      const f = d.filing()
      return `/v1/filings/${cikAsSent(f.cik, rnd)}/${f.accession}/documents`
    },
  },
  { name: 'form types', kind: 'list', path: () => '/v1/filings/form-types' },
  { name: 'SIC codes', kind: 'list', path: (d) => `/v1/entities/sic-codes?page=${d.sicPage()}` },
  { name: 'entity by CIK', kind: 'lookup', path: (d, rnd) => `/v1/entities/${cikAsSent(d.cik(), rnd)}` },
  { name: 'entity by ticker', kind: 'lookup', path: (d, rnd) => withTicker(d, (t) => `/v1/entities/${rnd() < 0.3 ? t.toLowerCase() : t}`) },
  { name: 'entities by name substring', kind: 'list', path: (d) => `/v1/entities?q=${encodeURIComponent(d.nameQuery())}` },
  {
    name: 'entities by type', kind: 'list',
    path: (d) => {
      const { type, page } = d.entityTypePage()
      return `/v1/entities?entityType=${type}&page=${page}`
    },
  },
  {
    name: 'entity filings', kind: 'list',
    path: (d, rnd) => {
      const ticker = rnd() < 0.5 ? d.ticker() : undefined
      return `/v1/entities/${ticker ?? cikAsSent(d.cik(), rnd)}/filings?formTypes=10-K,10-Q`
    },
  },
]

export const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')

/**
 * Writes `count` paths of one operation, one per line, to `<dir>/<slug>.txt` (what paths.lua reads);
 * returns the file, or undefined when the operation cannot be made from this snapshot.
 */
export function writePaths(dir: string, op: Operation, d: Draws, rnd: Random, count: number): { file: string; paths: string[] } | undefined {
  const paths: string[] = []
  for (let i = 0; i < count; i++) {
    const path = op.path(d, rnd)
    if (path === undefined) return undefined
    paths.push(path)
  }
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${slug(op.name)}.txt`)
  writeFileSync(file, `${paths.join('\n')}\n`)
  return { file, paths }
}
