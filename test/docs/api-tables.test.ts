/**
 * The docs say what the code does (issue 28): each area page's operation table (docs/api/<area>.md) lists
 * exactly the area's operations as the app declares them (method, path, operationId, minimum plan,
 * feature), the area table of docs/api/README.md counts them, the README links every area's page, and
 * the canonical metric keys and ratio ids are listed in docs/api/financials.md and the OpenAPI document.
 * Read from the OpenAPI document of an app over an empty datasets folder: the routes are all there
 * without a snapshot, and the document is what clients see.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createApp } from '../../src/app.ts'
import { KeyStore } from '../../src/auth/key-store.ts'
import { writeKeysFile } from '../../src/auth/keys-file.ts'
import { buildUsage } from '../../src/cli/build.ts'
import { keysUsage } from '../../src/cli/keys.ts'
import { sampleUsage } from '../../src/cli/sample.ts'
import { serveUsage, startUsage } from '../../src/cli/serve.ts'
import { Database } from '../../src/db/client.ts'
import { memorySink } from '../../src/lib/log.ts'
import { AREA_TAGS } from '../../src/ops/docs.ts'
import { CANONICAL_METRICS } from '../../src/reference/canonical-metrics.ts'
import { RATIOS } from '../../src/reference/financial-ratios.ts'
import { testConfig } from '../helpers/config.ts'
import { tempDir } from '../helpers/snapshot.ts'

const ROOT = resolve(import.meta.dir, '../..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const pageOf = (tag: string) => `docs/api/${tag.toLowerCase()}.md`

type OpenApiOperation = {
  tags?: string[]
  operationId?: string
  'x-minimum-plan'?: string
  'x-feature'?: string
  parameters?: { name: string; in: string; schema?: { description?: string } }[]
}
type Document = { paths: Record<string, Record<string, OpenApiOperation>> }
type Row = { operation: string; path: string; plan: string; feature: string }

let root: string
let database: Database
let doc: Document
/** The app's /v1 operations by area tag, as rows of an area page's table. */
const byArea = new Map<string, Row[]>()

beforeAll(async () => {
  root = tempDir('docs-tables')
  const datasets = join(root, 'datasets')
  mkdirSync(datasets)
  const keysFile = join(root, 'keys.json')
  writeKeysFile(keysFile, { keys: [] })
  const log = memorySink()
  const config = testConfig({
    DATASETS_DIR: datasets,
    KEYS_FILE: keysFile,
    LOG_REQUESTS: false,
    WATCH_SNAPSHOTS: false,
  })
  database = await Database.open(config, log)
  const app = createApp({ config, database, keys: new KeyStore(keysFile, { log }), log })
  const res = await app.handle(new Request('http://localhost/openapi/json'))
  doc = (await res.json()) as Document
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/v1/')) continue
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? '(no tag)'
      const rows = byArea.get(tag) ?? []
      rows.push({
        operation: op.operationId ?? '',
        path: `${method.toUpperCase()} ${path}`,
        plan: op['x-minimum-plan'] ?? '',
        feature: op['x-feature'] ?? '',
      })
      byArea.set(tag, rows)
    }
  }
})
afterAll(async () => {
  await database?.close()
  rmSync(root, { recursive: true, force: true })
})

/** The rows of the markdown table whose header row is `header` (cells without their backquotes). */
function tableOf(markdown: string, header: string[]): string[][] {
  const lines = markdown.split('\n')
  const at = lines.indexOf(`| ${header.join(' | ')} |`)
  if (at < 0) return []
  const rows: string[][] = []
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    )
  }
  return rows
}

/** A page's operation table: `| \`listFilings\` | \`GET /v1/filings\` | FREE | |`. */
const operationsTable = (markdown: string): Row[] =>
  tableOf(markdown, ['operation', 'path', 'minimum plan', 'feature']).map(([operation, path, plan, feature]) => ({
    operation: operation!,
    path: path!,
    plan: plan!,
    feature: feature!,
  }))

const sorted = (rows: Row[]) => [...rows].sort((a, b) => a.operation.localeCompare(b.operation))

