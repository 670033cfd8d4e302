/**
 * The docs say what the code does (issue 28): each area page's operation table (docs/api/<area>.md) lists
 * exactly the area's operations as the app declares them (method, path, operationId, minimum plan,
 * feature), the area table of docs/api/README.md counts them, and the README links every area's page.
 * Read from the OpenAPI document of an app over an empty datasets folder: the routes are all there
 * without a snapshot, and the document is what clients see.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createApp } from '../../src/app.ts'
import { KeyStore } from '../../src/auth/key-store.ts'
import { writeKeysFile } from '../../src/auth/keys-file.ts'
import { loadConfig } from '../../src/config.ts'
import { Database } from '../../src/db/client.ts'
import { memorySink } from '../../src/lib/log.ts'
import { AREA_TAGS } from '../../src/ops/docs.ts'
import { tempDir } from '../helpers/snapshot.ts'

const ROOT = resolve(import.meta.dir, '../..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const pageOf = (tag: string) => `docs/api/${tag.toLowerCase()}.md`

type OpenApiOperation = { tags?: string[]; operationId?: string; 'x-minimum-plan'?: string; 'x-feature'?: string }
type Row = { operation: string; path: string; plan: string; feature: string }

let root: string
let database: Database
/** The app's /v1 operations by area tag, as rows of an area page's table. */
const byArea = new Map<string, Row[]>()

beforeAll(async () => {
  root = tempDir('docs-tables')
  const datasets = join(root, 'datasets')
  mkdirSync(datasets)
  const keysFile = join(root, 'keys.json')
  writeKeysFile(keysFile, { keys: [] })
  const log = memorySink()
  const config = loadConfig(
    {},
    { DATASETS_DIR: datasets, KEYS_FILE: keysFile, LOG_REQUESTS: false, WATCH_SNAPSHOTS: false },
  )
  database = await Database.open(config, log)
  const app = createApp({ config, database, keys: new KeyStore(keysFile, { log }), log })
  const res = await app.handle(new Request('http://localhost/openapi/json'))
  const doc = (await res.json()) as { paths: Record<string, Record<string, OpenApiOperation>> }
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

/** The rows of a page's operation table: `| \`listFilings\` | \`GET /v1/filings\` | FREE | |`. */
function tableOf(markdown: string): Row[] {
  const lines = markdown.split('\n')
  const header = lines.findIndex((l) => /^\|\s*operation\s*\|\s*path\s*\|\s*minimum plan\s*\|\s*feature\s*\|$/.test(l))
  if (header < 0) return []
  const rows: Row[] = []
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break
    const [operation, path, plan, feature] = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim().replace(/^`|`$/g, ''))
    rows.push({ operation: operation!, path: path!, plan: plan!, feature: feature! })
  }
  return rows
}

const sorted = (rows: Row[]) => [...rows].sort((a, b) => a.operation.localeCompare(b.operation))

describe('docs/api', () => {
  test('the app has the five areas and 62 operations', () => {
    expect([...byArea.keys()].sort()).toEqual([...AREA_TAGS].sort())
    expect([...byArea.values()].flat().length).toBe(62)
  })

  for (const tag of AREA_TAGS) {
    test(`${pageOf(tag)}: its table lists the area's operations, paths, plans and features`, () => {
      const markdown = read(pageOf(tag))
      expect(sorted(tableOf(markdown))).toEqual(sorted(byArea.get(tag) ?? []))
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
