/**
 * The two header layouts of a submission. The `.txt` header is `KEY:<tabs>value` lines, with party
 * sections (`REPORTING-OWNER:`, `ISSUER:`, `FILER:` …) whose indented sub-sections hold the name and CIK.
 * The `.nc` header is `<TAG>value` lines with `<FILER>…</FILER>`-style party blocks. Unknown keys are
 * skipped: EDGAR has added header fields over the years and older files lack some.
 */
import { headerDate, headerDateTime } from './dates.ts'
import type { Party, PartyRole, SubmissionText } from './types.ts'

export type Header = Omit<SubmissionText, 'documents'>

const TXT_ROLES: Record<string, PartyRole> = {
  FILER: 'filer',
  'REPORTING-OWNER': 'reporting-owner',
  ISSUER: 'issuer',
  'SUBJECT COMPANY': 'subject-company',
  'FILED BY': 'filed-by',
}

const NC_ROLES: Record<string, PartyRole> = {
  FILER: 'filer',
  'REPORTING-OWNER': 'reporting-owner',
  ISSUER: 'issuer',
  'SUBJECT-COMPANY': 'subject-company',
  'FILED-BY': 'filed-by',
}

const cikOf = (v: string) => (/^\d{1,10}$/.test(v) ? Number(v) : null)

export function readTxtHeader(header: string): Header {
  const top: Record<string, string> = {}
  const parties: Party[] = []
  let party: Party | null = null
  let accepted: string | undefined
  for (const line of header.split('\n')) {
    const stamp = /^<ACCEPTANCE-DATETIME>(\d{14})/.exec(line)
    if (stamp) accepted = stamp[1]
    const m = /^(\s*)([A-Z][A-Z0-9 -]*?):\s*(.*?)\s*$/.exec(line)
    if (!m) continue
    const [, indent, key, value] = m as unknown as [string, string, string, string]
    if (!indent) {
      const role = value === '' ? TXT_ROLES[key] : undefined
      if (role) {
        party = { role, cik: null, name: null }
        parties.push(party)
      } else if (value !== '') {
        party = null
        top[key] ??= value
      }
    } else if (party) {
      if (key === 'COMPANY CONFORMED NAME') party.name ??= value || null
      else if (key === 'CENTRAL INDEX KEY') party.cik ??= cikOf(value)
    }
  }
  return {
    accessionNumber: top['ACCESSION NUMBER'] ?? '',
    form: top['CONFORMED SUBMISSION TYPE'] ?? '',
    filed: headerDate(top['FILED AS OF DATE']),
    accepted: headerDateTime(accepted),
    period: headerDate(top['CONFORMED PERIOD OF REPORT']),
    parties,
  }
}

export function readNcHeader(header: string): Header {
  const top: Record<string, string> = {}
  const parties: Party[] = []
  let party: Party | null = null
  for (const line of header.split('\n')) {
    const m = /^<(\/?)([A-Z][A-Z0-9-]*)>\s*(.*?)\s*$/.exec(line)
    if (!m) continue
    const [, closing, tag, value] = m as unknown as [string, string, string, string]
    const role = NC_ROLES[tag]
    if (role) {
      if (closing) party = null
      else {
        party = { role, cik: null, name: null }
        parties.push(party)
      }
    } else if (party) {
      if (tag === 'CONFORMED-NAME') party.name ??= value || null
      else if (tag === 'CIK') party.cik ??= cikOf(value)
    } else if (!closing && value !== '') top[tag] ??= value
  }
  return {
    accessionNumber: top['ACCESSION-NUMBER'] ?? '',
    form: top.TYPE ?? '',
    filed: headerDate(top['FILING-DATE']),
    accepted: headerDateTime(top['ACCEPTANCE-DATETIME']),
    period: headerDate(top.PERIOD),
    parties,
  }
}
