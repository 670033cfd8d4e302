/**
 * No comment or doc cites a file that is not in the repository: the contract is in docs/ (issue 28). The
 * specification and notes the project started from live outside it, so a citation of them (or of one of
 * their sections, "SPEC 4.3") leads nowhere. Test code may read the real EDGAR samples beside the
 * repository (../shared/edgar-samples): those are data, not citations.
 */
import { expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')
const THIS = 'test/docs/citations.test.ts'

const filesUnder = (folder: string) =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|json|md)$/.test(f))
    .map((f) => `${folder}/${f}`)

const OUTSIDE =
  /\b(SPEC|RESPONSES|PERFORMANCE-NOTES|DESIGN|STYLE)\.md\b|\bSPEC\s*§?\d|\bRESPONSES\s*§|PERFORMANCE-NOTES|§\s*\d/

test('no file of src/, test/, scripts/, docs/ or the README cites a file outside the repository', () => {
  const files = [...['src', 'test', 'scripts', 'docs'].flatMap(filesUnder), 'README.md'].filter((f) => f !== THIS)
  expect(files.length).toBeGreaterThan(300)
  const found: string[] = []
  for (const file of files) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (OUTSIDE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`)
        // The samples folder beside the repository: test code reads it; nothing else names it.
        if (!file.startsWith('test/') && line.includes('../shared')) found.push(`${file}:${i + 1}: ${line.trim()}`)
      })
  }
  expect(found).toEqual([])
})

/** Every file of the checkout that git would list (what a citation may name). */
const exists = (path: string) => existsSync(join(ROOT, path))

test('every path from the root that a file names (src/…, test/…, scripts/…, docs/…) exists', () => {
  const files = [...['src', 'test', 'scripts', 'docs'].flatMap(filesUnder), 'README.md']
  const missing: string[] = []
  for (const file of files)
    for (const [path] of readFileSync(join(ROOT, file), 'utf8').matchAll(
      /(?<![\w./-])(?:src|test|scripts|docs)\/[\w./-]+\.(?:ts|md|json|lua)\b/g,
    ))
      if (!path.includes('<') && !exists(path)) missing.push(`${file}: ${path}`)
  expect(missing).toEqual([])
})

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to dashes. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')

test('every link of the docs and the README leads to a file and heading that exist', () => {
  const pages = [...filesUnder('docs').filter((f) => f.endsWith('.md')), 'README.md']
  const anchorsOf = (page: string) =>
    new Set(
      readFileSync(join(ROOT, page), 'utf8')
        .split('\n')
        .filter((l) => /^#{1,6} /.test(l))
        .map((l) => slug(l.replace(/^#+ /, ''))),
    )
  const broken: string[] = []
  for (const page of pages) {
    const text = readFileSync(join(ROOT, page), 'utf8').replace(/```[\s\S]*?```/g, '')
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue
      const [file, anchor] = target!.split('#') as [string, string | undefined]
      const path = file ? join(dirname(page), file) : page
      if (!exists(path)) broken.push(`${page}: ${target}`)
      else if (anchor && path.endsWith('.md') && !anchorsOf(path).has(anchor)) broken.push(`${page}: ${target}`)
    }
  }
  expect(broken).toEqual([])
})
