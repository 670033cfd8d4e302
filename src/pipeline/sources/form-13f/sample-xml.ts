/**
 * A sample 13F filing's two XML documents, from its data-set rows (sample-rows.ts): the cover page
 * `edgarSubmission` (primary_doc.xml) and the `informationTable`, laid out as EDGAR's are, with dates as
 * the XML writes them (`MM-DD-YYYY`). Filers differ in the information table's namespace prefix (`ns1:`
 * or none), as real ones do.
 */
import type { DataSetRow, ReadTable } from './columns.ts'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
/** `DD-MON-YYYY` → `MM-DD-YYYY`. */
const xmlDate = (d: string) =>
  `${String(MONTHS.indexOf(d.slice(3, 6)) + 1).padStart(2, '0')}-${d.slice(0, 2)}-${d.slice(7)}`
const el = (name: string, v: string | null | undefined, pad: string) =>
  v ? `${pad}<${name}>${esc(v)}</${name}>\n` : ''

export function coverXml(rows: Record<ReadTable, DataSetRow[]>): string {
  const s = rows.SUBMISSION[0]!
  const c = rows.COVERPAGE[0]!
  const m = rows.SUMMARYPAGE[0]
  const period = xmlDate(s.PERIODOFREPORT!)
  const amendment = c.ISAMENDMENT === 'Y'
  let x = '<?xml version="1.0" encoding="UTF-8"?>\n'
  x += '<edgarSubmission xmlns="http://www.sec.gov/edgar/thirteenffiler" xmlns:com="http://www.sec.gov/edgar/common">\n'
  x += '  <headerData>\n'
  x += `    <submissionType>${s.SUBMISSIONTYPE}</submissionType>\n`
  x += '    <filerInfo>\n      <liveTestFlag>LIVE</liveTestFlag>\n'
  x += `      <filer>\n        <credentials>\n          <cik>${s.CIK}</cik>\n          <ccc>XXXXXXXX</ccc>\n        </credentials>\n      </filer>\n`
  x += `      <periodOfReport>${period}</periodOfReport>\n    </filerInfo>\n  </headerData>\n`
  x += '  <formData>\n    <coverPage>\n'
  x += `      <reportCalendarOrQuarter>${period}</reportCalendarOrQuarter>\n`
  if (amendment) {
    x += `      <isAmendment>true</isAmendment>\n${el('amendmentNo', c.AMENDMENTNO, '      ')}`
    if (c.AMENDMENTTYPE)
      x += `      <amendmentInfo>\n        <amendmentType>${c.AMENDMENTTYPE}</amendmentType>\n      </amendmentInfo>\n`
  }
  x += `      <filingManager>\n        <name>${esc(c.FILINGMANAGER_NAME!)}</name>\n        <address>\n`
  x += el('com:street1', c.FILINGMANAGER_STREET1, '          ') + el('com:city', c.FILINGMANAGER_CITY, '          ')
  x += el('com:stateOrCountry', c.FILINGMANAGER_STATEORCOUNTRY, '          ')
  x += `${el('com:zipCode', c.FILINGMANAGER_ZIPCODE, '          ')}        </address>\n      </filingManager>\n`
  x += `      <reportType>${c.REPORTTYPE}</reportType>\n`
  if (rows.OTHERMANAGER.length) {
    x += '      <otherManagersInfo>\n'
    for (const o of rows.OTHERMANAGER)
      x += `        <otherManager>\n${el('cik', o.CIK, '          ')}${el('form13FFileNumber', o.FORM13FFILENUMBER, '          ')}${el('name', o.NAME, '          ')}        </otherManager>\n`
    x += '      </otherManagersInfo>\n'
  }
  x += `${el('form13FFileNumber', c.FORM13FFILENUMBER, '      ')}      <provideInfoForInstruction5>N</provideInfoForInstruction5>\n`
  x += '    </coverPage>\n'
  if (m) {
    x += '    <summaryPage>\n'
    x += `      <otherIncludedManagersCount>${m.OTHERINCLUDEDMANAGERSCOUNT}</otherIncludedManagersCount>\n`
    x += `      <tableEntryTotal>${m.TABLEENTRYTOTAL}</tableEntryTotal>\n      <tableValueTotal>${m.TABLEVALUETOTAL}</tableValueTotal>\n`
    x += '      <isConfidentialOmitted>false</isConfidentialOmitted>\n'
    if (rows.OTHERMANAGER2.length) {
      x += '      <otherManagers2Info>\n'
      for (const o of rows.OTHERMANAGER2)
        x += `        <otherManager2>\n          <sequenceNumber>${o.SEQUENCENUMBER}</sequenceNumber>\n          <otherManager>\n${el('cik', o.CIK, '            ')}${el('form13FFileNumber', o.FORM13FFILENUMBER, '            ')}${el('name', o.NAME, '            ')}          </otherManager>\n        </otherManager2>\n`
      x += '      </otherManagers2Info>\n'
    }
    x += '    </summaryPage>\n'
  }
  return `${x}  </formData>\n</edgarSubmission>\n`
}

export function infoTableXml(rows: DataSetRow[], prefixed: boolean): string {
  const p = prefixed ? 'ns1:' : ''
  const ns = prefixed ? 'xmlns:ns1' : 'xmlns'
  let x = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}informationTable ${ns}="http://www.sec.gov/edgar/document/thirteenf/informationtable">\n`
  for (const r of rows) {
    x += `\t<${p}infoTable>\n`
    x += `\t\t<${p}nameOfIssuer>${esc(r.NAMEOFISSUER!)}</${p}nameOfIssuer>\n\t\t<${p}titleOfClass>${esc(r.TITLEOFCLASS!)}</${p}titleOfClass>\n`
    x += `\t\t<${p}cusip>${r.CUSIP}</${p}cusip>\n\t\t<${p}value>${r.VALUE}</${p}value>\n`
    x += `\t\t<${p}shrsOrPrnAmt>\n\t\t\t<${p}sshPrnamt>${r.SSHPRNAMT}</${p}sshPrnamt>\n\t\t\t<${p}sshPrnamtType>${r.SSHPRNAMTTYPE}</${p}sshPrnamtType>\n\t\t</${p}shrsOrPrnAmt>\n`
    if (r.PUTCALL) x += `\t\t<${p}putCall>${r.PUTCALL}</${p}putCall>\n`
    x += `\t\t<${p}investmentDiscretion>${r.INVESTMENTDISCRETION}</${p}investmentDiscretion>\n`
    if (r.OTHERMANAGER) x += `\t\t<${p}otherManager>${r.OTHERMANAGER}</${p}otherManager>\n`
    x += `\t\t<${p}votingAuthority>\n\t\t\t<${p}Sole>${r.VOTING_AUTH_SOLE}</${p}Sole>\n\t\t\t<${p}Shared>${r.VOTING_AUTH_SHARED}</${p}Shared>\n\t\t\t<${p}None>${r.VOTING_AUTH_NONE}</${p}None>\n\t\t</${p}votingAuthority>\n`
    x += `\t</${p}infoTable>\n`
  }
  return `${x}</${p}informationTable>\n`
}
