import { accessionKey } from '../../../../lib/ids.ts'
import type { PackedKey } from '../../../contract.ts'

/**
 * Integer form of an accession number, as the build computes it: 0000320193-24-000123 → 320193240000123
 * (lib/ids.ts accessionKey is the server's side). DuckDB keeps only an 8-byte prefix of a string's
 * min/max per row group, which for accession numbers is the filer's CIK, so a string key skips nothing.
 */
export const ACC_KEY = `replace(accession_number, '-', '')::BIGINT`

/** A lookup file's key that is a filing's accession number (ACC_KEY), packed from its text. */
export const ACCESSION_KEY: PackedKey<string> = { sql: ACC_KEY, pack: accessionKey }
