/**
 * The fixture's FSDS quarters read back by the tests themselves (not through the build): each file of
 * every quarter as rows of named fields, so expected bodies are made from the files the build read.
 */
import { afterAll, beforeAll } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ZipReader } from '../../src/lib/zip.ts'
import { openTestApi, type TestApi } from '../helpers/api.ts'
import { sampleFixture } from '../helpers/fixture.ts'

export type Row = Record<string, string>

export function parseTsv(text: string): Row[] {
  const lines = text.split('\n').filter((l) => l !== '')
  const unquote = (f: string) => (f.startsWith('"') && f.endsWith('"') ? f.slice(1, -1).replaceAll('""', '"') : f)
  const header = lines[0]!.split('\t')
  return lines.slice(1).map((l) => Object.fromEntries(l.split('\t').map((f, i) => [header[i]!, unquote(f)])))
}

export type Fsds = { sub: Row[]; num: Row[]; pre: Row[]; tag: Row[] }

/** Every quarter of the fixture's mirror (zips as the SEC publishes them), concatenated per file. */
export async function readFixtureFsds(): Promise<Fsds> {
  const { mirror } = await sampleFixture()
  const root = join(mirror, 'financial-statement-data-sets')
  const all: Fsds = { sub: [], num: [], pre: [], tag: [] }
  for (const q of readdirSync(root).sort())
    for (const [entry, data] of ZipReader.open(join(root, q)).iterate((n) => n.endsWith('.txt')))
      all[entry.name.replace('.txt', '') as keyof Fsds].push(...parseTsv(data.toString('utf8')))
  return all
}

/** 20251231 → '2025-12-31'. */
export const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`
export const orNull = (s: string | undefined) => (s === undefined || s === '' ? null : s)

/**
 * For a test file that checks the API's bodies against the fixture's own FSDS files: opens the API and
 * reads the files before the file's tests, closes the API after. Read `ctx.api` and `ctx.fsds` inside tests
 * (they are set in beforeAll).
 */
export function useApiAndFsds() {
  const ctx = {} as { api: TestApi; fsds: Fsds }
  beforeAll(async () => {
    ctx.api = await openTestApi()
    ctx.fsds = await readFixtureFsds()
  })
  afterAll(() => ctx.api?.close())
  return ctx
}
