/**
 * Each series of the range's points as a number (`sid`, `cf_series`): the vintages' windows and their
 * points' joins are keyed by the point, and a window over a whole number sorts in about half the time of
 * one over two texts (docs/benchmarks.md). Numbered once the range's points are all made (the derived
 * quarters and their cash at the start are added after rule 4); joined where a statement reads the points.
 */
export const SERIES_NUMBERS = `CREATE TEMP TABLE cf_series AS
  SELECT row_number() OVER (ORDER BY symbol, source)::INTEGER AS sid, symbol, source
  FROM (SELECT DISTINCT symbol, source FROM cf_points)`

/** A point `p`'s series number `n.sid` (SERIES_NUMBERS). */
export const SERIES_NUMBER_JOIN = (p: string) => `JOIN cf_series n ON n.symbol = ${p}.symbol AND n.source = ${p}.source`
