/**
 * The as-reported statements and the XBRL block over the fixture: whole bodies made from the fixture's
 * own pre.txt, num.txt and tag.txt (read by the test), and their 404s.
 */
import { describe, expect, test } from 'bun:test'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { iso, orNull, type Row, useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

const TEN_K = CAST_ACCESSIONS.tenK
const SPANS: Record<string, string> = { '1': 'quarter', '2': 'six months', '3': 'nine months', '4': 'year' }

function context(adsh: string) {
  const s = ctx.fsds.sub.find((r) => r.adsh === adsh)!
  return {
    adsh,
    cik: Number(s.cik),
    entityName: s.name,
    ticker: 'QFD',
    form: s.form,
    fiscalYear: Number(s.fy),
    fiscalPeriod: s.fp,
    period: Number(s.period),
    filed: Number(s.filed),
    accepted: s.accepted!.replace(' ', 'T').replace(/\.0$/, ''),
  }
}

/** The statement's rows as the files have them: each presented line once per value, values newest first. */
function expectedRows(adsh: string, stmt: string) {
  const fileStmt = stmt === 'SE' ? 'EQ' : stmt
  const pre = ctx.fsds.pre
    .filter((p) => p.adsh === adsh && p.stmt === fileStmt)
    .sort((a, b) => Number(a.report) - Number(b.report) || Number(a.line) - Number(b.line))
  return pre.flatMap((p) => {
    const tag = ctx.fsds.tag.find((t) => t.tag === p.tag && t.version === p.version)
    const meta = {
      custom: tag ? Number(tag.custom) : null,
      datatype: orNull(tag?.datatype),
      iord: orNull(tag?.iord),
      crdr: orNull(tag?.crdr),
      tlabel: orNull(tag?.tlabel),
      doc: orNull(tag?.doc),
      abstract: tag ? tag.abstract === '1' : null,
    }
    const values = ctx.fsds.num
      .filter((n) => n.adsh === adsh && n.tag === p.tag && n.version === p.version)
      .sort(
        (a, b) =>
          Number(b.ddate) - Number(a.ddate) ||
          Number(a.qtrs) - Number(b.qtrs) ||
          a.uom!.localeCompare(b.uom!) ||
          (a.segments || '').localeCompare(b.segments || '') ||
          (a.coreg || '').localeCompare(b.coreg || ''),
      )
    const line = (n: Row | null) => ({
      report: Number(p.report),
      line: Number(p.line),
      stmt,
      inpth: Number(p.inpth),
      rfile: p.rfile,
      tag: p.tag,
      version: p.version,
      plabel: p.plabel,
      negating: Number(p.negating),
      valueContext: n && {
        ddate: Number(n.ddate),
        qtrs: Number(n.qtrs),
        uom: n.uom,
        segments: orNull(n.segments),
        coreg: orNull(n.coreg),
        value: Number(n.value),
        footnote: orNull(n.footnote),
        periodLabel: n.qtrs === '0' ? `as of ${iso(n.ddate!)}` : `${SPANS[n.qtrs!]} ended ${iso(n.ddate!)}`,
      },
      ...meta,
    })
    return values.length ? values.map(line) : [line(null)]
  })
}

describe('as-reported statements', () => {
  test.each([
    ['income-statement', 'IS'],
    ['balance-sheet', 'BS'],
    ['cash-flow', 'CF'],
    ['stockholders-equity', 'SE'],
    ['comprehensive-income', 'CI'],
  ] as const)("the 10-K's %s: every line and value of the files, FSDS's EQ answered as SE", async (path, stmt) => {
    const res = await ctx.api.get(`/v1/financials/filings/${TEN_K}/statements/${path}`)
    expect(res.status).toBe(200)
    const rows = expectedRows(TEN_K, stmt)
    expect(rows.length).toBeGreaterThan(3)
    expect(res.body).toEqual({ filing: context(TEN_K), stmt, rows })
  })

  test('segment rows, a custom tag (version = accession number) and a quoted footnote are there as filed', async () => {
    const is = await ctx.api.get(`/v1/financials/filings/${TEN_K}/statements/income-statement`)
    const segments = is.body.rows.map((r: { valueContext: { segments: string | null } }) => r.valueContext?.segments)
    expect(segments).toContain('ProductOrService=Product;')
    expect(segments).toContain('StatementGeographical=NonUs;')
    expect(segments).toContain('BusinessSegments=Enterprise;')
    const custom = is.body.rows.find((r: { custom: number }) => r.custom === 1)
    expect([custom.tag, custom.version, custom.plabel]).toEqual([
      'RestructuringAndOtherOperatingCharges',
      TEN_K,
      'Restructuring and "other" charges',
    ])
    const cf = await ctx.api.get(`/v1/financials/filings/${TEN_K}/statements/cash-flow`)
    const notes = cf.body.rows.map((r: { valueContext: { footnote: string | null } }) => r.valueContext?.footnote)
    expect(notes).toContain('Includes "restricted" cash of nil')
  })

  test('404: an accession the data sets do not have (an 8-K, an unknown number)', async () => {
    for (const acc of [CAST_ACCESSIONS.currentDay, '0000000000-00-000000']) {
      const res = await ctx.api.get(`/v1/financials/filings/${acc}/statements/balance-sheet`)
      expect(res.status).toBe(404)
      expect(res.body.error.message).toBe(
        `No financial statement data for accession number ${acc}: the Financial Statement Data Sets of this snapshot do not have the filing.`,
      )
    }
  })

  test('400: a malformed accession number names it', async () => {
    const res = await ctx.api.get('/v1/financials/filings/0000320193-24-1/statements/balance-sheet')
    expect([res.status, Object.keys(res.body.error.details)]).toEqual([400, ['accessionNumber']])
  })
})

describe('the XBRL block', () => {
  test("each report a statement, in report order, identified by its R file's URL", async () => {
    const res = await ctx.api.get(`/v1/financials/filings/${TEN_K}/xbrl`)
    expect(res.status).toBe(200)
    const folder = `https://www.sec.gov/Archives/edgar/data/${CAST.largeIssuer.cik}/${TEN_K.replaceAll('-', '')}`
    expect(res.body.statements.map((s: { roleUri: string; roleLabel: string }) => [s.roleUri, s.roleLabel])).toEqual([
      [`${folder}/R2.htm`, 'Balance Sheet'],
      [`${folder}/R3.htm`, 'Balance Sheet (Parenthetical)'],
      [`${folder}/R4.htm`, 'Income Statement'],
      [`${folder}/R5.htm`, 'Comprehensive Income'],
      [`${folder}/R6.htm`, "Stockholders' Equity"],
      [`${folder}/R7.htm`, 'Cash Flow Statement'],
    ])
    expect([res.body.adsh, res.body.companyName, res.body.formType]).toEqual([
      TEN_K,
      'QUILLFEATHER DYNAMICS CORP',
      '10-K',
    ])
  })

  test('the income statement: three years, each line with its consolidated values only', async () => {
    const res = await ctx.api.get(`/v1/financials/filings/${TEN_K}/xbrl?roleUri=income%20statement`)
    const [s] = res.body.statements
    expect(res.body.statements.length).toBe(1)
    expect(
      s.periods.map((p: { key: string; label: string; periodType: string }) => [p.key, p.label, p.periodType]),
    ).toEqual([
      ['2025-12-31/4Q', '2025-01-01 to 2025-12-31', 'duration'],
      ['2024-12-31/4Q', '2024-01-01 to 2024-12-31', 'duration'],
      ['2023-12-31/4Q', '2023-01-01 to 2023-12-31', 'duration'],
    ])
    const pre = ctx.fsds.pre.filter((p) => p.adsh === TEN_K && p.report === '4')
    expect(s.rows).toEqual(
      pre.map((p) => {
        const values = ctx.fsds.num.filter(
          (n) => n.adsh === TEN_K && n.tag === p.tag && n.version === p.version && !n.segments && !n.coreg,
        )
        return {
          label: p.plabel,
          depth: 0,
          qname: `${p.version === TEN_K ? 'qfd' : 'us-gaap'}:${p.tag}`,
          values: Object.fromEntries(values.map((n) => [`${iso(n.ddate!)}/${n.qtrs}Q`, Number(n.value)])),
          abstract: false,
        }
      }),
    )
  })

  test('roleUri narrows by URI or label, case-insensitive; matching nothing is a 404; too long a 400', async () => {
    const r7 = await ctx.api.get(`/v1/financials/filings/${TEN_K}/xbrl?roleUri=R7.HTM`)
    expect(r7.body.statements.map((s: { roleLabel: string }) => s.roleLabel)).toEqual(['Cash Flow Statement'])
    const none = await ctx.api.get(`/v1/financials/filings/${TEN_K}/xbrl?roleUri=nothing-like-it`)
    expect(none.status).toBe(404)
    expect(none.body.error.message).toBe(
      `No statement of filing ${TEN_K} has an id or label containing roleUri "nothing-like-it".`,
    )
    const long = await ctx.api.get(`/v1/financials/filings/${TEN_K}/xbrl?roleUri=${'x'.repeat(10_000)}`)
    expect([long.status, Object.keys(long.body.error.details)]).toEqual([400, ['roleUri']])
  })
})
