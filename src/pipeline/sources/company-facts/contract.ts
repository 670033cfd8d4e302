/**
 * The company-facts source's contract: the serving tables the financials area reads for the metric and
 * ratio series and their rankings (the build writes them: series.ts, ratios.ts, rankings.ts). Dates are
 * YYYYMMDD integers as in the FSDS tables; `accepted` is the FSDS filing's (Eastern time), NULL for a
 * filing the data sets lack; `acc_key` is the accession number as an integer.
 */

const FILING = ['acc_key', 'form', 'fy', 'fp', 'period', 'filed', 'accepted']

export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {
  /**
   * One point per company, symbol (canonical key or raw tag), source and period; `fy`/`fp` are the period's;
   * `recency` 1 for a series' latest period (per period length), 2 for the one before…
   */
  fin_metric_points: {
    columns: [
      'cik',
      'symbol',
      'source',
      'quarters',
      'end_date',
      ...FILING,
      'unit',
      'value',
      'tag',
      'version',
      'label',
      'custom',
      'datatype',
      'strategy',
      'rule_id',
      'confidence',
      'recency',
    ],
    sortedBy: 'cik, symbol, source, quarters, end_date',
  },
  /** One point per company, ratio and period; `components` is a JSON array of {metric, value, unit}. */
  fin_ratio_points: {
    columns: [
      'cik',
      'ratio',
      'grp',
      'quarters',
      'end_date',
      ...FILING,
      'value',
      'unit',
      'components',
      'currency',
      'recency',
    ],
    sortedBy: 'cik, ratio, quarters, end_date',
  },
  /** The USD ratio points again, for a ranking within a date window. */
  fin_ratio_points_by_ratio: {
    columns: ['ratio', 'quarters', 'end_date', 'cik', ...FILING, 'value', 'unit', 'components'],
    sortedBy: 'ratio, quarters, end_date DESC, cik',
  },
  /** Each company's latest USD point per ratio and period length, ranked (1 = largest). */
  fin_ratio_top: {
    columns: ['ratio', 'quarters', 'rank', 'cik', ...FILING, 'end_date', 'value', 'unit', 'components'],
    sortedBy: 'ratio, quarters, rank',
  },
  /** USD canonical values ranked per metric, basis (annual, quarterly), fiscal year and quarter (0 for annual). */
  fin_metric_rankings: {
    columns: [
      'metric',
      'basis',
      'year',
      'quarter',
      'rank',
      'cik',
      'ticker',
      'entity_name',
      'sic',
      'countryinc',
      ...FILING,
      'end_date',
      'quarters',
      'unit',
      'value',
      'tag',
      'version',
      'strategy',
      'rule_id',
      'confidence',
    ],
    sortedBy: 'metric, basis, year, quarter, rank',
  },
  /** Companies per metric, basis, quarter and fiscal year, and whether the year is complete (the default year). */
  fin_metric_ranking_years: {
    columns: ['metric', 'basis', 'quarter', 'year', 'companies', 'complete'],
    sortedBy: 'metric, basis, quarter, year',
  },
}
