/**
 * A 13F filing's own XML (the cover page `edgarSubmission` and the `informationTable`) as rows of the data
 * sets' tables (columns.ts), so the filings fetched since the newest data set fill the very tables a data
 * set fills. Namespace prefixes vary between filers (`ns1:infoTable`, `infoTable`, `n1:`), so they are
 * dropped; values stay text (a CUSIP such as `037833100` is not a number). The XML's dates (`MM-DD-YYYY`)
 * are written as the data sets write them (`DD-MON-YYYY`).
 */
import { XMLParser } from 'fast-xml-parser'
import { type DataSetRow, dataSetDate, type ReadTable } from './columns.ts'

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'infoTable' || name === 'otherManager' || name === 'otherManager2',
})

type Node = Record<string, unknown>
const node = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {})
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v ? [node(v)] : [])
const str = (v: unknown): string | null => {
  if (v === undefined || v === null || typeof v === 'object') return null
  const s = String(v).trim()
  return s === '' ? null : s
}

/** `MM-DD-YYYY` (or ISO) → `DD-MON-YYYY`; null when it is neither. */
export function xmlDate(v: unknown): string | null {
  const s = str(v)
  if (!s) return null
  const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(s)
  if (us) return dataSetDate(`${us[3]}-${us[1]}-${us[2]}`)
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? dataSetDate(s) : null
}

const yesNo = (v: unknown): string | null => {
  const s = str(v)?.toLowerCase()
  return s === undefined ? null : s === 'true' || s === 'y' || s === 'yes' ? 'Y' : 'N'
}

/** What the submission's header says (the full submission file's `<SEC-HEADER>`, or the `.nc` tags). */
export type FilingHeader = {
  accessionNumber: string
  form: string
  /** `YYYY-MM-DD`. */
  filed: string
  cik: number
  /** `YYYY-MM-DD`, or null when the header has none. */
  period: string | null
}

export type FilingRows = Record<ReadTable, DataSetRow[]>

/**
 * The data-set rows of one filing from its header and its two XML documents (`coverXml` is the
 * `edgarSubmission`, `tableXml` the `informationTable`, absent for a notice). Returns null when the cover
 * page is not a 13F `edgarSubmission`.
 */
export function filingRows(header: FilingHeader, coverXml: string, tableXml: string | null): FilingRows | null {
  const root = node(parser.parse(coverXml)).edgarSubmission
  if (!root) return null
  const acc = header.accessionNumber
  const head = node(node(root).headerData)
  const filerInfo = node(head.filerInfo)
  const form = node(node(root).formData)
  const cover = node(form.coverPage)
  const amendment = node(cover.amendmentInfo)
  const manager = node(cover.filingManager)
  const address = node(manager.address)
  const summary = node(form.summaryPage)
  const period = xmlDate(filerInfo.periodOfReport) ?? (header.period ? dataSetDate(header.period) : null)

  const managerRow = (m: Node) => ({
    CIK: str(m.cik),
    FORM13FFILENUMBER: str(m.form13FFileNumber),
    CRDNUMBER: str(m.crdNumber),
    SECFILENUMBER: str(m.secFileNumber),
    NAME: str(m.name),
  })
  return {
    SUBMISSION: [
      {
        ACCESSION_NUMBER: acc,
        FILING_DATE: dataSetDate(header.filed),
        SUBMISSIONTYPE: str(head.submissionType) ?? header.form,
        CIK: String(header.cik).padStart(10, '0'),
        PERIODOFREPORT: period,
      },
    ],
    COVERPAGE: [
      {
        ACCESSION_NUMBER: acc,
        REPORTCALENDARORQUARTER: xmlDate(cover.reportCalendarOrQuarter) ?? period,
        ISAMENDMENT: yesNo(cover.isAmendment),
        AMENDMENTNO: str(cover.amendmentNo),
        AMENDMENTTYPE: str(amendment.amendmentType),
        CONFDENIEDEXPIRED: yesNo(amendment.confDeniedExpired),
        DATEDENIEDEXPIRED: xmlDate(amendment.dateDeniedExpired),
        DATEREPORTED: xmlDate(amendment.dateReported),
        REASONFORNONCONFIDENTIALITY: str(amendment.reasonForNonConfidentiality),
        FILINGMANAGER_NAME: str(manager.name),
        FILINGMANAGER_STREET1: str(address.street1),
        FILINGMANAGER_STREET2: str(address.street2),
        FILINGMANAGER_CITY: str(address.city),
        FILINGMANAGER_STATEORCOUNTRY: str(address.stateOrCountry),
        FILINGMANAGER_ZIPCODE: str(address.zipCode),
        REPORTTYPE: str(cover.reportType),
        FORM13FFILENUMBER: str(cover.form13FFileNumber),
        CRDNUMBER: str(cover.crdNumber),
        SECFILENUMBER: str(cover.secFileNumber),
        PROVIDEINFOFORINSTRUCTION5: yesNo(cover.provideInfoForInstruction5),
        ADDITIONALINFORMATION: str(cover.additionalInformation),
      },
    ],
    SUMMARYPAGE: Object.keys(summary).length
      ? [
          {
            ACCESSION_NUMBER: acc,
            OTHERINCLUDEDMANAGERSCOUNT: str(summary.otherIncludedManagersCount),
            TABLEENTRYTOTAL: str(summary.tableEntryTotal),
            TABLEVALUETOTAL: str(summary.tableValueTotal),
            ISCONFIDENTIALOMITTED: yesNo(summary.isConfidentialOmitted),
          },
        ]
      : [],
    OTHERMANAGER: list(node(cover.otherManagersInfo).otherManager).map((m, i) => ({
      ACCESSION_NUMBER: acc,
      OTHERMANAGER_SK: String(i + 1),
      ...managerRow(m),
    })),
    OTHERMANAGER2: list(node(summary.otherManagers2Info).otherManager2).map((m) => ({
      ACCESSION_NUMBER: acc,
      SEQUENCENUMBER: str(m.sequenceNumber),
      // The included manager's element shares its name with the cover page's list items (read as a list).
      ...managerRow(list(m.otherManager)[0] ?? {}),
    })),
    INFOTABLE: tableXml ? infoTableRows(acc, tableXml) : [],
  }
}

/** The information table's rows, numbered from 1 in document order (the data sets' INFOTABLE_SK is theirs). */
export function infoTableRows(accessionNumber: string, xml: string): DataSetRow[] {
  const table = node(node(parser.parse(xml)).informationTable)
  return list(table.infoTable).map((r, i) => {
    const amount = node(r.shrsOrPrnAmt)
    const voting = node(r.votingAuthority)
    return {
      ACCESSION_NUMBER: accessionNumber,
      INFOTABLE_SK: String(i + 1),
      NAMEOFISSUER: str(r.nameOfIssuer),
      TITLEOFCLASS: str(r.titleOfClass),
      CUSIP: str(r.cusip),
      FIGI: str(r.figi),
      VALUE: str(r.value),
      SSHPRNAMT: str(amount.sshPrnamt),
      SSHPRNAMTTYPE: str(amount.sshPrnamtType),
      PUTCALL: str(r.putCall),
      INVESTMENTDISCRETION: str(r.investmentDiscretion),
      OTHERMANAGER: str(r.otherManager),
      VOTING_AUTH_SOLE: str(voting.Sole),
      VOTING_AUTH_SHARED: str(voting.Shared),
      VOTING_AUTH_NONE: str(voting.None),
    }
  })
}
