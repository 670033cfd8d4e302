/** The tickers source's contract: the serving table the server resolves tickers with (src/areas/common). */
export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {
  tickers: {
    columns: ['ticker', 'cik', 'exchange', 'position', 'is_primary', 'last_filing_date'],
    sortedBy: 'ticker, cik',
  },
}
