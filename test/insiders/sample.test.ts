/**
 * The insider source's part of the sample generator: deterministic; the data sets' tables in the real
 * layout (the real 2024q3 headers, and the SEC metadata's for the tables the samples lack), dates as
 * DD-MON-YYYY; every filing one of the issuer's listed Forms 3/4/5 (same accession numbers as the
 * submissions records); text files only for the days the daily indexes cover, parsed back by the build's
 * own parsers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ZipReader } from '../../src/lib/zip.ts'
import { findFilingTexts, parseSubmissionText, submissionTypeOf } from '../../src/pipeline/filing-text/index.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { indexes } from '../../src/pipeline/sources/indexes/index.ts'
import { insiderTransactions } from '../../src/pipeline/sources/insider-transactions/index.ts'
import { ownershipRecords } from '../../src/pipeline/sources/insider-transactions/ownership-xml.ts'
import { type OwnershipDoc, ownerDocs } from '../../src/pipeline/sources/insider-transactions/sample-docs.ts'
import { HEADERS, TABLE_NAMES } from '../../src/pipeline/sources/insider-transactions/sample-tsv.ts'
import { ownershipXml } from '../../src/pipeline/sources/insider-transactions/sample-xml.ts'
import { dayOfYmd, isoDay, yearOf } from '../../src/sample/dates.ts'
import type { Filing } from '../../src/sample/filings.ts'
import { hasSamples, SAMPLES, tempDir } from '../helpers/snapshot.ts'

const root = tempDir('insider-sample')
const sets = (dir: string) => join(root, dir, 'insider-transactions-data-sets')

beforeAll(async () => {
  // The insider files and the daily index files they are checked against; the other sources' files play no part.
  const sources = [indexes, insiderTransactions]
  await generateSample({ out: join(root, 'a'), scale: 0.0003, seed: 4, sources })
  await generateSample({ out: join(root, 'b'), scale: 0.0003, seed: 4, sources })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A zip's tables as lines. */
function tablesOf(path: string): Record<string, string[]> {
  const zip = ZipReader.open(path)
  try {
    return Object.fromEntries(
      [...zip.iterate()].map(([e, data]) => [
        e.name.replace('.tsv', ''),
        data.toString('latin1').trimEnd().split('\n'),
      ]),
    )
  } finally {
    zip.close()
  }
}

test('the same seed and scale give the same bytes; quarters from 2006q1 to the last published one', () => {
  const names = readdirSync(sets('a')).sort()
  expect(readdirSync(sets('b')).sort()).toEqual(names)
  for (const n of names) expect(readFileSync(join(sets('a'), n)).equals(readFileSync(join(sets('b'), n)))).toBe(true)
  expect(names[0]! >= '2006q1_form345.zip').toBe(true)
  // as of 2026-11-20: 2026q3 is published, 2026q4 is not
  expect(names.at(-1)).toBe('2026q3_form345.zip')
})

describe.skipIf(!hasSamples)('the real layout', () => {
  test('headers are the real files’ (2024q3) and the metadata’s for the tables the samples lack', () => {
    const metadata = JSON.parse(readFileSync(join(SAMPLES, 'insider/2024q3/FORM_345_metadata.json'), 'utf8')) as {
      tables: { url: string; tableSchema: { columns: { name: string }[] } }[]
    }
    const tables = tablesOf(join(sets('a'), '2024q3_form345.zip'))
    expect(Object.keys(tables)).toEqual(TABLE_NAMES)
    for (const t of TABLE_NAMES) {
      let real: string[]
      try {
        real = readFileSync(join(SAMPLES, `insider/2024q3/${t}.tsv`), 'latin1')
          .split('\n')[0]!
          .split('\t')
      } catch {
        // absent from the samples: the metadata's columns
        real = metadata.tables.find((m) => m.url === `${t}.tsv`)!.tableSchema.columns.map((c) => c.name)
      }
      expect([t, tables[t]![0]!.split('\t')]).toEqual([t, real])
      expect([t, HEADERS[t].split(' ')]).toEqual([t, real])
    }
  })
})

test('rows: DD-MON-YYYY dates, issuer CIKs of 10 digits, forms 3/4/5, a reporting owner per filing', () => {
  let filings = 0
  for (const name of readdirSync(sets('a'))) {
    const t = tablesOf(join(sets('a'), name))
    const sub = t.SUBMISSION!.slice(1).map((l) => l.split('\t'))
    const owners = new Set(t.REPORTINGOWNER!.slice(1).map((l) => l.split('\t')[0]))
    for (const r of sub) {
      expect(r[0]).toMatch(/^\d{10}-\d{2}-\d{6}$/)
      expect(r[1]).toMatch(/^\d{2}-(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)-\d{4}$/)
      expect(['3', '4', '5', '3/A', '4/A', '5/A']).toContain(r[8]!)
      expect(r[9]).toMatch(/^\d{10}$/)
      expect(owners.has(r[0]!)).toBe(true)
      filings++
    }
    for (const l of t.NONDERIV_TRANS!.slice(1)) expect(l.split('\t')[4]).toMatch(/^\d{2}-[A-Z]{3}-\d{4}$/)
  }
  expect(filings).toBeGreaterThan(100)
})

