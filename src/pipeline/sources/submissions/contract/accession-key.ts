import { accessionKey } from '../../../../lib/ids.ts'
import type { PackedKey } from '../../../contract.ts'

/**
 * Integer form of an accession number, as the build computes it: 0000320193-24-000123 → 320193240000123
 * (lib/ids.ts accessionKey is the server's side). DuckDB keeps only an 8-byte prefix of a string's
 * min/max per row group, which for accession numbers is the filer's CIK, so a string key skips nothing.
 */
export const accKeyOf = (column: string) => `replace(${column}, '-', '')::BIGINT`

export const ACC_KEY = accKeyOf('accession_number')

/** A lookup file's key that is a filing's accession number (ACC_KEY of `column`), packed from its text. */
export const accessionKeyOf = (column: string): PackedKey<string> => ({
  sql: accKeyOf(column),
  pack: accessionKey,
  leading: (key) => key,
})

export const ACCESSION_KEY = accessionKeyOf('accession_number')
