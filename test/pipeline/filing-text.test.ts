/**
 * Submission text files (src/pipeline/filing-text/): the two real layouts parsed with values read from
 * the real files in ../shared/edgar-samples (skipped when absent), the sample writer's layout read back,
 * the mirror walk, and the download of the filings a daily index lists, over a real HTTP server.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { downloadMirror } from '../../src/pipeline/download/mirror-download.ts'
import {
  downloadFilingTexts,
  filingTextPath,
  filingTextsOfForms,
  findFilingTexts,
  formatSubmissionText,
  foundFilingTexts,
  parseSubmissionText,
  SubmissionTextError,
  submissionTypeOf,
} from '../../src/pipeline/filing-text/index.ts'
import { manifestEntry } from '../../src/pipeline/mirror.ts'
import type { SourceDefinition } from '../../src/pipeline/source.ts'
import { indexes } from '../../src/pipeline/sources/indexes/index.ts'
import { hasSamples, SAMPLES, tempDir } from '../helpers/snapshot.ts'
import { startFakeSecServer } from './fake-sec-server.ts'

const real = (path: string) => readFileSync(join(SAMPLES, 'filings-xml', path), 'latin1')

describe.skipIf(!hasSamples)('real submission text files (../shared/edgar-samples)', () => {
  test('a Form 4 .txt: header, owner and issuer, the ownership XML', () => {
    const s = parseSubmissionText(real('form345/0001127602-25-001055.txt'))
    expect({ ...s, documents: s.documents.length }).toEqual({
      accessionNumber: '0001127602-25-001055',
      form: '4',
      filed: '2025-01-10',
      accepted: '2025-01-10 16:07:30',
      period: '2025-01-10',
      parties: [
        { role: 'reporting-owner', cik: 1806647, name: 'Garascia Jessica A.' },
        { role: 'issuer', cik: 1750, name: 'AAR CORP' },
      ],
      documents: 2,
    })
    const form4 = s.documents[0]!
    expect([form4.type, form4.sequence, form4.filename]).toEqual(['4', 1, 'form4.xml'])
    // The XML part is the file cut out of the submission, as the samples' extracted copy has it.
    expect(form4.xml).toBe(real('form345/extracted/0001127602-25-001055_form4.xml').trim())
  })

  test('a year-2000 Form 4 before XML: parsed, its document has no XML part', () => {
    const s = parseSubmissionText(real('form345/0001094891-00-000193.txt'))
    expect([s.accessionNumber, s.form, s.filed, s.accepted, s.period]).toEqual([
      '0001094891-00-000193',
      '4',
      '2000-03-14',
      null,
      '2000-02-29',
    ])
    expect(s.parties[0]).toEqual({ role: 'subject-company', cik: 911787, name: 'PRODUCTIVITY TECHNOLOGIES CORP /' })
    expect(s.documents.map((d) => [d.type, d.xml])).toEqual([['4', null]])
  })

  test('a 13F-HR .txt: the filer, the cover page and the information table', () => {
    const s = parseSubmissionText(real('13f/0001140361-23-013281.txt'))
    expect([s.form, s.filed, s.accepted, s.period, s.parties]).toEqual([
      '13F-HR',
      '2023-03-23',
      '2023-03-23 11:27:45',
      '2021-12-31',
      [{ role: 'filer', cik: 1099219, name: 'METLIFE INC' }],
    ])
    expect(s.documents.map((d) => [d.type, d.filename])).toEqual([
      ['13F-HR', 'primary_doc.xml'],
      ['INFORMATION TABLE', 'informationtable.xml'],
    ])
    expect(s.documents[1]!.xml).toBe(real('13f/extracted/0001140361-23-013281_informationtable.xml').trim())
  })

  test('the dissemination-feed .nc variant with bare carriage returns', () => {
    const raw = real('13f/0001951757-25-000093.nc')
    expect(raw.includes('\r')).toBe(true)
    const s = parseSubmissionText(raw)
    expect([s.accessionNumber, s.form, s.filed, s.period, s.parties]).toEqual([
      '0001951757-25-000093',
      '13F-HR',
      '2025-01-22',
      '2024-12-31',
      [{ role: 'filer', cik: 1994827, name: 'ACORN CREEK CAPITAL LLC' }],
    ])
    expect(s.documents.map((d) => d.type)).toEqual(['13F-HR', 'INFORMATION TABLE'])
    expect(s.documents[1]!.xml?.match(/<(\w+:)?infoTable>/g)?.length).toBe(77)
    expect(submissionTypeOf(raw.slice(0, 4096))).toBe('13F-HR')
  })
})

describe('the sample writer layout', () => {
  const input = {
    accessionNumber: '0000950170-24-000123',
    form: '4/A',
    filed: '2024-01-04',
    accepted: '2024-01-04 17:02:11',
    period: '2024-01-02',
    parties: [
      { role: 'reporting-owner' as const, cik: 1234567, name: 'Doe Jane' },
      { role: 'reporting-owner' as const, cik: 7654321, name: 'Roe Richard' },
      { role: 'issuer' as const, cik: 320193, name: 'Example Corp' },
    ],
    documents: [{ type: '4/A', filename: 'form4a.xml', xml: '<ownershipDocument>x &amp; y</ownershipDocument>' }],
  }

  test('reads back as written, by the same parser as real files', () => {
    const text = formatSubmissionText(input)
    expect(text.startsWith('<SEC-DOCUMENT>0000950170-24-000123.txt : 20240104\n')).toBe(true)
    expect(submissionTypeOf(text)).toBe('4/A')
    const s = parseSubmissionText(text)
    expect(s).toEqual({
      accessionNumber: input.accessionNumber,
      form: '4/A',
      filed: '2024-01-04',
      accepted: '2024-01-04 17:02:11',
      period: '2024-01-02',
      parties: input.parties,
      documents: [
        {
          type: '4/A',
          sequence: 1,
          filename: 'form4a.xml',
          description: null,
          body: '\n<XML>\n<ownershipDocument>x &amp; y</ownershipDocument>\n</XML>\n',
          xml: '<ownershipDocument>x &amp; y</ownershipDocument>',
        },
      ],
    })
  })

  test('a file that is not a submission is refused', () => {
    expect(() => parseSubmissionText('<html>nope</html>')).toThrow(SubmissionTextError)
    expect(() => parseSubmissionText('<SEC-DOCUMENT>\n<SEC-HEADER>\nACCESSION NUMBER:\tbad\n')).toThrow(
      SubmissionTextError,
    )
  })
})

const FORM4 = (accessionNumber: string, cik: number) =>
  formatSubmissionText({
    accessionNumber,
    form: '4',
    filed: '2024-01-04',
    accepted: '2024-01-04 16:00:00',
    period: '2024-01-03',
    parties: [
      { role: 'reporting-owner', cik: 111, name: 'Owner One' },
      { role: 'issuer', cik, name: 'Issuer Inc' },
    ],
    documents: [{ type: '4', filename: 'f4.xml', xml: '<ownershipDocument/>' }],
  })

const THIRTEEN_F = (accessionNumber: string) =>
  formatSubmissionText({
    accessionNumber,
    form: '13F-HR',
    filed: '2024-01-04',
    accepted: '2024-01-04 16:00:00',
    period: '2023-12-31',
    parties: [{ role: 'filer', cik: 222, name: 'Manager LLC' }],
    documents: [{ type: '13F-HR', filename: 'primary_doc.xml', xml: '<edgarSubmission/>' }],
  })

describe('in the mirror', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  test('every text file is found once, .txt over .nc, and picked by its submission type', () => {
    const mirror = tempDir('filing-texts-')
    dirs.push(mirror)
    const put = (path: string, text: string) => {
      mkdirSync(join(mirror, path, '..'), { recursive: true })
      writeFileSync(join(mirror, path), text)
    }
    put(filingTextPath(320193, '0000000111-24-000001'), FORM4('0000000111-24-000001', 320193))
    put('Archives/edgar/data/320193/0000000111-24-000001.nc', 'ignored: the .txt of the same filing wins')
    put(filingTextPath('0000000222', '0000000222-24-000002'), THIRTEEN_F('0000000222-24-000002'))
    put('Archives/edgar/data/222/notes.txt', 'not a filing name')
    expect(findFilingTexts(mirror).map((f) => [f.cik, f.accessionNumber, f.path.split('.').pop()])).toEqual([
      [320193, '0000000111-24-000001', 'txt'],
      [222, '0000000222-24-000002', 'txt'],
    ])
    const form4 = filingTextsOfForms(mirror, new Set(['4', '4/A']))!
    expect(form4.files.map((f) => f.accessionNumber)).toEqual(['0000000111-24-000001'])
    expect([form4.folder.rel, form4.folder.files]).toEqual(['Archives/edgar/data/', 1])
    // The stage takes the list back from what `find` returned; the manifest lists only the folder's total.
    expect(foundFilingTexts([form4.folder])).toEqual(form4.files)
    expect(foundFilingTexts(undefined)).toEqual([])
    expect(Object.keys(manifestEntry(form4.folder)).sort()).toEqual(['bytes', 'files', 'modified', 'path'])
    expect(filingTextsOfForms(mirror, new Set(['5']))).toBeUndefined()
  })

  test('the download fetches the listed filings of its forms after `since`, each once', async () => {
    const server = startFakeSecServer()
    const cache = tempDir('filing-texts-cache-')
    dirs.push(cache)
    try {
      const day = (date: string, lines: string[]) =>
        `Description:           Daily Index of EDGAR Dissemination Feed by Company Name
Last Data Received:    ${date}
Comments:              webmaster@sec.gov
Anonymous FTP:         ftp://ftp.sec.gov/edgar/

CIK|Company Name|Form Type|Date Filed|File Name
--------------------------------------------------------------------------------
${lines.join('\n')}
`
      server.put(
        '/Archives/edgar/daily-index/2024/QTR1/index.json',
        JSON.stringify({
          directory: { item: ['master.20240102.idx', 'master.20240104.idx'].map((name) => ({ name, type: 'file' })) },
        }),
      )
      server.put(
        '/Archives/edgar/daily-index/2024/QTR1/master.20240102.idx',
        day('20240102', ['320193|Issuer Inc|4|20240102|edgar/data/320193/0000000111-24-000009.txt']),
      )
      server.put(
        '/Archives/edgar/daily-index/2024/QTR1/master.20240104.idx',
        day('20240104', [
          '111|Owner One|4|20240104|edgar/data/111/0000000111-24-000001.txt',
          '320193|Issuer Inc|4|20240104|edgar/data/320193/0000000111-24-000001.txt',
          '222|Manager LLC|13F-HR|20240104|edgar/data/222/0000000222-24-000002.txt',
          '320193|Issuer Inc|8-K|20240104|edgar/data/320193/0000320193-24-000003.txt',
        ]),
      )
      server.put('/Archives/edgar/data/111/0000000111-24-000001.txt', FORM4('0000000111-24-000001', 320193))
      const form4s: SourceDefinition = {
        name: 'test-form4',
        reads: 'Form 4 text files',
        find: () => undefined,
        download: {
          flags: [],
          fetch: async (ctx) => void (await downloadFilingTexts(ctx, { forms: new Set(['4']), since: '2024-01-03' })),
        },
        stage: [],
        tables: [],
      }
      const run = () =>
        downloadMirror({
          cacheDir: cache,
          userAgent: 'secds tests test@example.com',
          baseUrl: server.baseUrl,
          now: new Date('2024-01-05T12:00:00Z'),
          flags: { 'index-quarters': 0 },
          sources: [indexes, form4s],
          log: () => {},
        })
      await run()
      const fetched = server.requests.filter((r) => r.path.startsWith('/Archives/edgar/data/')).map((r) => r.path)
      // The 2 January filing is before `since`, the 13F and the 8-K are other forms; the Form 4 listed
      // under its owner and its issuer is one filing, fetched once from the first CIK that lists it.
      expect(fetched).toEqual(['/Archives/edgar/data/111/0000000111-24-000001.txt'])
      expect(
        parseSubmissionText(readFileSync(join(cache, filingTextPath(111, '0000000111-24-000001')), 'utf8')).form,
      ).toBe('4')
      await run()
      expect(server.requests.filter((r) => r.path.startsWith('/Archives/edgar/data/')).length).toBe(1)
    } finally {
      server.stop()
    }
  })
})
