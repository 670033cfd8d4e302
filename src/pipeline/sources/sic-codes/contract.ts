/** The SIC codes source's contract: the serving table the SIC code list is read from (src/areas/entities). */
export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {
  sic_codes: {
    columns: ['sic_code', 'office', 'industry_title', 'sector', 'large_size_tickers', 'entity_count'],
    sortedBy: 'sic_code',
  },
}
