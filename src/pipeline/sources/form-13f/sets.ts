/**
 * The SEC's Form 13F data sets and their names. Each set holds the 13F filings *filed* in a window, not
 * those of a period of report: `2013q2_form13f.zip` … `2023q4_form13f.zip` (calendar quarters of filing
 * dates), then `01jan2024-29feb2024_form13f.zip`, then three-month windows Mar–May, Jun–Aug, Sep–Nov and
 * Dec–Feb (`01mar2024-31may2024_form13f.zip`, …, `01dec2024-28feb2025_form13f.zip`). A filing of a
 * quarter's period is therefore in the set of the window it was filed in, amendments in later sets.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileSource, folderSource, type SourceFile } from '../../mirror.ts'

export const SETS_DIR = 'form-13f-data-sets'
export const SETS_URL_PATH = '/files/structureddata/data/form-13f-data-sets'

export type DataSetName = { name: string; from: string; to: string }

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
const label = (y: number, m: number, d: number) => `${String(d).padStart(2, '0')}${MONTHS[m - 1]}${y}`

/** Every set name whose window has ended on or before `until` (`YYYY-MM-DD`), oldest first. */
export function dataSetNames(until: string): DataSetName[] {
  const out: DataSetName[] = []
  for (let y = 2013; y <= 2023; y++)
    for (let q = y === 2013 ? 2 : 1; q <= 4; q++)
      out.push({ name: `${y}q${q}`, from: iso(y, q * 3 - 2, 1), to: iso(y, q * 3, lastDayOf(y, q * 3)) })
  out.push({ name: `01jan2024-${label(2024, 2, 29)}`, from: '2024-01-01', to: '2024-02-29' })
  for (let y = 2024, m = 3; ; m += 3) {
    if (m > 12) {
      m -= 12
      y++
    }
    const endY = m + 2 > 12 ? y + 1 : y
    const endM = ((m + 1) % 12) + 1
    const end = iso(endY, endM, lastDayOf(endY, endM))
    if (end > until) break
    out.push({ name: `${label(y, m, 1)}-${label(endY, endM, lastDayOf(endY, endM))}`, from: iso(y, m, 1), to: end })
  }
  return out.filter((s) => s.to <= until)
}

/** The window of a set from its name, or undefined for a name of neither form. */
export function windowOf(name: string): DataSetName | undefined {
  const q = /^(\d{4})q([1-4])$/.exec(name)
  if (q) {
    const y = +q[1]!
    const n = +q[2]!
    return { name, from: iso(y, n * 3 - 2, 1), to: iso(y, n * 3, lastDayOf(y, n * 3)) }
  }
  const w = /^(\d{2})([a-z]{3})(\d{4})-(\d{2})([a-z]{3})(\d{4})$/.exec(name)
  if (!w) return undefined
  const m1 = MONTHS.indexOf(w[2]!) + 1
  const m2 = MONTHS.indexOf(w[5]!) + 1
  if (!m1 || !m2) return undefined
  return { name, from: iso(+w[3]!, m1, +w[1]!), to: iso(+w[6]!, m2, +w[4]!) }
}

/** A data set in the mirror: its zip or unzipped folder, and its name. */
export type DataSetFile = SourceFile & { set: string }

/** `form-13f-data-sets/<name>_form13f.zip` or the folder `<name>_form13f/` (its TSVs), oldest window first. */
export function findDataSets(mirror: string): DataSetFile[] {
  const dir = join(mirror, SETS_DIR)
  if (!existsSync(dir)) return []
  const out: DataSetFile[] = []
  for (const entry of readdirSync(dir)) {
    const m = /^(.+)_form13f(\.zip)?$/.exec(entry)
    if (!m || !windowOf(m[1]!)) continue
    const path = join(dir, entry)
    if (m[2]) out.push({ ...fileSource(mirror, path), set: m[1]! })
    else if (statSync(path).isDirectory()) {
      const names = readdirSync(path).filter((f) => f.toLowerCase().endsWith('.tsv'))
      if (names.length) out.push({ ...folderSource(mirror, path, names), set: m[1]! })
    }
  }
  return out.sort((a, b) => windowOf(a.set)!.from.localeCompare(windowOf(b.set)!.from))
}
