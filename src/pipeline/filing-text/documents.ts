/**
 * The `<DOCUMENT>` parts of a submission, the same in both layouts: `<TYPE>`, `<SEQUENCE>`, `<FILENAME>`,
 * `<DESCRIPTION>` lines, then the body between `<TEXT>` and `</TEXT>`, which for XML documents wraps the
 * XML in `<XML>…</XML>`.
 */
import type { SubmissionDocument } from './types.ts'

const field = (part: string, tag: string) => {
  const m = new RegExp(`^<${tag}>[ \\t]*(.*?)[ \\t]*$`, 'm').exec(part)
  return m?.[1] ? m[1] : null
}

export function readDocuments(text: string): SubmissionDocument[] {
  const documents: SubmissionDocument[] = []
  const open = '<DOCUMENT>'
  const close = '</DOCUMENT>'
  for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at)) {
    const end = text.indexOf(close, at)
    const part = text.slice(at + open.length, end < 0 ? text.length : end)
    at = end < 0 ? text.length : end + close.length
    const textStart = part.indexOf('<TEXT>')
    const head = textStart < 0 ? part : part.slice(0, textStart)
    let body = ''
    if (textStart >= 0) {
      const textEnd = part.lastIndexOf('</TEXT>')
      body = part.slice(textStart + '<TEXT>'.length, textEnd > textStart ? textEnd : part.length)
    }
    const xmlStart = body.indexOf('<XML>')
    const xmlEnd = body.lastIndexOf('</XML>')
    const sequence = field(head, 'SEQUENCE')
    documents.push({
      type: field(head, 'TYPE') ?? '',
      sequence: sequence && /^\d+$/.test(sequence) ? Number(sequence) : null,
      filename: field(head, 'FILENAME'),
      description: field(head, 'DESCRIPTION'),
      body,
      xml: xmlStart >= 0 && xmlEnd > xmlStart ? body.slice(xmlStart + '<XML>'.length, xmlEnd).trim() : null,
    })
  }
  return documents
}
