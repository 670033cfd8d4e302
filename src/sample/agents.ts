/**
 * Filing agents: the financial printers and EDGAR services whose CIK prefixes most accession numbers,
 * each with its own way of naming documents ('d894740dsc13g.htm', 'tm2533052d1_8k.htm',
 * 'xslF345X05/wk-form4_1736899861.xml'). All fictional; their CIKs are kept out of the entity population
 * so that an agent's accession numbers can never collide with an entity's own.
 */
import { dayOfYmd, yearOf } from './dates.ts'
import { hash3, type Rng, unit, Weighted } from './random.ts'
import { KIND, type Traits } from './traits.ts'

export type DocStyle = 'd' | 'tm' | 'ea' | 'a' | 'form' | 'ny' | 'wk' | 'self'
export type Agent = { cik: number; style: DocStyle; from: number; to: number; weight: number }

/** [cik, style, first year, last year, weight] */
const AGENT_ROWS: readonly (readonly [number, DocStyle, number, number, number])[] = [
  [1019056, 'd', 1993, 2026, 8],
  [1047213, 'a', 1993, 2012, 8],
  [1072588, 'form', 1996, 2026, 3],
  [1104826, 'tm', 1998, 2026, 10],
  [903112, 'form', 1994, 2026, 3],
  [1140512, 'ny', 2001, 2026, 7],
  [917330, 'form', 1995, 2026, 2],
  [1181296, 'wk', 2003, 2026, 8],
  [934476, 'form', 1994, 2026, 2],
  [1213377, 'ea', 2004, 2026, 8],
  [1225011, 'wk', 2004, 2026, 5],
  [1262983, 'form', 2004, 2026, 2],
  [946218, 'd', 1994, 2026, 4],
  [1341004, 'form', 2006, 2026, 2],
  [1379785, 'tm', 2007, 2026, 3],
  [1410578, 'form', 2008, 2026, 2],
  [1437261, 'ea', 2008, 2026, 4],
  [1445866, 'form', 2009, 2026, 2],
  [958704, 'form', 1994, 2026, 4],
  [1516523, 'wk', 2011, 2026, 3],
  [1005477, 'form', 1996, 2026, 2],
  [1564590, 'wk', 2013, 2026, 4],
  [988042, 'form', 1994, 2026, 2],
  [1628280, 'wk', 2015, 2026, 5],
  [1641172, 'ea', 2015, 2026, 3],
  [1683168, 'form', 2017, 2026, 2],
  [1731122, 'tm', 2018, 2026, 2],
  [1753926, 'form', 2018, 2026, 2],
  [1829126, 'ea', 2020, 2026, 3],
  [1951757, 'wk', 2022, 2026, 2],
  [1013762, 'd', 1993, 2008, 4],
  [1021408, 'form', 1995, 2026, 2],
  [1056520, 'a', 1996, 2010, 3],
  [1096906, 'form', 1999, 2015, 2],
  [1127602, 'wk', 2000, 2026, 3],
  [1193805, 'form', 2002, 2026, 2],
]
export const AGENTS: readonly Agent[] = AGENT_ROWS.map(([cik, style, from, to, weight]) => ({
  cik,
  style,
  from,
  to,
  weight,
}))
/** Prefixes no entity may hold: the agents, and the SEC's own '0000000000' used for staff letters (UPLOAD). */
export const RESERVED_PREFIXES: readonly number[] = AGENTS.map((a) => a.cik)
export const SEC_PREFIX = 0

const SALT_AGENT = 0xa6e7
const byYear = new Map<number, Weighted<number>>()
function agentsIn(year: number): Weighted<number> {
  let table = byYear.get(year)
  if (!table) {
    table = new Weighted(AGENTS.flatMap((a, i) => (a.from <= year && year <= a.to ? [[i, a.weight] as const] : [])))
    byYear.set(year, table)
  }
  return table
}

/**
 * The agent an entity uses in a year. Companies stay with one printer for a few years at a time; insiders
 * use whatever agent their issuer uses, as a company's legal team files its officers' Forms 4.
 */
export function agentFor(seed: number, t: Traits, issuerCik: number, year: number): number {
  const owner = t.kind === KIND.individual && issuerCik > 0 ? issuerCik : t.cik
  const era = Math.floor((year + (owner % 5)) / 5)
  const u = unit(hash3(seed, owner, era * 977 + SALT_AGENT))
  const pick = agentsIn(year).at(u)
  return pick
}

const SLUGS = new Map<string, string>()
/** 'SC 13G/A' → 'sc13ga', as printers name files. */
function SLUG(form: string): string {
  let slug = SLUGS.get(form)
  if (slug === undefined) {
    slug = form.toLowerCase().replace(/\s+/g, '').replace('/', '')
    SLUGS.set(form, slug)
  }
  return slug
}

