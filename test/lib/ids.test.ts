import { describe, expect, test } from 'bun:test'
import {
  ACCESSION_PATTERN,
  CIK_PATTERN,
  formatCik,
  IDENTIFIER_PATTERN,
  isCik,
  isCikLike,
  normalizeAccession,
  normalizeTicker,
  parseCik,
  TICKER_PATTERN,
} from '../../src/lib/ids.ts'

describe('CIK', () => {
  test.each([
    ['320193', 320193],
    ['0000320193', 320193],
    ['1', 1],
    ['0000000001', 1],
    ['9999999999', 9999999999],
  ])('parseCik(%p) → %p', (text, cik) => {
    expect(parseCik(text)).toBe(cik)
  })

  test.each([
    [320193, '0000320193'],
    ['320193', '0000320193'],
    [1, '0000000001'],
    [9999999999, '9999999999'],
    ['0000320193', '0000320193'],
  ])('formatCik(%p) → %p', (cik, text) => {
    expect(formatCik(cik)).toBe(text)
  })

  test('formatCik(parseCik(x)) pads any accepted form to 10 digits', () => {
    for (const x of ['7', '07', '0000000007']) expect(formatCik(parseCik(x))).toBe('0000000007')
  })

  test('the pattern takes 1 to 10 digits and nothing else', () => {
    const re = new RegExp(CIK_PATTERN)
    for (const ok of ['1', '320193', '0000320193']) expect(re.test(ok)).toBe(true)
    for (const bad of ['', '12345678901', '-1', '1.5', 'abc', ' 1', '1 ']) expect(re.test(bad)).toBe(false)
  })
})

describe('accession numbers', () => {
  test('with dashes stay as they are', () => {
    expect(normalizeAccession('0000320193-24-000123')).toBe('0000320193-24-000123')
  })

  test('without dashes get them', () => {
    expect(normalizeAccession('000032019324000123')).toBe('0000320193-24-000123')
  })

  test('the pattern takes both forms only', () => {
    const re = new RegExp(ACCESSION_PATTERN)
    for (const ok of ['0000320193-24-000123', '000032019324000123']) expect(re.test(ok)).toBe(true)
    for (const bad of [
      '0000320193-24-00012',
      '00003201932400012',
      '0000320193_24_000123',
      '0000320193-2-4000123',
      '000032019324000123x',
      '',
    ]) {
      expect(re.test(bad)).toBe(false)
    }
  })
})

describe('tickers', () => {
  test.each([
    ['aapl', 'AAPL'],
    ['AAPL', 'AAPL'],
    [' brk-b ', 'BRK-B'],
    ['bf.b', 'BF.B'],
  ])('normalizeTicker(%p) → %p', (input, output) => {
    expect(normalizeTicker(input)).toBe(output)
  })

  test('the pattern takes letters, digits, dots and dashes, starting with a letter or digit, up to 10', () => {
    const re = new RegExp(TICKER_PATTERN)
    for (const ok of ['A', 'AAPL', 'BRK-B', 'BF.B', '1ABC', 'ABCDEFGHIJ']) expect(re.test(ok)).toBe(true)
    for (const bad of ['', '-A', '.A', 'A B', 'A!', 'ABCDEFGHIJK', "A'"]) expect(re.test(bad)).toBe(false)
  })
})

describe('isCikLike', () => {
  test.each([
    ['320193', true],
    ['0000320193', true],
    ['AAPL', false],
    ['BRK-B', false],
    ['1A', false],
    ['', false],
  ])('%p → %p', (identifier, expected) => {
    expect(isCikLike(identifier)).toBe(expected)
  })
})

describe('isCik', () => {
  test.each([
    ['1', true],
    ['320193', true],
    ['0000320193', true],
    ['9999999999', true],
    ['12345678901', false],
    ['00000320193', false],
    ['9'.repeat(30), false],
    ['', false],
    ['AAPL', false],
  ])('%p → %p', (text, expected) => {
    expect(isCik(text)).toBe(expected)
  })
})

describe('path identifiers', () => {
  test('the pattern takes 1 to 64 letters, digits, dots and dashes: any CIK or ticker shape, known or not', () => {
    const re = new RegExp(IDENTIFIER_PATTERN)
    for (const ok of [
      '1',
      '320193',
      '99999999999999',
      'AAPL',
      'brk-b',
      'BF.B',
      'NOSUCHTICKER',
      'NOSUCHTICKERATALL12345',
      '-1',
      '1e3',
      'A'.repeat(64),
      '9'.repeat(64),
    ]) {
      expect({ ok, matches: re.test(ok) }).toEqual({ ok, matches: true })
    }
    for (const bad of ['', 'A B', 'A!', "A'", 'A;B', 'A/B', 'A%2F', 'É', 'A\u0000', ' A', 'A'.repeat(65)]) {
      expect({ bad, matches: re.test(bad) }).toEqual({ bad, matches: false })
    }
  })
})
