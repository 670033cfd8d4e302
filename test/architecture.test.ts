/**
 * The layering of src/, from the import statements of its files: the server reads of the build only its
 * contracts; the build knows nothing of the server; an area reads data only in its store; and the
 * top-level folders depend on each other without cycles. Each failure names the file and the import.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '..')
const SRC = join(ROOT, 'src')

type Import = { file: string; target: string; text: string }

/** `from '...'`, `import '...'` and `import('...')`: every module a file names. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm

/** Every relative import of every .ts file under src/, as paths from the checkout's root (`src/...`). */
function imports(): Import[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .sort()
  return files.flatMap((f) => {
    const file = `src/${f}`
    const text = readFileSync(join(SRC, f), 'utf8')
    return [...text.matchAll(SPECIFIER)]
      .filter((m) => m[2]!.startsWith('.'))
      .map((m) => ({ file, target: relative(ROOT, resolve(ROOT, dirname(file), m[2]!)), text: m[0].trim() }))
  })
}

const ALL = imports()
const under = (path: string, folder: string) => path.startsWith(`${folder}/`)
const show = (i: Import) => `${i.file}: ${i.text}`

/** A file's top-level part of src/: its folder (`src/db`), or the file itself for files directly in src/ (`src/app.ts`). */
const part = (path: string) => path.split('/').slice(0, 2).join('/')

/** Folder edges (`src/a -> src/b`) the cycle check leaves out: none (src/sample included). */
const ALLOWED_EDGES: string[] = []

describe('architecture', () => {
  test('the scan sees the source tree', () => {
    expect(ALL.length).toBeGreaterThan(100)
    expect(ALL.some((i) => i.file === 'src/pipeline/index.ts' && i.target === 'src/pipeline/runner.ts')).toBe(true)
  })

  test('outside the build and the CLI, only contract modules of src/pipeline/ are imported', () => {
    const buildSide = (file: string) => under(file, 'src/pipeline') || under(file, 'src/cli') || file === 'src/cli.ts'
    const contract = (target: string) =>
      target === 'src/pipeline/contract.ts' ||
      target === 'src/pipeline/read-model.ts' ||
      /^src\/pipeline\/sources\/[^/]+\/(contract\.ts|contract\/.+)$/.test(target)
    const offending = ALL.filter((i) => !buildSide(i.file) && under(i.target, 'src/pipeline') && !contract(i.target))
    expect(offending.map(show)).toEqual([])
  })

  test('the build imports nothing of the server', () => {
    const server = ['src/areas', 'src/modules', 'src/http', 'src/auth']
    const offending = ALL.filter((i) => under(i.file, 'src/pipeline') && server.some((s) => under(i.target, s)))
    expect(offending.map(show)).toEqual([])
  })

  test("an area imports no other area's files, only what they share in src/areas/common/", () => {
    const areaOf = (path: string) => /^src\/areas\/([^/]+)\//.exec(path)?.[1]
    const offending = ALL.filter((i) => {
      const [from, to] = [areaOf(i.file), areaOf(i.target)]
      return from !== undefined && to !== undefined && from !== to && from !== 'common' && to !== 'common'
    })
    expect(offending.map(show)).toEqual([])
    // The shared module belongs to no area: it imports none of them.
    expect(
      ALL.filter(
        (i) =>
          under(i.file, 'src/areas/common') &&
          under(i.target, 'src/areas') &&
          !under(i.target, 'src/areas/common') &&
          !/^src\/areas\/[^/]+\.ts$/.test(i.target),
      ).map(show),
    ).toEqual([])
  })

  test('an area reaches the data only through its store (src/areas/<area>/store.ts or store/)', () => {
    // operation.ts builds each request's store from its db; context.ts binds that db to the request.
    const plumbing = ['src/areas/operation.ts', 'src/areas/context.ts']
    const inStore = (file: string) => /^src\/areas\/[^/]+\/(store\.ts|store\/)/.test(file)
    const data = ['src/db/sql.ts', 'src/db/client.ts', 'src/db/memo.ts']
    const offending = ALL.filter(
      (i) => under(i.file, 'src/areas') && !inStore(i.file) && !plumbing.includes(i.file) && data.includes(i.target),
    )
    expect(offending.map(show)).toEqual([])
  })

  test('no import cycle among the top-level folders of src/', () => {
    // Part → part → the imports that make the edge.
    const edges = new Map<string, Map<string, Import[]>>()
    for (const i of ALL) {
      if (!under(i.target, 'src')) continue
      const from = part(i.file)
      const to = part(i.target)
      if (from === to || ALLOWED_EDGES.includes(`${from} -> ${to}`)) continue
      const out = edges.get(from) ?? edges.set(from, new Map()).get(from)!
      out.set(to, [...(out.get(to) ?? []), i])
    }
    // Strongly connected components (Tarjan): each of more than one part holds a cycle.
    const index = new Map<string, number>()
    const low = new Map<string, number>()
    const stack: string[] = []
    const cycles: string[][] = []
    const visit = (v: string) => {
      index.set(v, index.size)
      low.set(v, index.get(v)!)
      stack.push(v)
      for (const w of edges.get(v)?.keys() ?? []) {
        if (!index.has(w)) {
          visit(w)
          low.set(v, Math.min(low.get(v)!, low.get(w)!))
        } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = []
        let w: string
        do {
          w = stack.pop()!
          component.push(w)
        } while (w !== v)
        if (component.length > 1) cycles.push(component.sort())
      }
    }
    for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v)
    // Each cycle's parts, then every edge between them with its first import (and how many more make it).
    const report = cycles.flatMap((c) => [
      `cycle among ${c.join(', ')}:`,
      ...c.flatMap((from) =>
        [...(edges.get(from) ?? [])]
          .filter(([to]) => c.includes(to))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(
            ([to, list]) =>
              `  ${from} -> ${to}: ${show(list[0]!)}${list.length > 1 ? ` (and ${list.length - 1} more)` : ''}`,
          ),
      ),
    ])
    expect(report).toEqual([])
  })
})
