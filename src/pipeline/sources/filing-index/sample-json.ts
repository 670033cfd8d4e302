/**
 * A filing folder's `index.json` (https://www.sec.gov/Archives/edgar/data/<cik>/<accession>/index.json):
 * the folder listing with the primary document, exhibits named in the agent's style, and for XBRL filings
 * the taxonomy files, the rendered R pages and the Financial_Report workbook. Pretty-printed with two
 * spaces and keys in EDGAR's order, as the SEC serves it.
 */
import { easternOffsetHours, easternStamp, isoDay } from '../../../sample/dates.ts'
import type { Filing } from '../../../sample/filings.ts'
import { hashText, Rng } from '../../../sample/random.ts'

type Item = { 'last-modified': string; name: string; type: string; size: string }

/** The acceptance time back in Eastern time, as the folder's last-modified column shows it. */
export function easternModified(f: Filing): string {
  let local = f.acceptedAt - 5 * 3600
  const day = Math.floor(local / 86400)
  if (easternOffsetHours(day, local - day * 86400) === 4) local += 3600
  const d = Math.floor(local / 86400)
  return easternStamp(d, local - d * 86400)
}

/** Exhibits a form usually carries. */
function exhibitsOf(f: Filing): string[] {
  const year = +isoDay(f.day).slice(0, 4)
  switch (f.form) {
    case '10-K':
      return [
        'ex21-1',
        'ex23-1',
        'ex31-1',
        'ex31-2',
        'ex32-1',
        ...(year >= 2020 ? ['ex4-1'] : []),
        ...(year >= 2024 ? ['ex19-1', 'ex97-1'] : []),
      ]
    case '10-Q':
      return ['ex31-1', 'ex31-2', 'ex32-1']
    case '20-F':
      return ['ex8-1', 'ex12-1', 'ex12-2', 'ex13-1']
    case '8-K':
    case '8-K/A':
    case '6-K':
      return [
        ...(f.items.includes('1.01') ? ['ex10-1'] : []),
        ...(f.form === '6-K' || /2\.02|7\.01|8\.01/.test(f.items) ? ['ex99-1'] : []),
      ]
    case 'S-1':
    case 'S-3':
    case 'S-8':
    case 'F-3':
      return ['ex5-1', 'ex23-1', ...(year >= 2022 ? ['ex107'] : [])]
    default:
      return []
  }
}

/** An exhibit named the way the primary document was ('d123456d8k.htm' → 'd123456dex991.htm'). */
function exhibitName(primary: string, exhibit: string): string {
  const d = /^(d\d+d)/.exec(primary)
  if (d) return `${d[1]}${exhibit.replace('-', '')}.htm`
  const ea = /^(ea0?\d+)-[^_]+(_.*)?\.htm$/.exec(primary)
  if (ea) return `${ea[1]}${exhibit}${ea[2] ?? ''}.htm`
  const tm = /^(tm\d+d\d+)_/.exec(primary)
  if (tm) return `${tm[1]}_${exhibit}.htm`
  return `${exhibit}.htm`
}

const typeOf = (name: string) =>
  name.endsWith('.zip') ? 'compressed.gif' : /\.(jpg|gif|png)$/.test(name) ? 'image2.gif' : 'text.gif'

export function filingIndexJson(cik: number, f: Filing, xbrlPrefix: string): string {
  const rng = new Rng(hashText(f.accessionNumber))
  const acc = f.accessionNumber
  const modified = easternModified(f)
  const fixed = [`${acc}-index-headers.html`, `${acc}-index.html`, `${acc}.txt`]
  const files: [string, number][] = []
  const primary = f.primaryDocument.split('/').pop() ?? ''
  if (primary) files.push([primary, Math.round(f.size * (0.25 + 0.4 * rng.next()))])
  for (const ex of exhibitsOf(f)) files.push([exhibitName(primary, ex), rng.range(4_000, 90_000)])
  if (f.form === '8-K' || f.form === '10-K' || f.form === '6-K')
    files.push([`${xbrlPrefix}_logo.jpg`, rng.range(3_000, 40_000)])
  if (f.isXBRL) {
    const stamp = (f.reportDate || isoDay(f.day)).replaceAll('-', '')
    const stem = `${xbrlPrefix}-${stamp}`
    files.push([`${acc}-xbrl.zip`, Math.round(f.size * 0.08) + rng.range(20_000, 90_000)])
    files.push([`${stem}.xsd`, rng.range(3_000, 60_000)])
    for (const part of ['_cal', '_def', '_lab', '_pre']) files.push([`${stem}${part}.xml`, rng.range(8_000, 400_000)])
    if (f.isInlineXBRL && primary.endsWith('.htm'))
      files.push([primary.replace(/\.htm$/, '_htm.xml'), rng.range(5_000, 2_000_000)])
    files.push(['FilingSummary.xml', rng.range(1_500, 60_000)], ['Financial_Report.xlsx', rng.range(5_000, 300_000)])
    if (f.isInlineXBRL) files.push(['MetaLinks.json', rng.range(40_000, 900_000)])
    const pages = f.form.startsWith('10-K')
      ? rng.range(50, 60)
      : f.form.startsWith('10-Q')
        ? rng.range(30, 45)
        : rng.range(1, 3)
    for (let r = 1; r <= pages; r++) files.push([`R${r}.htm`, rng.range(2_000, 120_000)])
    files.push(['report.css', 2767], ['Show.js', 1085])
  }
  // EDGAR lists the folder case-insensitively by code point ('R10.htm' before 'R2.htm').
  const key = (name: string) => name.toLowerCase()
  files.sort((a, b) => (key(a[0]) < key(b[0]) ? -1 : key(a[0]) > key(b[0]) ? 1 : 0))
  const item: Item[] = [
    ...fixed.map((name) => ({ 'last-modified': modified, name, type: 'text.gif', size: '' })),
    ...files.map(([name, size]) => ({ 'last-modified': modified, name, type: typeOf(name), size: String(size) })),
  ]
  const folder = `/Archives/edgar/data/${cik}`
  return JSON.stringify(
    { directory: { item, name: `${folder}/${acc.replaceAll('-', '')}`, 'parent-dir': folder } },
    null,
    2,
  )
}
