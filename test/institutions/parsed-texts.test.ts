/**
 * The 13F texts' parses a build keeps for the next (src/pipeline/filing-text/parsed-cache.ts): taken while
 * a file is as it was and the parse the same, parsed again otherwise; a failed read leaves the last cache.
 * And the parse's number (TEXT_PARSE) holds the sample texts' parses: a change to what they parse to
 * fails here until the number is raised, so no build takes parses of the code before.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type FilingTextFile, filingTextsOfForms, ParsedTexts } from '../../src/pipeline/filing-text/index.ts'
import {
  FORMS_13F,
  PARSED_TEXTS_CACHE,
  PARSED_TEXTS_VERSION,
  readFilingTexts,
  TEXT_PARSE,
  type TextFiling,
} from '../../src/pipeline/sources/form-13f/text-filings.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const datasets = tempDir('parsed-texts')
let files: FilingTextFile[]

beforeAll(async () => {
  files = filingTextsOfForms((await sampleFixture()).mirror, FORMS_13F)!.files
})
afterAll(() => rmSync(datasets, { recursive: true, force: true }))

/** Reads `list` through the cache of `version`: what was staged, and what was taken and parsed. */
async function read(list: FilingTextFile[], version = PARSED_TEXTS_VERSION) {
  const kept = ParsedTexts.open<TextFiling>(datasets, PARSED_TEXTS_CACHE, version)
  const staged: TextFiling[] = []
  const count = await readFilingTexts(
    list,
    async (batch) => {
      staged.push(...batch)
    },
    kept,
  )
  kept.close()
  return { staged, count, taken: kept.taken, parsed: kept.parsed }
}

test('a second read takes every parse; a file changed since, or another parse, is parsed again', async () => {
  expect(files.length).toBeGreaterThan(1)
  const first = await read(files)
  expect({ taken: first.taken, parsed: first.parsed }).toEqual({ taken: 0, parsed: files.length })
  expect(first.count).toBeGreaterThan(0)
  expect(existsSync(join(datasets, '.build-cache', `${PARSED_TEXTS_CACHE}.jsonl`))).toBe(true)

  const second = await read(files)
  expect({ taken: second.taken, parsed: second.parsed }).toEqual({ taken: files.length, parsed: 0 })
  expect(second.staged).toEqual(first.staged)
  expect(second.count).toBe(first.count)

  // Written again since (another modification time): parsed again, the others taken.
  const touched = files.map((f, i) => (i === 1 ? { ...f, modifiedMs: f.modifiedMs + 1000 } : f))
  const third = await read(touched)
  expect({ taken: third.taken, parsed: third.parsed }).toEqual({ taken: files.length - 1, parsed: 1 })
  expect(third.staged).toEqual(first.staged)

  const other = await read(files, `${PARSED_TEXTS_VERSION}-another`)
  expect({ taken: other.taken, parsed: other.parsed }).toEqual({ taken: 0, parsed: files.length })
})

test('a read that fails leaves the last cache as it was', async () => {
  await read(files)
  const cache = join(datasets, '.build-cache', `${PARSED_TEXTS_CACHE}.jsonl`)
  const before = readFileSync(cache, 'utf8')
  const kept = ParsedTexts.open<TextFiling>(datasets, PARSED_TEXTS_CACHE, PARSED_TEXTS_VERSION)
  const failing = readFilingTexts(
    [files[0]!, { ...files[1]!, path: join(datasets, 'no-such-text.txt'), modifiedMs: 1 }],
    async () => {},
    kept,
  )
  await expect(failing).rejects.toThrow('no-such-text.txt')
  kept.abandon()
  expect(readFileSync(cache, 'utf8')).toBe(before)
  expect(existsSync(`${cache}.next`)).toBe(false)
  expect((await read(files)).taken).toBe(files.length)
})

test('a cache cut short costs the parses it lost, not the read', async () => {
  const first = await read(files)
  const cache = join(datasets, '.build-cache', `${PARSED_TEXTS_CACHE}.jsonl`)
  const text = readFileSync(cache, 'utf8')
  // The last line cut in the middle of its JSON, its newline kept: it no longer reads back.
  const lines = text.trimEnd().split('\n')
  lines[lines.length - 1] = lines.at(-1)!.slice(0, -20)
  writeFileSync(cache, `${lines.join('\n')}\n`)
  const again = await read(files)
  expect({ taken: again.taken, parsed: again.parsed }).toEqual({ taken: files.length - 1, parsed: 1 })
  expect(again.staged).toEqual(first.staged)
  expect(readFileSync(cache, 'utf8')).toBe(text)
})

test("the parse's number holds the sample texts' parses (raise TEXT_PARSE and record the digest when they change)", async () => {
  const { staged } = await read(files, 'uncached')
  const digest = createHash('sha256').update(JSON.stringify(staged)).digest('hex')
  expect({ parse: TEXT_PARSE, digest }).toEqual({
    parse: 1,
    digest: 'f261cab2cb13101a3c97637c79370ca36a0ce9b68941a55f56e07a0c034b785c',
  })
})
