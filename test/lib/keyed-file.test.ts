/**
 * Keyed files (src/lib/keyed-file.ts): what is written under a key is read back under it, in order, from
 * whichever frames hold it; absent keys give nothing.
 */
import { afterAll, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { KeyedFile, KeyedFileWriter, linesOf } from '../../src/lib/keyed-file.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('keyed')
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Writes `lines` (already in key order) with the given frame size and opens the result. */
function written(name: string, lines: [bigint, string][], frameBytes: number) {
  const writer = new KeyedFileWriter(join(root, name), { frameBytes })
  for (const [key, payload] of lines) writer.add(key, payload)
  const summary = writer.close()
  return { summary, file: KeyedFile.open(join(root, name)) }
}

const LINES: [bigint, string][] = [
  [3n, '{"a":1}'],
  [3n, '{"a":2}'],
  [3n, '{"a":3}'],
  [30n, '"thirty"'],
  [300n, '["x","é 中文 🙂"]'],
  [300_000_000_000_000_001n, '"big"'],
  [300_000_000_000_000_001n, '"big again"'],
  [999_999_999_999_999_999n, 'null'],
]

test.each([1, 20, 1 << 20])('every key reads back its lines in order (frames of %i bytes)', (frameBytes) => {
  const { summary, file } = written(`round-${frameBytes}`, LINES, frameBytes)
  expect(summary.lines).toBe(LINES.length)
  expect(file.get(3n)).toEqual(['{"a":1}', '{"a":2}', '{"a":3}'])
  expect(file.get(30n)).toEqual(['"thirty"'])
  expect(file.get(300n)).toEqual(['["x","é 中文 🙂"]'])
  expect(file.get(300_000_000_000_000_001n)).toEqual(['"big"', '"big again"'])
  expect(file.get(999_999_999_999_999_999n)).toEqual(['null'])
  // Below the first key, between keys, a key that is another's prefix (30 and 300), above the last.
  for (const absent of [0n, 2n, 4n, 31n, 299n, 301n, 300_000_000_000_000_000n, 1_000_000_000_000_000_000n])
    expect(file.get(absent)).toEqual([])
  expect(file.getMany([0n, 3n, 30n, 31n, 300n, 999_999_999_999_999_999n])).toEqual([
    [],
    file.get(3n),
    ['"thirty"'],
    [],
    file.get(300n),
    ['null'],
  ])
  // Keys in any order, one asked twice: each answered where it was asked.
  expect(file.getMany([300n, 31n, 3n, 300n])).toEqual([file.get(300n), [], file.get(3n), file.get(300n)])
  file.close()
})

test("a key's lines run on over several frames, and are read a frame at a time", () => {
  const many: [bigint, string][] = [
    [1n, 'a'],
    ...Array.from({ length: 50 }, (_, i): [bigint, string] => [7n, `line ${i}`]),
    [9n, 'z'],
  ]
  const { summary, file } = written('runs', many, 40)
  expect(summary.frames).toBeGreaterThan(10)
  expect(file.get(7n)).toEqual(many.slice(1, 51).map(([, p]) => p))
  expect(file.get(1n)).toEqual(['a'])
  expect(file.get(9n)).toEqual(['z'])
  // The first three lines of the run are in its first frame: a budget of one frame is enough.
  const one = { frames: 1, exhausted: false }
  const first: string[] = []
  for (const line of file.lines(7n, one)) if (first.push(line) === 3) break
  expect(first).toEqual(['line 0', 'line 1', 'line 2'])
  expect(one).toEqual({ frames: 0, exhausted: false })
  // All of it does not fit in three frames: what they hold, then exhausted.
  const three = { frames: 3, exhausted: false }
  const some = [...file.lines(7n, three)]
  expect(some).toEqual(many.slice(1, 1 + some.length).map(([, p]) => p))
  expect(some.length).toBeLessThan(50)
  expect(three.exhausted).toBe(true)
  file.close()
})

test('keyFrameAfter: a key starts a frame of its own once the frame holds that many bytes; smaller keys share one', () => {
  // Lines of 10 bytes ("<key>\t<6 bytes>\n" for keys of two digits): keys 10-12 one line each, key 20 six
  // lines (a run over two frames of at most 40 bytes), then 30 and 31.
  const line = (key: bigint, i: number): [bigint, string] => [key, `p${key}-${String(i).padStart(2, '0')}`]
  const lines = [
    line(10n, 0),
    line(11n, 0),
    line(12n, 0),
    ...Array.from({ length: 6 }, (_, i) => line(20n, i)),
    line(30n, 0),
    line(31n, 0),
  ]
  const writer = new KeyedFileWriter(join(root, 'key-frames'), { frameBytes: 40, keyFrameAfter: 20 })
  for (const [key, payload] of lines) writer.add(key, payload)
  writer.close()
  const file = KeyedFile.open(join(root, 'key-frames'))
  const firstKeys = Array.from({ length: file.frames }, (_, frame) => file.frameAt(frame).first)
  // 11 came to 10 bytes: it shares 10's frame; 12 came to 20: a frame of its own, which 20 (10 bytes held)
  // shares and fills to 40; 20's run goes on in a frame of its own; 30 came to 30 bytes of it: a new frame,
  // which 31 shares.
  expect(firstKeys).toEqual([10n, 12n, 20n, 30n])
  expect(Array.from({ length: 4 }, (_, frame) => file.frameAt(frame).nextContinues)).toEqual([
    false,
    true,
    false,
    false,
  ])
  for (const key of [10n, 11n, 12n, 20n, 30n, 31n])
    expect(file.get(key)).toEqual(lines.filter(([k]) => k === key).map(([, p]) => p))
  file.close()
})

test('a run that starts a frame is read from that frame, and one that continues from the frame before', () => {
  // Frames of 1 byte: every line is a frame, so every run but the first line's starts at a frame's start.
  const { summary, file } = written('starts', LINES, 1)
  expect(summary.frames).toBe(LINES.length)
  expect(file.get(3n)).toEqual(['{"a":1}', '{"a":2}', '{"a":3}'])
  file.close()
})

test('a range of keys reads their lines in key order, across frames', () => {
  const positions: [bigint, string][] = Array.from({ length: 300 }, (_, i) => [BigInt(i), `p${i}`])
  for (const frameBytes of [1, 50, 1 << 20]) {
    const { file } = written(`range-${frameBytes}`, positions, frameBytes)
    expect([...file.range(0n, 3n)]).toEqual(['p0', 'p1', 'p2'])
    expect([...file.range(97n, 203n)]).toEqual(positions.slice(97, 203).map(([, p]) => p))
    expect([...file.range(299n, 400n)]).toEqual(['p299'])
    expect([...file.range(300n, 400n)]).toEqual([])
    expect([...file.range(5n, 5n)]).toEqual([])
    file.close()
  }
  // Keys with gaps and repeats (key 3's lines on three frames): everything from..to, nothing else.
  const { file } = written('range-gaps', LINES, 1)
  expect([...file.range(3n, 4n)]).toEqual(['{"a":1}', '{"a":2}', '{"a":3}'])
  expect([...file.range(4n, 301n)]).toEqual(['"thirty"', '["x","é 中文 🙂"]'])
  expect([...file.range(0n, 4n)]).toEqual(['{"a":1}', '{"a":2}', '{"a":3}'])
  file.close()
})

test('frames read walking forward, backward, with gaps or scattered give every key its own lines', () => {
  // Payloads that do not compress away: many frames, each of a few keys.
  const noise = (i: number) => ((i * 2_654_435_761) >>> 0).toString(36).repeat(3)
  const lines: [bigint, string][] = Array.from({ length: 3000 }, (_, i) => [BigInt(i * 7), `${i}:${noise(i)}`])
  const { file } = written('walks', lines, 256)
  expect(file.frames).toBeGreaterThan(100)
  const read = (order: number[]) => order.map((i) => file.get(BigInt(i * 7)))
  const expected = (order: number[]) => order.map((i) => [`${i}:${noise(i)}`])
  const all = lines.map((_, i) => i)
  const orders = {
    ascending: all,
    descending: all.toReversed(),
    // Forward with gaps of many frames, and of few.
    everyFiftieth: all.filter((i) => i % 50 === 0),
    everyThird: all.filter((i) => i % 3 === 0),
    // Back and forth: a walk forward, then a jump back into frames read before.
    zigzag: all.flatMap((i) => (i % 10 === 9 ? [i, i - 8] : [i])),
    scattered: all.map((i) => (i * 1_103) % lines.length),
  }
  for (const [name, order] of Object.entries(orders))
    expect({ name, lines: read(order) }).toEqual({ name, lines: expected(order) })
  file.close()
})

test('an empty file has no keys', () => {
  const { summary, file } = written('empty', [], 16_384)
  expect(summary).toEqual({ lines: 0, frames: 0, bytes: 0 })
  expect(file.get(0n)).toEqual([])
  expect(file.getMany([1n, 2n])).toEqual([[], []])
  expect([...file.range(0n, 10n)]).toEqual([])
  file.close()
})

test('keys out of order are refused', () => {
  const writer = new KeyedFileWriter(join(root, 'unordered'))
  writer.add(5n, 'a')
  expect(() => writer.add(4n, 'b')).toThrow('key 4 after 5')
  writer.close()
})

test('an index that is not one is refused', async () => {
  await Bun.write(join(root, 'broken.index'), 'not 24 bytes per frame')
  await Bun.write(join(root, 'broken.blocks'), '')
  expect(() => KeyedFile.open(join(root, 'broken'))).toThrow('not a keyed-file index')
})

test('an index whose frames do not lie end to end is refused, naming the frame', async () => {
  written('gap', LINES, 20)
  const index = new BigInt64Array(new Uint8Array(await Bun.file(join(root, 'gap.index')).arrayBuffer()).buffer)
  index[4 + 1]! += 1n // the second frame's offset, one byte past where the first ends
  await Bun.write(join(root, 'gap.index'), index)
  expect(() => KeyedFile.open(join(root, 'gap'))).toThrow('gap.index: frame 1 does not start where frame 0 ends')
})

test("frame heads: what the writer kept of each frame's first payload, for the frames starting inside a range of keys", async () => {
  // Lines of 11 bytes (`10\t990:p10\n`), frames of 33: three lines to a frame, starting at keys 10, 13, 16, ...
  const positions: [bigint, string][] = Array.from({ length: 40 }, (_, i) => [BigInt(10 + i), `${990 - i}:p${10 + i}`])
  const writer = new KeyedFileWriter(join(root, 'heads'), {
    frameBytes: 33,
    head: (payload) => BigInt(payload.split(':')[0]!),
  })
  for (const [key, payload] of positions) writer.add(key, payload)
  expect(writer.close().frames).toBe(14)
  const file = KeyedFile.open(join(root, 'heads'))
  expect(file.hasHeads).toBe(true)
  expect(file.headsWithin(0n, 100n)).toEqual(
    Array.from({ length: 14 }, (_, i) => [BigInt(10 + 3 * i), BigInt(990 - 3 * i)]),
  )
  // Strictly inside: a frame starting at either end is not listed.
  expect(file.headsWithin(13n, 19n)).toEqual([[16n, 984n]])
  expect(file.headsWithin(14n, 16n)).toEqual([])
  expect([...file.range(15n, 18n)]).toEqual(['985:p15', '984:p16', '983:p17'])
  file.close()
  // Heads that do not match the frames are refused; without a heads file there are none.
  await Bun.write(join(root, 'heads.heads'), new Uint8Array(8))
  expect(() => KeyedFile.open(join(root, 'heads'))).toThrow('1 heads for 14 frames')
  const headless = written('headless', positions, 33).file
  expect(headless.hasHeads).toBe(false)
  expect(() => headless.headsWithin(0n, 20n)).toThrow('no heads')
  headless.close()
})

test('linesPassing: a key read from the last of its frames whose head passes; the frames before it unread', () => {
  // Key 7 holds 30 lines (`7\t<day>:<n>\n`, 10 to 11 bytes) after two lines of key 5; frames of about 30 bytes.
  // Each line's head is the smallest day of it and the lines before it: days fall as the key runs on.
  const days = Array.from({ length: 30 }, (_, i) => 900 - 10 * i)
  const lines: [bigint, string][] = [
    [5n, '1:a'],
    [5n, '2:b'],
    ...days.map((day, i): [bigint, string] => [7n, `${day}:${i}`]),
    [9n, '3:c'],
  ]
  const writer = new KeyedFileWriter(join(root, 'passing'), {
    frameBytes: 30,
    head: (payload) => BigInt(payload.split(':')[0]!),
  })
  for (const [key, payload] of lines) writer.add(key, payload)
  writer.close()
  const file = KeyedFile.open(join(root, 'passing'))
  const all = file.get(7n)
  expect(all).toHaveLength(30)
  for (const bound of [1000, 900, 755, 600, 612, 611, 500]) {
    const read = [...file.linesPassing(7n, (head) => head > BigInt(bound))]
    // Every line with a day at or below the bound is read, and the lines are the key's own, in order, to its end.
    expect(read).toEqual(all.slice(all.length - read.length))
    expect(read.filter((l) => Number(l.split(':')[0]) <= bound)).toEqual(
      all.filter((l) => Number(l.split(':')[0]) <= bound),
    )
    // Most frames before the first such line are passed over.
    const first = all.findIndex((l) => Number(l.split(':')[0]) <= bound)
    if (first > 6) expect(read.length).toBeLessThan(all.length - first + 6)
  }
  expect([...file.linesPassing(8n, () => true)]).toEqual([])
  expect([...file.linesPassing(9n, () => true)]).toEqual(['3:c'])
  file.close()
})

test('eachAscending with passes: each key read from the last of its frames whose next head passes; a file without heads read whole', () => {
  // Keys 4, 7 and 9 each hold 30 lines (`<key>\t<period>:<n>\n`), periods falling as a key runs on, as a
  // vintage file's latest period first; frames of about 30 bytes, each headed by its first line's period.
  const periods = Array.from({ length: 30 }, (_, i) => 900 - 10 * i)
  const lines: [bigint, string][] = [4n, 7n, 9n].flatMap((key) =>
    periods.map((period, i): [bigint, string] => [key, `${period}:${key}-${i}`]),
  )
  const head = (payload: string) => BigInt(payload.split(':')[0]!)
  const writer = new KeyedFileWriter(join(root, 'ascending-passing'), { frameBytes: 30, head })
  for (const [key, payload] of lines) writer.add(key, payload)
  writer.close()
  const file = KeyedFile.open(join(root, 'ascending-passing'))
  const headless = written('ascending-headless', lines, 30).file
  const keys = [4n, 7n, 9n]
  for (const bounds of [
    [1000, 1000, 1000],
    [755, 600, 612],
    [611, 500, 899],
    [500, 900, 700],
  ]) {
    const seen = keys.map(() => [] as string[])
    const passes = (place: number, h: bigint) => h > BigInt(bounds[place]!)
    file.eachAscending(keys, (place, payload) => seen[place]!.push(payload) > 0, passes)
    keys.forEach((key, place) => {
      const all = file.get(key)
      const read = seen[place]!
      // The key's own lines, in order, to its end, with every line of a period at or below the bound.
      expect(read).toEqual(all.slice(all.length - read.length))
      const within = all.filter((l) => Number(l.split(':')[0]) <= bounds[place]!)
      expect(read.filter((l) => Number(l.split(':')[0]) <= bounds[place]!)).toEqual(within)
      // The frames before the first such line are passed over: at most a frame's few lines before it.
      expect(read.length).toBeLessThanOrEqual(within.length + 3)
    })
    // Without heads the same call reads every line of every key.
    const whole = keys.map(() => [] as string[])
    headless.eachAscending(keys, (place, payload) => whole[place]!.push(payload) > 0, passes)
    expect(whole).toEqual(keys.map((key) => headless.get(key)))
  }
  file.close()
  headless.close()
})

test("frames copied as stored into another file (a nightly's taken lines): read back as written, a key's run continued across a copy", () => {
  // Key 7's lines run over several frames of the source; 20 is copied after lines added one by one.
  const source: [bigint, string][] = [
    [1n, 'a'],
    ...Array.from({ length: 12 }, (_, i): [bigint, string] => [7n, `seven ${i}`]),
    [20n, 'twenty'],
  ]
  const { file } = written('copy-source', source, 20)
  expect(file.frames).toBeGreaterThan(4)
  const writer = new KeyedFileWriter(join(root, 'copy-target'), { frameBytes: 20, head: (line) => BigInt(line.length) })
  writer.add(0n, 'zero')
  let lines = 1
  for (let f = 0; f < file.frames; f++) {
    const frame = file.frameAt(f)
    const last = frame.next === undefined ? frame.first : frame.nextContinues ? frame.next : frame.next - 1n
    const count = [...linesOf(frame.bytes())].length
    // The frames of key 7 after its first, line by line: a copy and lines of one key side by side.
    if (frame.first === 7n && f % 2 === 0) for (const [key, payload] of linesOf(frame.bytes())) writer.add(key, payload)
    else {
      writer.addFrame({ compressed: frame.compressed(), first: frame.first, last, head: 5n })
      writer.countCopied(count)
    }
    lines += count
  }
  writer.add(21n, 'after')
  expect(writer.close().lines).toBe(lines + 1)
  file.close()
  const copy = KeyedFile.open(join(root, 'copy-target'))
  expect(copy.get(0n)).toEqual(['zero'])
  expect(copy.get(1n)).toEqual(['a'])
  expect(copy.get(7n)).toEqual(Array.from({ length: 12 }, (_, i) => `seven ${i}`))
  expect(copy.get(20n)).toEqual(['twenty'])
  expect(copy.get(21n)).toEqual(['after'])
  // Each frame's run flag: whether its first key is the key the frame before ended with.
  let before: bigint | undefined
  for (let f = 0; f < copy.frames; f++) {
    const frame = copy.frameAt(f)
    if (f > 0) expect(copy.frameAt(f - 1).nextContinues).toBe(frame.first === before)
    for (const [key] of linesOf(frame.bytes())) before = key
  }
  copy.close()
})

test('a frame copied needs its head where the file keeps heads, and must not go back in key order', () => {
  const writer = new KeyedFileWriter(join(root, 'copy-refused'), { head: () => 0n })
  writer.add(5n, 'x')
  const frame = { compressed: Bun.zstdCompressSync(Buffer.from('6\ty\n')), first: 6n, last: 6n }
  expect(() => writer.addFrame({ ...frame, head: undefined })).toThrow('a frame copied without its head')
  expect(() => writer.addFrame({ ...frame, first: 4n, head: 0n })).toThrow('key 4 after 5')
  writer.close()
})

test.each([1, 20, 64, 300, 4096])(
  'eachAscending reads what get reads for any ascending keys, cut where take says (frames of %i bytes)',
  (frameBytes) => {
    // A fixed pseudo-random walk: keys in runs, gaps and repeats, some past 2^53, lines of any length.
    let seed = 3
    const rnd = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
    for (let round = 0; round < 30; round++) {
      const lines: [bigint, string][] = []
      let key = BigInt(Math.floor(rnd() * 5))
      const big = rnd() < 0.5 ? 10n ** 15n : 0n
      for (let i = 0; i < 200; i++) {
        key += BigInt(Math.floor(rnd() * rnd() * 30)) * (rnd() < 0.1 ? 97n : 1n)
        lines.push([key + big, `p${i}-${'x'.repeat(Math.floor(rnd() * 40))}`])
      }
      const { file } = written(`ascending-${frameBytes}-${round}`, lines, frameBytes)
      const past = Number(key) + 20
      for (let q = 0; q < 20; q++) {
        const asked = new Set<bigint>()
        for (let i = Math.floor(rnd() * 60); i > 0; i--) asked.add(BigInt(Math.floor(rnd() * past)) + big)
        if (rnd() < 0.3) asked.add(BigInt(past) * 10n + big)
        const keys = [...asked].sort((a, b) => (a < b ? -1 : 1))
        // Each key's lines cut after a number of them (or never): the rest of them must not be given.
        const cuts = keys.map(() => (rnd() < 0.5 ? Infinity : Math.floor(rnd() * 30)))
        const seen = keys.map(() => [] as string[])
        file.eachAscending(keys, (place, payload) => seen[place]!.push(payload) <= cuts[place]!)
        expect(seen).toEqual(keys.map((k, i) => file.get(k).slice(0, cuts[i]! + 1)))
      }
      expect(() => file.eachAscending([5n, 3n], () => true)).toThrow('key 3 not above the one before')
      expect(() => file.eachAscending([3n, 3n], () => true)).toThrow('key 3 not above the one before')
      file.close()
    }
  },
)
