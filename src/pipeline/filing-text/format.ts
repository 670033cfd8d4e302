/**
 * A submission text file in EDGAR's `.txt` layout, for the sample generator: the header lines and
 * documents a real one has, in its order and with its tab alignment, so the build reads generated files
 * by the same code path as downloaded ones.
 */
import { compactStamp } from './dates.ts'
import type { PartyRole } from './types.ts'

export type SubmissionTextInput = {
  accessionNumber: string
  form: string
  /** YYYY-MM-DD */
  filed: string
  /** YYYY-MM-DD HH:MM:SS */
  accepted: string
  /** YYYY-MM-DD */
  period: string | null
  parties: { role: PartyRole; cik: number; name: string }[]
  documents: { type: string; filename: string; description?: string; xml: string }[]
}

const SECTION: Record<PartyRole, [string, string]> = {
  filer: ['FILER', 'COMPANY DATA'],
  'reporting-owner': ['REPORTING-OWNER', 'OWNER DATA'],
  issuer: ['ISSUER', 'COMPANY DATA'],
  'subject-company': ['SUBJECT COMPANY', 'COMPANY DATA'],
  'filed-by': ['FILED BY', 'COMPANY DATA'],
}

export function formatSubmissionText(s: SubmissionTextInput): string {
  const day = compactStamp(s.filed)
  const lines = [
    `<SEC-DOCUMENT>${s.accessionNumber}.txt : ${day}`,
    `<SEC-HEADER>${s.accessionNumber}.hdr.sgml : ${day}`,
    `<ACCEPTANCE-DATETIME>${compactStamp(s.accepted)}`,
    `ACCESSION NUMBER:\t\t${s.accessionNumber}`,
    `CONFORMED SUBMISSION TYPE:\t${s.form}`,
    `PUBLIC DOCUMENT COUNT:\t\t${s.documents.length}`,
    ...(s.period ? [`CONFORMED PERIOD OF REPORT:\t${compactStamp(s.period)}`] : []),
    `FILED AS OF DATE:\t\t${day}`,
    `DATE AS OF CHANGE:\t\t${day}`,
  ]
  for (const p of s.parties) {
    const [section, data] = SECTION[p.role]
    lines.push('', `${section}:`, '', `\t${data}:`)
    lines.push(`\t\tCOMPANY CONFORMED NAME:\t\t\t${p.name}`)
    lines.push(`\t\tCENTRAL INDEX KEY:\t\t\t${String(p.cik).padStart(10, '0')}`)
    lines.push('', '\tFILING VALUES:', `\t\tFORM TYPE:\t\t${s.form}`, '\t\tSEC ACT:\t\t1934 Act')
  }
  lines.push('</SEC-HEADER>')
  s.documents.forEach((d, i) => {
    lines.push('<DOCUMENT>', `<TYPE>${d.type}`, `<SEQUENCE>${i + 1}`, `<FILENAME>${d.filename}`)
    if (d.description) lines.push(`<DESCRIPTION>${d.description}`)
    lines.push('<TEXT>', '<XML>', d.xml.trim(), '</XML>', '</TEXT>', '</DOCUMENT>')
  })
  lines.push('</SEC-DOCUMENT>', '')
  return lines.join('\n')
}