describe('docs/api', () => {
  test('the app has the five areas, the reference’s 62 operations and those beyond it', () => {
    expect([...byArea.keys()].sort()).toEqual([...AREA_TAGS].sort())
    const operations = [...byArea.values()].flat().map((r) => r.operation)
    // Beyond the reference: the restatement ledger (point-in-time financials).
    const beyond = ['getFinancialRestatements', 'getTopRestatements']
    expect(operations.filter((o) => !beyond.includes(o))).toHaveLength(62)
    expect(operations).toEqual(expect.arrayContaining(beyond))
  })

  for (const tag of AREA_TAGS) {
    test(`${pageOf(tag)}: its table lists the area's operations, paths, plans and features`, () => {
      const markdown = read(pageOf(tag))
      expect(sorted(operationsTable(markdown))).toEqual(sorted(byArea.get(tag) ?? []))
      // "Served: 5 operations." at the top of the page.
      expect(markdown).toMatch(new RegExp(`Served:\\s+${byArea.get(tag)?.length}\\s+operations`))
    })
  }

  test("docs/api/README.md's area table counts each area's operations and links its page", () => {
    const markdown = read('docs/api/README.md')
    for (const tag of AREA_TAGS) {
      const row = markdown.split('\n').find((l) => l.startsWith(`| ${tag} |`))
      expect(row).toBe(`| ${tag} | ${byArea.get(tag)?.length} | [${tag.toLowerCase()}.md](${tag.toLowerCase()}.md) |`)
    }
    expect(markdown).not.toMatch(/planned/)
  })

  test("the README's status table links every area's page and counts its operations", () => {
    const markdown = read('README.md')
    for (const tag of AREA_TAGS) {
      const row = markdown.split('\n').find((l) => l.startsWith(`| [${tag}](${pageOf(tag)}) |`))
      expect(row).toStartWith(`| [${tag}](${pageOf(tag)}) | ${byArea.get(tag)?.length} |`)
    }
    expect(markdown).toContain(`${[...byArea.values()].flat().length} operations`)
  })
})

describe('docs/api/financials.md: the metric keys and ratio ids', () => {
  const markdown = read('docs/api/financials.md')

  test('its tables are those of src/reference/, in order', () => {
    expect(tableOf(markdown, ['metric key', 'standardized name', 'statement', 'label'])).toEqual(
      CANONICAL_METRICS.map((m) => [m.key, m.field, m.statement, m.label]),
    )
    expect(tableOf(markdown, ['ratio id', 'group', 'label', 'unit'])).toEqual(
      RATIOS.map((r) => [r.id, r.group, r.label, r.unit]),
    )
  })

  test('the OpenAPI document lists every key and id in the parameters that take them', () => {
    const described = (path: string, name: string) =>
      doc.paths[path]?.get?.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema?.description ?? ''
    const words = (text: string) => new Set(text.match(/[a-z0-9_]+/g))
    for (const [path, name] of [
      ['/v1/financials/metrics', 'symbols'],
      ['/v1/financials/metrics/top', 'metric'],
    ])
      expect(CANONICAL_METRICS.map((m) => m.key).filter((k) => !words(described(path!, name!)).has(k))).toEqual([])
    for (const path of ['/v1/financials/ratios', '/v1/financials/ratios/top'])
      expect(RATIOS.map((r) => r.id).filter((id) => !words(described(path, 'ratio')).has(id))).toEqual([])
  })
})

test("every --help text's pointer names a docs page and heading that exist", () => {
  const usages = [buildUsage, keysUsage, sampleUsage, serveUsage, startUsage].join('\n')
  expect(usages).not.toContain('README')
  const pointers = [...usages.matchAll(/(docs\/[\w/.-]+\.md)(?::\s*"([^"]+)")?/g)]
  expect(pointers.length).toBeGreaterThan(0)
  for (const [, page, heading] of pointers) {
    const markdown = read(page!)
    if (heading)
      expect([page, markdown.split('\n').some((l) => /^#+ /.test(l) && l.replace(/^#+ /, '') === heading)]).toEqual([
        page,
        true,
      ])
  }
})
