/** SQL fragments the financial-statements build steps share. */

/** No segments and no coregistrant: the filer's own consolidated figure (FSDS writes absent ones as empty). */
export const CONSOLIDATED = `(segments IS NULL OR segments = '') AND (coreg IS NULL OR coreg = '')`

/** A YYYYMMDD integer as a DATE (NULL when it is not a date). */
export const ymdDate = (col: string) => `try_strptime(${col}::VARCHAR, '%Y%m%d')::DATE`
