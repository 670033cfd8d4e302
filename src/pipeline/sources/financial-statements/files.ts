/**
 * The four files of a Financial Statement Data Sets quarter (`sub.txt`, `num.txt`, `pre.txt`, `tag.txt`)
 * and how each is read: tab-separated, a header row, fields with quotes wrapped in `"` with `""` escapes.
 * Columns are bound by the header's names, never by position: `num.txt` has two layouts (the current one
 * with `segments` after `uom`, the older one without it and with `coreg` after `version`), and a column a
 * layout lacks is read as NULL. Types are explicit, so an empty field is NULL and `fye` keeps its zero.
 */

/** Every column the build reads of each file, with its DuckDB type; `accepted` is parsed after reading. */
export const FSDS_COLUMNS = {
  sub: {
    adsh: 'VARCHAR',
    cik: 'BIGINT',
    name: 'VARCHAR',
    sic: 'INTEGER',
    countryba: 'VARCHAR',
    stprba: 'VARCHAR',
    cityba: 'VARCHAR',
    zipba: 'VARCHAR',
    bas1: 'VARCHAR',
    bas2: 'VARCHAR',
    baph: 'VARCHAR',
    countryma: 'VARCHAR',
    stprma: 'VARCHAR',
    cityma: 'VARCHAR',
    zipma: 'VARCHAR',
    mas1: 'VARCHAR',
    mas2: 'VARCHAR',
    countryinc: 'VARCHAR',
    stprinc: 'VARCHAR',
    ein: 'VARCHAR',
    former: 'VARCHAR',
    changed: 'VARCHAR',
    afs: 'VARCHAR',
    wksi: 'INTEGER',
    fye: 'VARCHAR',
    form: 'VARCHAR',
    period: 'INTEGER',
    fy: 'INTEGER',
    fp: 'VARCHAR',
    filed: 'INTEGER',
    accepted: 'VARCHAR',
    prevrpt: 'INTEGER',
    detail: 'INTEGER',
    instance: 'VARCHAR',
    nciks: 'INTEGER',
    aciks: 'VARCHAR',
  },
  num: {
    adsh: 'VARCHAR',
    tag: 'VARCHAR',
    version: 'VARCHAR',
    ddate: 'INTEGER',
    qtrs: 'INTEGER',
    uom: 'VARCHAR',
    segments: 'VARCHAR',
    coreg: 'VARCHAR',
    value: 'DECIMAL(28,4)',
    footnote: 'VARCHAR',
  },
  pre: {
    adsh: 'VARCHAR',
    report: 'INTEGER',
    line: 'INTEGER',
    stmt: 'VARCHAR',
    inpth: 'INTEGER',
    rfile: 'VARCHAR',
    tag: 'VARCHAR',
    version: 'VARCHAR',
    plabel: 'VARCHAR',
    negating: 'INTEGER',
  },
  tag: {
    tag: 'VARCHAR',
    version: 'VARCHAR',
    custom: 'INTEGER',
    abstract: 'INTEGER',
    datatype: 'VARCHAR',
    iord: 'VARCHAR',
    crdr: 'VARCHAR',
    tlabel: 'VARCHAR',
    doc: 'VARCHAR',
  },
} as const satisfies Record<string, Record<string, string>>

export type FsdsFile = keyof typeof FSDS_COLUMNS
export const FSDS_FILES = Object.keys(FSDS_COLUMNS) as FsdsFile[]

/**
 * The files every quarter must hold (period-sets.ts): all four. A quarter without num.txt or pre.txt
 * (a truncated download or a partial extract) would serve its filings without values or statements, one
 * without tag.txt its statements without the tags' labels and types.
 */
export const REQUIRED_TABLES = FSDS_FILES.map((f) => `${f}.txt`)

/** Columns every file must have (a file without them is not this data set); the rest may be absent. */
export const REQUIRED: Record<FsdsFile, string[]> = {
  sub: ['adsh', 'cik', 'name', 'form', 'period', 'filed', 'accepted'],
  num: ['adsh', 'tag', 'version', 'ddate', 'qtrs', 'uom', 'value'],
  pre: ['adsh', 'report', 'line', 'stmt', 'tag', 'version'],
  tag: ['tag', 'version'],
}

/** The header line's names, as the file has them. */
export const headerNames = (firstLine: string) => firstLine.replace(/\r$/, '').split('\t')