test('text files: the filings of the daily-index days after the newest set, parsed by the build’s parsers', () => {
  // The mirror's text files of ownership forms (the 13F source writes its own there too).
  const ownership = new Set(['3', '4', '5', '3/A', '4/A', '5/A'])
  const files = findFilingTexts(join(root, 'a')).filter((f) =>
    ownership.has(submissionTypeOf(readFileSync(f.path, 'latin1').slice(0, 4096)) ?? ''),
  )
  expect(files.length).toBeGreaterThan(0)
  const daily = readdirSync(join(root, 'a', 'daily-index'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.idx'))
    .map((f) => readFileSync(join(root, 'a', 'daily-index', f), 'latin1'))
    .join('\n')
  for (const f of files) {
    const parsed = parseSubmissionText(readFileSync(f.path, 'latin1'))
    expect(parsed.filed! > '2026-09-30').toBe(true)
    expect(daily).toContain(`${f.cik}|`)
    expect(daily).toContain(`${parsed.accessionNumber}.txt`)
    const records = ownershipRecords(parsed.documents[0]!.xml!, {
      accessionNumber: parsed.accessionNumber,
      filingDate: parsed.filed,
      acceptedAt: parsed.accepted,
    })!
    expect(records[0]).toMatchObject({ record: 'filing', accession_number: parsed.accessionNumber })
    expect(records.filter((r) => r.record === 'owner')).toHaveLength(1)
  }
})

test('the dollar traps: grants priced at the exercise price, units at the share price, exercises at the option’s', () => {
  const header = HEADERS.DERIV_TRANS.split(' ')
  const at = (name: string) => header.indexOf(name)
  const kinds = new Set<string>()
  for (const name of readdirSync(sets('a'))) {
    for (const l of tablesOf(join(sets('a'), name)).DERIV_TRANS!.slice(1)) {
      const c = l.split('\t')
      const [title, code, price, conversion] = [
        c[at('SECURITY_TITLE')],
        c[at('TRANS_CODE')],
        Number(c[at('TRANS_PRICEPERSHARE')]),
        c[at('CONV_EXERCISE_PRICE')],
      ]
      expect(price).toBeGreaterThan(0)
      if (title === 'Deferred Stock Units') {
        expect([code, conversion]).toEqual(['A', ''])
        kinds.add('units')
      } else {
        expect(price).toBe(Number(conversion))
        kinds.add(code!)
      }
    }
  }
  expect([...kinds].sort()).toEqual(['A', 'M', 'units'])
})

test('the 10b5-1 checkbox of the sample documents: since April 2023 on Forms 4 and 5, written 1, 0 or false, parsed back', () => {
  // One insider's 400 Forms 4 a week apart around April 2023: the mirror's few text files show too few.
  const from = dayOfYmd(2022, 6, 1)
  const filings = Array.from({ length: 400 }, (_, i) => {
    const day = from + 7 * i
    return {
      accessionNumber: `0001999999-${String(yearOf(day)).slice(2)}-${String(i + 1).padStart(6, '0')}`,
      day,
      acceptedAt: day * 86_400,
      acceptanceDateTime: `${isoDay(day)}T16:00:00.000Z`,
      reportDate: isoDay(day),
      form: i === 0 ? '3' : '4',
    } as Filing
  })
  const written = new Set<string>()
  for (const doc of ownerDocs(filings, { cik: 804753, name: 'Issuer', ticker: 'ISS' }, { cik: 1999999, name: 'X' })) {
    const records = ownershipRecords(ownershipXml(doc), { ...filing(doc), acceptedAt: null })!
    const flag = records[0]!.aff10b5_one
    if (doc.filing.day < dayOfYmd(2023, 4, 1) || doc.form === '3')
      expect([doc.accessionNumber, flag]).toEqual([doc.accessionNumber, null])
    else written.add(`${doc.aff10b5One} → ${flag}`)
  }
  expect([...written].sort()).toEqual(['0 → false', '1 → true', 'false → false'])
})

const filing = (doc: OwnershipDoc) => ({ accessionNumber: doc.accessionNumber, filingDate: isoDay(doc.filing.day) })
