/**
 * The SEC publishes its SIC code list only as an HTML page
 * (https://www.sec.gov/search-filings/standard-industrial-classification-sic-code-list), so the mirror's
 * `sic_codes.csv` is made from that page's table: `SIC Code,Office,Industry Title`, codes without leading
 * zeros, RFC 4180 quoting and CRLF line ends (as in the CSV copies of this list that circulate).
 *
 * The parser reads table rows with a few regular expressions rather than a DOM: it only needs the cells of
 * `<tr>` rows whose first cell is a number, and it tolerates attributes, `<a>`/`<span>` wrappers, entities,
 * whitespace and missing closing tags, which is what page redesigns have changed so far.
 */

export type SicRow = { code: string; office: string; title: string }

export const SIC_CSV_HEADER = ['SIC Code', 'Office', 'Industry Title'] as const

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** Inner HTML of a cell → its text: tags dropped, entities decoded, whitespace collapsed. */
function cellText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

/** Data rows of every table on the page, in page order; header rows (`<th>`) and non-numeric codes are skipped. */
export function parseSicPage(html: string): SicRow[] {
  const rows: SicRow[] = []
  const seen = new Set<string>()
  // A row runs from `<tr …>` to the next `<tr`, `</table>` or the end: a missing `</tr>` does not merge rows.
  for (const [, rowHtml = ''] of html.matchAll(/<tr\b[^>]*>([\s\S]*?)(?=<tr\b|<\/table>|$)/gi)) {
    const cells = rowHtml
      .split(/<td\b[^>]*>/i)
      .slice(1)
      .map((cell) => cellText(cell.replace(/<\/td>[\s\S]*$/i, '')))
    const [code, office, title] = cells
    if (code === undefined || office === undefined || title === undefined || !/^\d+$/.test(code)) continue
    const normalized = String(Number(code)) // "0100" and "100" are the same code; the CSV writes 100
    if (seen.has(normalized)) continue
    seen.add(normalized)
    rows.push({ code: normalized, office, title })
  }
  return rows
}

/** One CSV field, quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

export function sicRowsToCsv(rows: SicRow[]): string {
  const lines = [SIC_CSV_HEADER.join(','), ...rows.map((r) => [r.code, r.office, r.title].map(csvField).join(','))]
  return `${lines.join('\r\n')}\r\n`
}

/** The SIC page's HTML → `sic_codes.csv` text (header only when the page has no table rows). */
export const sicPageToCsv = (html: string) => sicRowsToCsv(parseSicPage(html))
