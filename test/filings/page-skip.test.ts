/**
 * The bulk skip of a merged page's first day (src/areas/filings/store/page-skip.ts): the rows it passes are
 * exactly the first rows of the forms' merge, never more than asked, and nearly all that were asked.
 * Over random days of several forms written as the build writes the form-ordered file (positions, one
 * line each, frame heads), with frames of a few lines so that every day spans many.
 */
import { afterAll, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { skipWithinDay } from '../../src/areas/filings/store/page-skip.ts'
import { KeyedFile, KeyedFileWriter } from '../../src/lib/keyed-file.ts'
import { positionHead } from '../../src/pipeline/sources/submissions/contract/lookup-lines.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('page-skip')
afterAll(() => rmSync(root, { recursive: true, force: true }))

function random(seed: number) {
  let s = seed
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return Math.floor((s / 2 ** 31) * n)
  }
}

type Row = { acc: bigint; cik: number; form: number }
/** List order on one day: accession number descending, then CIK. */
const listOrder = (a: Row, b: Row) => (a.acc !== b.acc ? (a.acc > b.acc ? -1 : 1) : a.cik - b.cik)
const line = (r: Row) =>
  JSON.stringify(['2024-03-05', r.acc.toString().padStart(18, '0'), r.cik, `F${r.form}`, 'Other', null, null, 'A name'])

/** One day of `forms` forms, written after a few rows of a day before it, as the build lays them out. */
function day(next: (n: number) => number, forms: number, frameBytes: number, name: string) {
  const rows: Row[] = []
  for (let form = 0; form < forms; form++) {
    const n = [0, 1, 5, 40, 300][next(5)]!
    for (let i = 0; i < n; i++) {
      // Large accession numbers (beyond 2^53) and co-filers: the same accession number under two CIKs.
      const acc = 100_000_000_000_000_000n + BigInt(next(2 ** 30)) * 1000n
      rows.push({ acc, cik: 1 + next(1000), form })
      if (next(8) === 0) rows.push({ acc, cik: 2000 + next(1000), form })
    }
  }
  const path = join(root, name)
  const writer = new KeyedFileWriter(path, { frameBytes, head: positionHead })
  let at = 0
  const firstDay: [number, number][] = []
  const before = 3
  for (let form = 0; form < forms; form++) {
    // Rows of another day or form come first in the file: a part starts inside a frame.
    for (let i = 0; i < before; i++) writer.add(BigInt(at++), line({ acc: 999_999_999_999_999_999n, cik: 1, form: 99 }))
    const own = rows.filter((r) => r.form === form).sort(listOrder)
    firstDay.push([at, at + own.length])
    for (const r of own) writer.add(BigInt(at++), line(r))
  }
  writer.close()
  return { file: KeyedFile.open(path), firstDay, merged: [...rows].sort(listOrder) }
}

test('the rows passed are the first rows of the merge, at most the offset, and within a few frames of it', () => {
  const next = random(11)
  let passedSome = 0
  for (let c = 0; c < 120; c++) {
    const frameBytes = [1, 200, 800][next(3)]!
    const { file, firstDay, merged } = day(next, 1 + next(4), frameBytes, `day-${c}`)
    const linesPerFrame = Math.max(1, Math.ceil(frameBytes / 90))
    for (const offset of [0, 1, next(merged.length + 1), merged.length - 1, merged.length]) {
      if (offset < 0) continue
      const { starts, skipped } = skipWithinDay(file, firstDay, offset)
      const passed = firstDay.flatMap(([start], form) =>
        Array.from(
          { length: starts[form]! - start },
          (_, i) =>
            JSON.parse([...file.range(BigInt(start + i), BigInt(start + i + 1))][0]!) as [string, string, number],
        ),
      )
      expect(skipped).toBe(passed.length)
      expect(skipped).toBeLessThanOrEqual(offset)
      // The same rows as the merge's first ones (as a set: ties of one accession number pass together or not at all).
      const key = (acc: string | bigint, cik: number) => `${BigInt(acc)}/${cik}`
      expect(passed.map(([, acc, cik]) => key(acc, cik)).sort()).toEqual(
        merged
          .slice(0, skipped)
          .map((r) => key(r.acc, r.cik))
          .sort(),
      )
      // Left to skip one by one: at most about two frames per form (the frame the threshold falls in, and the next head's).
      expect(offset - skipped).toBeLessThanOrEqual(firstDay.length * 2 * linesPerFrame + 2)
      if (skipped > 0) passedSome++
    }
    file.close()
  }
  expect(passedSome).toBeGreaterThan(50)
})

test('a file without heads passes nothing', () => {
  const path = join(root, 'no-heads')
  const writer = new KeyedFileWriter(path, { frameBytes: 1 })
  for (let i = 0; i < 10; i++) writer.add(BigInt(i), line({ acc: BigInt(1000 - i), cik: 1, form: 0 }))
  writer.close()
  const file = KeyedFile.open(path)
  expect(file.hasHeads).toBe(false)
  expect(skipWithinDay(file, [[0, 10]], 7)).toEqual({ starts: [0], skipped: 0 })
  file.close()
})
