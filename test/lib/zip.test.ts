import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import { ZipError, ZipReader, ZipWriter } from '../../src/lib/zip.ts'
import { tempDir } from '../helpers/snapshot.ts'

const dir = tempDir('zip')
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const SAMPLES = join(import.meta.dir, '../../../shared/edgar-samples')

describe('ZipWriter and ZipReader', () => {
  test('round-trip compressed, stored and unicode entries with their dates', () => {
    const path = join(dir, 'a.zip')
    const w = new ZipWriter(path)
    const when = new Date(Date.UTC(2024, 10, 22, 13, 45, 10))
    w.add('CIK0000000001.json', JSON.stringify({ cik: '0000000001', name: 'x'.repeat(500) }), when)
    w.add('tiny.txt', 'a', when)
    w.add('dir/ünïcødé.txt', 'héllo wörld', when)
    w.close()
    const r = ZipReader.open(path)
    expect(r.entries.map((e) => [e.name, e.method, e.modified.toISOString()])).toEqual([
      ['CIK0000000001.json', 8, '2024-11-22T13:45:10.000Z'],
      ['tiny.txt', 0, '2024-11-22T13:45:10.000Z'],
      ['dir/ünïcødé.txt', 0, '2024-11-22T13:45:10.000Z'],
    ])
    expect([...r.iterate()].map(([e, d]) => [e.name, d.toString()])).toEqual([
      ['CIK0000000001.json', JSON.stringify({ cik: '0000000001', name: 'x'.repeat(500) })],
      ['tiny.txt', 'a'],
      ['dir/ünïcødé.txt', 'héllo wörld'],
    ])
    r.close()
  })

  test('an entry deflated elsewhere (addDeflated) reads back like one added whole, CRC-checked', () => {
    const path = join(dir, 'deflated.zip')
    const text = Array.from({ length: 20_000 }, (_, i) => `row ${i}\tvalue ${i * 7}`).join('\n')
    const data = Buffer.from(text)
    const deflated = join(dir, 'table.deflate')
    writeFileSync(deflated, deflateRawSync(data, { level: 1 }))
    const w = new ZipWriter(path)
    w.add('before.txt', 'first')
    w.addDeflated('TABLE.tsv', deflated, { crc: crc32(data), size: data.length })
    w.add('after.txt', 'last')
    w.close()
    const r = ZipReader.open(path)
    expect([...r.iterate()].map(([e, d]) => [e.name, e.size, d.toString()])).toEqual([
      ['before.txt', 5, 'first'],
      ['TABLE.tsv', data.length, text],
      ['after.txt', 4, 'last'],
    ])
    r.close()
    // A wrong CRC is caught on reading.
    const bad = join(dir, 'bad.zip')
    const w2 = new ZipWriter(bad)
    w2.addDeflated('TABLE.tsv', deflated, { crc: crc32(data) ^ 1, size: data.length })
    w2.close()
    const r2 = ZipReader.open(bad)
    expect(() => r2.read(r2.entries[0]!)).toThrow(ZipError)
    r2.close()
  })

  test('more than 65,535 entries use ZIP64 end records', () => {
    const path = join(dir, 'many.zip')
    const w = new ZipWriter(path, 1)
    for (let i = 0; i < 70_000; i++) w.add(`f${i}.txt`, String(i))
    w.close()
    const r = ZipReader.open(path)
    expect(r.entries.length).toBe(70_000)
    const last = r.entries[69_999]!
    expect([last.name, r.read(last).toString()]).toEqual(['f69999.txt', '69999'])
    r.close()
  })

  test('a truncated archive is reported, not misread', () => {
    const path = join(dir, 'cut.zip')
    const w = new ZipWriter(path)
    w.add('a.txt', 'hello '.repeat(1000))
    w.close()
    const bytes = require('node:fs').readFileSync(path)
    require('node:fs').writeFileSync(path, bytes.subarray(0, bytes.length - 30))
    expect(() => ZipReader.open(path)).toThrow(ZipError)
  })

  test.skipIf(!existsSync(join(SAMPLES, 'fsds/2009q3.zip')))('reads a real SEC data-set ZIP', () => {
    const r = ZipReader.open(join(SAMPLES, 'fsds/2009q3.zip'))
    const names = r.entries.map((e) => e.name).sort()
    expect(names).toEqual(['num.txt', 'pre.txt', 'readme.htm', 'sub.txt', 'tag.txt'])
    const sub = r.read(r.entries.find((e) => e.name === 'sub.txt')!).toString()
    expect(sub.split('\n')[0]!.split('\t').slice(0, 4)).toEqual(['adsh', 'cik', 'name', 'sic'])
    r.close()
  })
})
