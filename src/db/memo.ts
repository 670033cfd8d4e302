/**
 * A snapshot memo, declared once: a value the server derives from the snapshot the first time a request
 * needs it and keeps for that snapshot's life (an index held in memory, a small table read whole). Its
 * declaration names it, says what it is built from and what it holds (the table of memos in
 * docs/architecture.md is rendered from these), and computes it. `db.memo` takes only a declaration, so
 * two areas cannot share a name by accident and every memo is listed; `variant` keys one memo's
 * instances (one per year, say) under its one name.
 */
import type { AnyMemo, Memo } from './client.ts'

export type { AnyMemo, Memo } from './client.ts'

const declared = new Map<string, AnyMemo>()

/** A memo, declared once: a second declaration of the same name fails when its module loads. */
export function defineMemo<T>(memo: Memo<T>): Memo<T> {
  if (declared.has(memo.name)) throw new Error(`two snapshot memos are named ${memo.name}`)
  declared.set(memo.name, memo as AnyMemo)
  return memo
}

/** The memos of every module loaded so far: all of them once the app is (test/docs/read-models.test.ts). */
export const declaredMemos = (): readonly AnyMemo[] => [...declared.values()]
