import { describe, expect, test } from 'bun:test'
import { describeCounters, Reporter, table } from '../../src/lib/progress.ts'

const capture = (tty: boolean) => {
  const out: string[] = []
  return { out, reporter: new Reporter({ write: (t: string) => out.push(t) }, tty, false) }
}

describe('progress', () => {
  test('off a terminal a step prints one line when it ends, and nothing while it runs', () => {
    const { out, reporter } = capture(false)
    const step = reporter.step('stage submissions')
    step.update({ files: 10, bytes: 1 << 20 })
    expect(out).toEqual([])
    step.done({ files: 20, rows: 1500 })
    expect(out).toHaveLength(1)
    expect(out[0]).toMatch(/^stage submissions {8} +\d+\.\ds {2}20 files, 1,500 rows, 1\.0 MB, [\d.]+ MB\/s\n$/)
  })

  test('on a terminal a step redraws one status line, and the final line clears it', () => {
    const { out, reporter } = capture(true)
    const step = reporter.step('stage')
    step.update({ files: 3 })
    expect(out).toEqual(['\r\x1b[2Kstage: 3 files'])
    step.update({ files: 4 }) // within 200 ms of the last draw: not redrawn
    expect(out).toHaveLength(1)
    step.done()
    expect(out[1]).toBe('\r\x1b[2K')
    expect(out[2]).toMatch(/^stage {19} +\d+\.\ds {2}4 files\n$/)
  })

  test("a reporter that watches memory ends each step's line with the step's peak RSS", () => {
    const out: string[] = []
    const reporter = new Reporter({ write: (t: string) => out.push(t) }, false)
    const step = reporter.step('stage')
    const held = new Uint8Array(256 * 2 ** 20).fill(1)
    step.done({ files: 1 })
    expect(held[held.length - 1]).toBe(1)
    expect(step.peakRssBytes).toBeGreaterThan(256 * 2 ** 20)
    expect(out[0]).toMatch(/^stage {19} +\d+\.\ds {2}1 files, peak RSS [\d.]+ (MB|GB)\n$/)
  })

  test('counters read as files, rows, size and rate', () => {
    expect(describeCounters({ files: 1234, rows: 5_000_000, bytes: 3 * 2 ** 30, note: 'x' }, 2000)).toBe(
      '1,234 files, 5,000,000 rows, 3.00 GB, 1536.0 MB/s, x',
    )
    expect(describeCounters({}, 10)).toBe('')
  })

  test('a summary table aligns text left and numbers right', () => {
    expect(
      table(
        ['table', 'rows'],
        [
          ['entities', 950012],
          ['tickers', 24],
        ],
      ),
    ).toBe(['table        rows', '--------  -------', 'entities  950,012', 'tickers        24'].join('\n'))
  })
})
