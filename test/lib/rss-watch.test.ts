import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { RssWatch } from '../../src/lib/rss-watch.ts'

const MB = 2 ** 20

describe('RssWatch', () => {
  test('memory held at the end of the span is its peak at least', () => {
    const watch = new RssWatch()
    const held = new Uint8Array(200 * MB).fill(1)
    const peak = watch.stop()!
    expect(held[0]).toBe(1)
    expect(peak).toBeGreaterThan(200 * MB)
    expect(watch.peakBytes()).toBe(peak) // stopped: the peak stays what it was at the stop
  })

  test('a peak held between two samples still counts, by the kernel high-water mark', () => {
    // In a process of its own: this one's high-water mark may already be above what the span allocates.
    const script = `
      import { RssWatch } from ${JSON.stringify(join(import.meta.dir, '../../src/lib/rss-watch.ts'))}
      const watch = new RssWatch(60_000)
      let brief = new Uint8Array(${300 * MB}).fill(1)
      brief = new Uint8Array(1)
      Bun.gc(true)
      console.log(JSON.stringify({ peak: watch.stop() }))`
    const p = Bun.spawnSync([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'pipe' })
    expect(p.stderr.toString()).toBe('')
    const { peak } = JSON.parse(p.stdout.toString())
    expect(peak).toBeGreaterThan(300 * MB)
  })
})
