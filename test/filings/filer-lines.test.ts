/**
 * A filer's line in its lookup file is tested by its first characters (src/pipeline/sources/submissions/contract/lookup-lines.ts): that
 * holds only for the JSON DuckDB writes, so the lines here are DuckDB's, made by the build's own SQL.
 */
import { expect, test } from 'bun:test'
import {
  FILER_FILINGS,
  FORM_POSITIONS,
  filerLineDate,
  filerLineForm,
  positionCik,
  positionOrder,
} from '../../src/pipeline/sources/submissions/contract/lookup-lines.ts'
import { memoryConnection } from '../helpers/memory-duck.ts'

const conn = memoryConnection()

test('the date and form type are read from a line as DuckDB writes it, and the whole line parses to the row', async () => {
  const lines = (
    await conn().runAndReadAll(`
    SELECT ${FILER_FILINGS.lineSql} AS line FROM (VALUES
      (DATE '2024-01-02', '10-K/A', '0000320193-24-000123', 'Annual Reports', 'AAPL', TIMESTAMP '2024-01-02 16:05:01', 'Apple Inc.'),
      (DATE '1999-12-31', 'SC 13D', '0000000000-00-000001', 'Ownership', NULL, NULL, 'A "quoted" name'),
      (DATE '2010-06-30', 'ODD"FORM', '0000000000-00-000002', 'Other', NULL, NULL, 'x')
    ) AS t(filing_date, form_type, accession_number, form_category, ticker, accepted_at, entity_name)`)
  )
    .getRowObjectsJson()
    .map((r) => r.line as string)
  expect(lines.map(filerLineDate)).toEqual(['2024-01-02', '1999-12-31', '2010-06-30'])
  // An escaped character: no guess, the line is to be parsed.
  expect(lines.map(filerLineForm)).toEqual(['10-K/A', 'SC 13D', undefined])
  expect(FILER_FILINGS.decode(lines[0]!)).toEqual({
    acc: '32019324000123',
    form_type: '10-K/A',
    form_category: 'Annual Reports',
    ticker: 'AAPL',
    filing_date: '2024-01-02',
    accepted_at: '2024-01-02 16:05:01',
    entity_name: 'Apple Inc.',
  })
  expect(FILER_FILINGS.decode(lines[2]!).form_type).toBe('ODD"FORM')
})

test("a form-ordered line's date and accession number order lines as text, newest first", async () => {
  const lines = (
    await conn().runAndReadAll(`
    SELECT ${FORM_POSITIONS.lineSql} AS line FROM (VALUES
      (DATE '2024-01-02', 320193240000123, 320193, '10-K', 'Annual Reports', 'AAPL', TIMESTAMP '2024-01-02 16:05:01', 'Apple Inc.'),
      (DATE '2024-01-02', 99240000001, 5, '10-K', 'Annual Reports', NULL, NULL, 'Small'),
      (DATE '2023-12-29', 999999999999999999, 7, '10-K', 'Annual Reports', NULL, NULL, 'Older')
    ) AS t(filing_date, acc_key, cik, form_type, form_category, ticker, accepted_at, entity_name)`)
  )
    .getRowObjectsJson()
    .map((r) => r.line as string)
  expect(lines.map(positionOrder)).toEqual([
    '2024-01-02","000320193240000123',
    '2024-01-02","000000099240000001',
    '2023-12-29","999999999999999999',
  ])
  expect(lines.map(positionCik)).toEqual([320193, 5, 7])
  // Descending text order is the list's order: the newer date first, then the greater accession number.
  expect([...lines].sort((a, b) => (positionOrder(a) < positionOrder(b) ? 1 : -1))).toEqual(lines)
  expect(FORM_POSITIONS.decode(lines[0]!)).toEqual({
    acc: '000320193240000123',
    cik: 320193,
    form_type: '10-K',
    form_category: 'Annual Reports',
    ticker: 'AAPL',
    filing_date: '2024-01-02',
    accepted_at: '2024-01-02 16:05:01',
    entity_name: 'Apple Inc.',
  })
})
