/**
 * GET /v1/financials/concepts/search over the fixture: matches in tag codes and labels first, then those
 * found only in the documentation; the version and custom filters; paging. Expected rows come from the
 * fixture's tag.txt files (each (tag, version) once).
 */
import { describe, expect, test } from 'bun:test'
import { orNull, type Row, useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

const dto = (t: Row) => ({
  tag: t.tag,
  version: t.version,
  custom: t.custom === '1',
  abstract: t.abstract === '1',
  datatype: orNull(t.datatype),
  iord: orNull(t.iord),
  crdr: orNull(t.crdr),
  tlabel: orNull(t.tlabel),
  doc: orNull(t.doc),
})

/**
 * Distinct (tag, version) of the files matching `q`: tag or label matches first, standard tags before
 * custom ones; then documentation-only matches, the same way; each group by tag, text, then version.
 */
function expected(q: string, keep: (t: Row) => boolean = () => true) {
  const seen = new Map<string, Row>()
  for (const t of ctx.fsds.tag) seen.set(`${t.tag}\t${t.version}`, t)
  const text = q.toLowerCase()
  const inCode = (t: Row) => `${t.tag} ${t.tlabel}`.toLowerCase().includes(text)
  const rows = [...seen.values()].filter((t) => keep(t) && (inCode(t) || (t.doc ?? '').toLowerCase().includes(text)))
  // Within a tag, by text (label, then documentation; an empty one first), then version.
  const key = (t: Row) =>
    [inCode(t) ? 0 : 1, Number(t.custom), t.tag!, t.tlabel ?? '', t.doc ?? '', t.version!] as const
  const order = (a: Row, b: Row) => {
    const [x, y] = [key(a), key(b)]
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1
    return 0
  }
  return rows.sort(order).map(dto)
}

describe('the concept search', () => {
  test('tag and label matches first, then documentation-only ones; every field', async () => {
    const res = await ctx.api.get('/v1/financials/concepts/search?q=Restructuring&limit=100')
    expect(res.status).toBe(200)
    const all = expected('Restructuring')
    expect(all.length).toBeGreaterThan(1)
    expect(res.body).toEqual({
      data: all.slice(0, 100),
      pagination: { page: 1, limit: 100, hasMoreData: all.length > 100 },
      filters: { q: 'Restructuring', version: null, custom: null },
    })
    // "quill" is in no tag or label: the custom tags documented as Quillfeather's are found by their documentation.
    const quill = await ctx.api.get('/v1/financials/concepts/search?q=quill&limit=100')
    expect(quill.body.data).toEqual(expected('quill').slice(0, 100))
    expect(
      quill.body.data.every((c: { custom: boolean; doc: string }) => c.custom && c.doc.includes('Quillfeather')),
    ).toBe(true)
  })

  test('custom and version filters', async () => {
    const standard = await ctx.api.get(
      '/v1/financials/concepts/search?q=cash&custom=false&version=us-gaap/2026&limit=100',
    )
    expect(standard.body.data).toEqual(expected('cash', (t) => t.custom === '0' && t.version!.includes('us-gaap/2026')))
    expect(standard.body.data.length).toBeGreaterThan(0)
    expect(standard.body.filters).toEqual({ q: 'cash', version: 'us-gaap/2026', custom: false })
    const custom = await ctx.api.get('/v1/financials/concepts/search?q=charges&custom=true&limit=100')
    expect(custom.body.data).toEqual(expected('charges', (t) => t.custom === '1').slice(0, 100))
  })

  test('pages follow one order across the groups; default limit 50', async () => {
    const all = expected('income')
    expect(all.length).toBeGreaterThan(50)
    const first = await ctx.api.get('/v1/financials/concepts/search?q=income')
    expect(first.body.data).toEqual(all.slice(0, 50))
    expect(first.body.pagination).toEqual({ page: 1, limit: 50, hasMoreData: true })
    const second = await ctx.api.get('/v1/financials/concepts/search?q=income&page=2&limit=20')
    expect(second.body.data).toEqual(all.slice(20, 40))
    // Pages that straddle groups: standard then custom tag matches, then documentation-only ones.
    const mixed = expected('de')
    const groups = mixed.map((c) => `${`${c.tag} ${c.tlabel}`.toLowerCase().includes('de') ? 0 : 1}${Number(c.custom)}`)
    expect(new Set(groups)).toEqual(new Set(['00', '11']))
    for (const limit of [7, 50]) {
      const pages = Math.ceil(mixed.length / limit)
      const got = []
      for (let page = 1; page <= pages; page++) {
        const res = await ctx.api.get(`/v1/financials/concepts/search?q=de&limit=${limit}&page=${page}`)
        expect(res.body.pagination.hasMoreData).toBe(page < pages)
        got.push(...res.body.data)
      }
      expect(got).toEqual(mixed)
    }
  })

  test('q is required; a % or _ is a character, not a wildcard', async () => {
    const none = await ctx.api.get('/v1/financials/concepts/search')
    expect([none.status, Object.keys(none.body.error.details)]).toEqual([400, ['q']])
    const percent = await ctx.api.get('/v1/financials/concepts/search?q=%25')
    expect(percent.body.data).toEqual([])
  })
})