/** The primary document's name as the agent (or the filer itself) would have named it. */
export function documentName(
  style: DocStyle,
  form: string,
  day: number,
  acceptedEpoch: number,
  prefix: string,
  period: string,
  rng: Rng,
): string {
  const yy = String(yearOf(day) % 100).padStart(2, '0')
  const slug = SLUG(form)
  const ext = day < TXT_UNTIL && rng.chance(0.5) ? 'txt' : 'htm'
  const xml = xmlDocument(form, day, style, yy, acceptedEpoch, rng)
  if (xml !== null) return xml
  if (form === 'UPLOAD') return 'filename1.pdf'
  if (form === 'CORRESP' || form === 'DRSLTR') return 'filename1.htm'
  switch (style) {
    case 'd':
      return `d${rng.digits(6)}d${slug.replaceAll('-', '')}.${ext}`
    case 'a':
      return `a${2000000 + rng.int(300000)}z${slug}.${ext}`
    case 'tm':
      return `tm${yy}${rng.digits(5)}d${rng.range(1, 9)}_${slug}.htm`
    case 'ea':
      return `ea0${rng.digits(6)}-${slug}_${prefix || 'co'}.htm`
    case 'ny':
      return `ny${yy}${rng.digits(6)}x${rng.range(1, 9)}_${slug}.htm`
    case 'wk':
    case 'self':
      if (period && prefix && (form === '10-K' || form === '10-Q' || form === '20-F' || form === '8-K'))
        return `${prefix}-${period.replaceAll('-', '')}.htm`
      return `${prefix || 'doc'}-${slug}_${yy}${rng.digits(3)}.htm`
    case 'form':
      return `form${slug}.${ext}`
  }
}
const TXT_UNTIL = dayOfYmd(2004, 1, 1)
const F345_VERSIONS: readonly (readonly [number, string])[] = [
  [dayOfYmd(2009, 5, 1), 'X02'],
  [dayOfYmd(2022, 3, 1), 'X03'],
  [dayOfYmd(2023, 9, 1), 'X04'],
  [Infinity, 'X05'],
]
const XML_FORMS: Record<string, readonly [number, string]> = {
  D: [dayOfYmd(2009, 3, 16), 'xslFormDX01/primary_doc.xml'],
  'D/A': [dayOfYmd(2009, 3, 16), 'xslFormDX01/primary_doc.xml'],
  '144': [dayOfYmd(2023, 4, 13), 'xsl144X01/primary_doc.xml'],
  '25-NSE': [dayOfYmd(2008, 1, 1), 'xslF25X02/primary_doc.xml'],
  C: [0, 'xslC_X01/primary_doc.xml'],
  'C-U': [0, 'xslC_X01/primary_doc.xml'],
  'C-AR': [0, 'xslC_X01/primary_doc.xml'],
  '1-A': [0, 'xsl1-A_X01/primary_doc.xml'],
  '1-A/A': [0, 'xsl1-A_X01/primary_doc.xml'],
  '1-K': [0, 'xsl1-K_X01/primary_doc.xml'],
  'NPORT-P': [0, 'xslFormNPORT-P_X01/primary_doc.xml'],
  'N-CEN': [0, 'xslFormN-CEN_X01/primary_doc.xml'],
  'N-PX': [dayOfYmd(2024, 7, 1), 'xslN-PX_X01/primary_doc.xml'],
}

function xmlDocument(form: string, day: number, style: DocStyle, yy: string, epoch: number, rng: Rng): string | null {
  const base = form.replace('/A', '')
  if (base === '3' || base === '4' || base === '5') {
    const version = base === '3' ? 'X02' : F345_VERSIONS.find(([until]) => day < until)![1]
    const a = form.endsWith('/A') ? 'a' : ''
    const file =
      style === 'wk'
        ? `wk-form${base}${a}_${epoch}.xml`
        : style === 'tm'
          ? `tm${yy}${rng.digits(5)}-${rng.range(1, 9)}_${base}seq1.xml`
          : style === 'd'
            ? `doc${base}${a}.xml`
            : style === 'a'
              ? `rrd${rng.digits(6)}.xml`
              : style === 'ea'
                ? 'ownership.xml'
                : style === 'self'
                  ? 'primary_doc.xml'
                  : `form${base}${a}.xml`
    return `xslF345${version}/${file}`
  }
  if (form.startsWith('13F-'))
    return day >= dayOfYmd(2013, 6, 1)
      ? `xslForm13F_${day >= dayOfYmd(2024, 1, 1) ? 'X02' : 'X01'}/primary_doc.xml`
      : null
  if (form.startsWith('SCHEDULE 13')) return `xslSCHEDULE_${form.slice(9, 12)}_X01/primary_doc.xml`
  const known = XML_FORMS[form]
  if (known && day >= known[0]) return known[1]
  return null
}

/** The primary document's description column, which each agent fills its own way. */
export function documentDescription(style: DocStyle, form: string, doc: string, rng: Rng): string {
  const base = form.replace('/A', '')
  if (base === '3' || base === '4' || base === '5') {
    return style === 'wk'
      ? `FORM ${base}`
      : style === 'tm'
        ? 'OWNERSHIP DOCUMENT'
        : style === 'd'
          ? `FORM ${form} SUBMISSION`
          : style === 'form'
            ? `FORM ${base} -`
            : ''
  }
  if (doc.startsWith('xsl') || form === 'UPLOAD' || form === 'CORRESP' || doc === '') return ''
  const r = rng.next()
  return r < 0.55
    ? form
    : r < 0.8
      ? `FORM ${form}`
      : r < 0.9
        ? ''
        : `${form} ${rng.pick(['DOCUMENT', 'FILING', 'REPORT'])}`
}
