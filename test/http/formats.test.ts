/** The `date` format (src/http/formats.ts): real calendar days as YYYY-MM-DD, nothing else. */
import { expect, test } from 'bun:test'
import { isCalendarDate } from '../../src/http/formats.ts'

test('real calendar days pass, leap days only in leap years', () => {
  for (const day of [
    '1993-01-01',
    '2024-01-31',
    '2024-02-29',
    '2000-02-29',
    '2023-04-30',
    '2023-12-31',
    '9999-12-31',
    '0100-03-01',
  ])
    expect([day, isCalendarDate(day)]).toEqual([day, true])
  for (const day of [
    '2023-02-29',
    '1900-02-29',
    '2100-02-29',
    '2024-02-30',
    '2023-04-31',
    '2023-13-01',
    '2023-00-10',
    '2023-01-00',
    '2023-01-32',
    '0099-12-31',
    '0000-01-01',
  ])
    expect([day, isCalendarDate(day)]).toEqual([day, false])
})

test('other shapes fail', () => {
  for (const text of [
    '',
    '2023-1-01',
    '2023-01-1',
    '20230101',
    '2023/01/01',
    ' 2023-01-01',
    '2023-01-01 ',
    '2023-01-01T00:00:00Z',
    '２０２３-01-01',
    '+2023-01-01',
    '2023-01-0a',
  ])
    expect([text, isCalendarDate(text)]).toEqual([text, false])
})
