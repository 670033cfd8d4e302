/**
 * What each /v1 operation reads of the snapshot when called once at its example path (operations.ts): the
 * lookup files it reads lines of (by the name the manifest lists them under), the snapshot memos it asks
 * for (src/db/memo.ts), and the serving tables its queries name. Seen, not declared: the docs tests check
 * the "read by" columns of docs/architecture.md against it (test/docs/read-models.test.ts), and render the
 * operations of docs/data-dictionary.md from it (test/docs/data-dictionary.test.ts). A path the examples do
 * not take (a fallback) is not seen.
 *
 * It wraps the server's own methods (RequestDb, KeyedFile) while the operations run, and puts them back.
 */
import { expect } from 'bun:test'
import { RequestDb } from '../../src/db/client.ts'
import type { Memo } from '../../src/db/memo.ts'
import type { Sql } from '../../src/db/sql.ts'
import { KeyedFile } from '../../src/lib/keyed-file.ts'
import type { TestApi } from './api.ts'
import { operationsOf } from './operations.ts'

export type Reads = { lookups: Set<string>; memos: Set<string>; serving: Set<string> }

/** The KeyedFile methods that read lines. */
const READERS = ['get', 'lines', 'range', 'getMany', 'headsWithin'] as const

type Method = (this: unknown, ...args: unknown[]) => unknown

/** Replaces `object[name]` by `wrap(original)` until the returned function is called. */
function patch<T extends object>(object: T, name: string, wrap: (original: Method) => Method): () => void {
  const target = object as Record<string, unknown>
  const original = target[name] as Method
  target[name] = wrap(original)
  return () => {
    target[name] = original
  }
}

/**
 * Every operation's reads, by operationId. `servingTables` are the names a query may read (the serving
 * tables the contracts declare): a table counts when a query names it after FROM or JOIN.
 */
export async function readsOfEveryOperation(
  api: Pick<TestApi, 'app' | 'get'>,
  servingTables: readonly string[],
): Promise<Map<string, Reads>> {
  let current: Reads = { lookups: new Set(), memos: new Set(), serving: new Set() }
  const named = servingTables.length
    ? new RegExp(`\\b(?:FROM|JOIN)\\s+(${servingTables.join('|')})\\b`, 'gi')
    : undefined
  const fileNames = new Map<KeyedFile, string>()
  const restore = [
    patch(
      RequestDb.prototype,
      'lookup',
      (original) =>
        function (this: unknown, name) {
          const file = original.call(this, name) as KeyedFile
          fileNames.set(file, name as string)
          return file
        },
    ),
    patch(
      RequestDb.prototype,
      'memo',
      (original) =>
        function (this: unknown, memo, ...rest) {
          current.memos.add((memo as Memo<unknown>).name)
          return original.call(this, memo, ...rest)
        },
    ),
    patch(
      RequestDb.prototype,
      'all',
      (original) =>
        function (this: unknown, q, ...rest) {
          if (named) for (const m of (q as Sql).text.matchAll(named)) current.serving.add(m[1]!.toLowerCase())
          return original.call(this, q, ...rest)
        },
    ),
    ...READERS.map((reader) =>
      patch(
        KeyedFile.prototype,
        reader,
        (original) =>
          function (this: unknown, ...args) {
            const name = fileNames.get(this as KeyedFile)
            if (name) current.lookups.add(name)
            return original.apply(this, args)
          },
      ),
    ),
  ]
  try {
    const found = new Map<string, Reads>()
    for (const op of operationsOf(api.app)) {
      current = { lookups: new Set(), memos: new Set(), serving: new Set() }
      const res = await api.get(op.path())
      expect([op.operationId, res.status]).toEqual([op.operationId, 200])
      found.set(op.operationId, current)
    }
    return found
  } finally {
    for (const undo of restore) undo()
  }
}
