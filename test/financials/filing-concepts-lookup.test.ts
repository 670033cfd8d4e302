/**
 * The `finFilingConcepts` lookup file against the fixture's own FSDS files (read by the test, not through
 * the build): every filing's concepts, read back through its `acc_key`, are the (tag, version) pairs its
 * pre.txt presents that tag.txt has, each once, with tag.txt's metadata, by `concept_id` (the build's
 * numbering, read from `fin_concepts`); and nothing else. Then every as-reported statement of every filing
 * carries, on each line, its tag's metadata as `fin_concepts` holds it.
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ConceptMeta } from '../../src/areas/financials/store/concept-meta.ts'
import type { RequestDb } from '../../src/db/client.ts'
import { sql } from '../../src/db/sql.ts'
import { accessionKey } from '../../src/lib/ids.ts'
import {
  CONCEPT_META_FIELDS,
  FILING_CONCEPT_FIELDS,
  STATEMENT_CODES,
} from '../../src/pipeline/sources/financial-statements/contract.ts'
import { orNull, useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

const PATHS = {
  IS: 'income-statement',
  BS: 'balance-sheet',
  CF: 'cash-flow',
  SE: 'stockholders-equity',
  CI: 'comprehensive-income',
} as const

type Concept = ConceptMeta & { concept_id: number; tag: string; version: string }

/** The metadata of a line whose tag tag.txt lacks. */
const NO_META = Object.fromEntries(CONCEPT_META_FIELDS.map((f) => [f, null]))

/** A body row's (or concept's) tag metadata, the fields an as-reported row has. */
const meta = (r: Record<string, unknown>) => Object.fromEntries(CONCEPT_META_FIELDS.map((f) => [f, r[f]]))

/** Every concept of the serving database by `tag|version`. */
async function conceptsByTag(db: RequestDb) {
  const rows = await db.all<Concept>(
    sql`SELECT concept_id, tag, version, custom, abstract, datatype, iord, crdr, tlabel, doc FROM fin_concepts`,
  )
  return new Map(rows.map((c) => [`${c.tag}|${c.version}`, c]))
}

/** A concept as its line's fields (FILING_CONCEPT_FIELDS), from tag.txt's row: what the file must hold. */
function expectedLine(id: number, t: Record<string, string>) {
  const fields: Record<(typeof FILING_CONCEPT_FIELDS)[number], unknown> = {
    concept_id: id,
    custom: Number(t.custom),
    abstract: t.abstract === '' ? null : Number(t.abstract),
    datatype: orNull(t.datatype),
    iord: orNull(t.iord),
    crdr: orNull(t.crdr),
    tlabel: orNull(t.tlabel),
    doc: orNull(t.doc),
  }
  return FILING_CONCEPT_FIELDS.map((f) => fields[f])
}

test("every filing's concepts are read back through its acc_key: pre.txt's tags once each, by concept_id, with tag.txt's metadata", async () => {
  const db = ctx.api.database.forRequest()
  try {
    const concepts = await conceptsByTag(db)
    // The latest quarter's row of each (tag, version), as the build keeps it (quarters in name order).
    const tags = new Map(ctx.fsds.tag.map((t) => [`${t.tag}|${t.version}`, t]))
    const presented = Map.groupBy(ctx.fsds.pre, (p) => p.adsh!)
    let lines = 0
    for (const s of ctx.fsds.sub) {
      // The filing's (tag, version) pairs tag.txt has, each once, by concept_id.
      const keys = new Set(
        (presented.get(s.adsh!) ?? []).map((p) => `${p.tag}|${p.version}`).filter((k) => tags.has(k)),
      )
      const expected = [...keys]
        .map((k) => ({ id: concepts.get(k)!.concept_id, tag: tags.get(k)! }))
        .sort((a, b) => a.id - b.id)
        .map(({ id, tag }) => expectedLine(id, tag))
      const read = db
        .lookup('finFilingConcepts')
        .get(accessionKey(s.adsh!))
        .map((l) => JSON.parse(l))
      expect({ adsh: s.adsh, concepts: read }).toEqual({ adsh: s.adsh, concepts: expected })
      lines += expected.length
    }
    // The data sets' filings' concepts and nothing else: the file has as many lines as were read.
    expect(lines).toBeGreaterThan(100)
    const manifest = JSON.parse(readFileSync(join(ctx.api.datasets, ctx.api.snapshotId, 'manifest.json'), 'utf8'))
    expect(manifest.lookups.finFilingConcepts.lines).toBe(lines)
  } finally {
    db.release()
  }
})

test("every as-reported statement of every filing carries each line's tag metadata as fin_concepts has it", async () => {
  const db = ctx.api.database.forRequest()
  const concepts = await conceptsByTag(db).finally(() => db.release())
  let statements = 0
  for (const s of ctx.fsds.sub)
    for (const stmt of STATEMENT_CODES) {
      const res = await ctx.api.get(`/v1/financials/filings/${s.adsh}/statements/${PATHS[stmt]}`)
      if (res.status === 404) continue
      expect(res.status).toBe(200)
      statements++
      for (const r of res.body.rows) {
        const c = concepts.get(`${r.tag}|${r.version}`)
        expect({ adsh: s.adsh, tag: r.tag, meta: meta(r) }).toEqual({
          adsh: s.adsh,
          tag: r.tag,
          meta: c ? meta({ ...c, abstract: c.abstract === null ? null : c.abstract === 1 }) : meta(NO_META),
        })
      }
    }
  expect(statements).toBeGreaterThan(10)
})
