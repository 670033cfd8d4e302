import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeFormType, FORM_CATEGORIES, FORM_TYPES } from '../../src/reference/form-types.ts'
import { SECTORS, type Sector, SIC_SECTOR_RANGES, sectorForSic } from '../../src/reference/sectors.ts'
import { SIC_CODES, type SicCode } from '../../src/reference/sic-codes.ts'

// Real EDGAR reference files, used only to check our hand-written tables; absent on some machines.
const REFERENCE = join(import.meta.dir, '../../../shared/edgar-samples/reference')
const FORMS_2020Q1 = join(REFERENCE, '2020QTR1_unique_forms.txt')
const SEC_SIC_LIST = join(REFERENCE, 'sic_codes.csv')

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')

const isSortedBy = <T>(items: readonly T[], key: (item: T) => string | number) =>
  items.every((item, i) => i === 0 || key(items[i - 1] as T) < key(item))

describe('describeFormType', () => {
  test('describes base forms exactly', () => {
    expect(describeFormType('10-K')).toEqual({
      category: 'Annual Reports',
      description: 'Annual report pursuant to Section 13 or 15(d)',
    })
    expect(describeFormType('4')).toEqual({
      category: 'Insider Transactions',
      description: 'Statement of changes in beneficial ownership of securities by an insider',
    })
    expect(describeFormType('ATS-N/MA')).toEqual({
      category: 'Market Intermediaries',
      description: 'Material amendment to a Form ATS-N',
    })
  })

  test('derives amendments from the base form', () => {
    expect(describeFormType('10-K/A')).toEqual({
      category: 'Annual Reports',
      description: 'Amendment to annual report pursuant to Section 13 or 15(d)',
    })
    expect(describeFormType('SC 13G/A')).toEqual({
      category: 'Beneficial Ownership',
      description:
        'Amendment to beneficial ownership report by a passive or exempt holder of more than 5% of a class of equity',
    })
  })

  test('never invents a description for an unknown form', () => {
    expect(describeFormType('ZZZ-9')).toEqual({ category: 'Other', description: null })
    expect(describeFormType('ZZZ-9/A')).toEqual({ category: 'Other', description: null })
    expect(describeFormType('')).toEqual({ category: 'Other', description: null })
  })

  test('tolerates surrounding whitespace but not a different case', () => {
    expect(describeFormType('  8-K/A \n').category).toBe('Current Reports')
    expect(describeFormType('def 14a')).toEqual({ category: 'Other', description: null })
  })
})

describe('FORM_TYPES', () => {
  test('lists each base form once, sorted, with a known category', () => {
    expect(isSortedBy(FORM_TYPES, (t) => t.form)).toBe(true)
    expect(FORM_TYPES.filter((t) => t.form.endsWith('/A'))).toEqual([])
    const categories = new Set<string>(FORM_CATEGORIES)
    expect(FORM_TYPES.filter((t) => !categories.has(t.category))).toEqual([])
    expect(new Set(FORM_CATEGORIES).size).toBe(FORM_CATEGORIES.length)
  })

  test('covers the common modern forms', () => {
    const common = ['10-K', '10-Q', '8-K', '20-F', '40-F', '6-K', 'S-1', 'S-3', 'S-4', 'S-8', 'F-1', 'DEF 14A']
    common.push('DEFA14A', 'PRE 14A', 'SC 13D', 'SC 13G', 'SCHEDULE 13D', 'SCHEDULE 13G', '3', '4', '5')
    common.push('13F-HR', '13F-NT', 'N-PORT', 'NPORT-P', 'N-CSR', 'N-CEN', 'D', '144', 'CORRESP', 'UPLOAD')
    common.push('EFFECT', '11-K', 'ARS', '10-KT', '10-QT', '1-A', '1-K', 'C', '424B1', '424B5', '424B8')
    expect(common.filter((form) => describeFormType(form).description === null)).toEqual([])
  })

  test('descriptions still read well after "Amendment to "', () => {
    // Lower-casing the first letter of an acronym ("SEC ...") would garble it.
    expect(FORM_TYPES.filter((t) => /^[A-Z][A-Z0-9]/.test(t.description)).map((t) => t.form)).toEqual([])
  })

  test.skipIf(!existsSync(FORMS_2020Q1))('covers every base form filed in 2020 Q1', () => {
    const bases = new Set(lines(FORMS_2020Q1).map((form) => form.trim().replace(/\/A$/, '')))
    expect([...bases].filter((form) => describeFormType(form).description === null)).toEqual([])
  })
})

describe('SIC_CODES', () => {
  test('unique codes, sorted, with titles and offices', () => {
    expect(isSortedBy(SIC_CODES, (s) => s.code)).toBe(true)
    expect(SIC_CODES.filter((s) => !s.title || !s.office || !Number.isInteger(s.code))).toEqual([])
    expect(SIC_CODES.find((s) => s.code === 7372)?.title).toBe('SERVICES-PREPACKAGED SOFTWARE')
  })

  test.skipIf(!existsSync(SEC_SIC_LIST))("matches the SEC's published list code for code", () => {
    const [, ...rows] = lines(SEC_SIC_LIST)
    const published = rows.map((row): SicCode => {
      // code,office,title with the title quoted when it contains commas; no field has an escaped quote.
      const match = /^(\d+),([^,]*),(?:"(.*)"|(.*))$/.exec(row)
      if (!match) throw new Error(`unparsed SIC row: ${row}`)
      return { code: Number(match[1]), office: match[2] ?? '', title: match[3] ?? match[4] ?? '' }
    })
    expect(SIC_CODES).toEqual(published)
  })
})

describe('sectorForSic', () => {
  test('maps representative codes', () => {
    const expected: [number, Sector][] = [
      [3571, 'Technology'],
      [3674, 'Technology'],
      [7372, 'Technology'],
      [2834, 'Healthcare'],
      [8000, 'Healthcare'],
      [8062, 'Healthcare'],
      [8099, 'Healthcare'],
      [6021, 'Financial Services'],
      [6798, 'Real Estate'],
      [1311, 'Energy'],
      [4911, 'Utilities'],
      [4813, 'Communication Services'],
      [5331, 'Consumer Defensive'],
      [5961, 'Consumer Cyclical'],
      [3711, 'Consumer Cyclical'],
      [3721, 'Industrials'],
      [1040, 'Basic Materials'],
      [6770, 'Other'],
      [8880, 'Other'],
      [9995, 'Other'],
    ]
    expect(expected.map(([code]) => [code, sectorForSic(code)])).toEqual(expected)
  })

  test('null without a code, Other outside every range', () => {
    expect(sectorForSic(null)).toBeNull()
    expect(sectorForSic(undefined)).toBeNull()
    expect(sectorForSic(0)).toBe('Other')
    expect(sectorForSic(99999)).toBe('Other')
  })

  test('every SIC code falls in a range, and only non-businesses in Other', () => {
    const uncovered = SIC_CODES.filter((s) => !SIC_SECTOR_RANGES.some((r) => s.code >= r.from && s.code <= r.to))
    expect(uncovered).toEqual([])
    const other = SIC_CODES.filter((s) => sectorForSic(s.code) === 'Other').map((s) => s.code)
    expect(other).toEqual([6770, 8880, 8888, 9721, 9995])
  })

  test('ranges are well formed and use known sectors', () => {
    const sectors = new Set<string>(SECTORS)
    expect(SIC_SECTOR_RANGES.filter((r) => r.from > r.to || !sectors.has(r.sector))).toEqual([])
  })
})
