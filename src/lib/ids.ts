/**
 * EDGAR identifiers, parsed and formatted in one place. A CIK is up to 10 digits, written zero-padded
 * to 10 on the wire; an accession number is `##########-##-######` (filer agent, year, sequence), also
 * accepted without dashes; a ticker is letters, digits, dots and dashes (BRK-B, BF.B).
 */
export const CIK_PATTERN = '^\\d{1,10}$'
export const ACCESSION_PATTERN = '^(\\d{10}-\\d{2}-\\d{6}|\\d{18})$'
export const TICKER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9.\\-]{0,9}$'

/**
 * A path identifier (a CIK or a ticker, resolved by name): 1 to 64 letters, digits, dots or dashes.
 * Anything of that shape is looked up, and one that matches nothing is a 404 (an 11-digit CIK or a
 * 12-letter ticker names nobody, but it is a well-formed name); only text no CIK or ticker can hold
 * (an empty segment, spaces, quotes, slashes, control or non-ASCII characters, or more than 64
 * characters) is a malformed parameter.
 */
export const IDENTIFIER_PATTERN = '^[A-Za-z0-9.\\-]{1,64}$'

/** "320193" or "0000320193" → 320193. Callers validate the pattern first. */
export const parseCik = (cik: string): number => Number.parseInt(cik, 10)

export const formatCik = (cik: number | string): string => String(cik).padStart(10, '0')

/** An accession number from its integer key or its digits: 320193240000123 → "0000320193-24-000123". */
export function accessionOfKey(key: string): string {
  const digits = key.padStart(18, '0')
  return `${digits.slice(0, 10)}-${digits.slice(10, 12)}-${digits.slice(12)}`
}

/** "000032019324000123" or "0000320193-24-000123" → "0000320193-24-000123". */
export const normalizeAccession = (accession: string): string => accessionOfKey(accession.replaceAll('-', ''))

/** An accession number's 18 digits, as the archive's folder names write it: "0000320193-24-000123" → "000032019324000123". */
export const accessionDigits = (accession: string): string => accession.replaceAll('-', '').padStart(18, '0')

export const normalizeTicker = (ticker: string): string => ticker.trim().toUpperCase()

/** A path identifier is a CIK when it is all digits, otherwise a ticker. */
export const isCikLike = (identifier: string): boolean => /^\d+$/.test(identifier)

const CIK = new RegExp(CIK_PATTERN)
/** Whether text can be a CIK at all: 1 to 10 digits. A longer run of digits is a CIK no entity has. */
export const isCik = (text: string): boolean => CIK.test(text)

/**
 * The serving database's integer key for an accession number: its 18 digits as a BIGINT
 * ("0000320193-24-000123" → 320193240000123n). Callers validate the pattern first.
 */
export const accessionKey = (accession: string): bigint => BigInt(accession.replaceAll('-', ''))
