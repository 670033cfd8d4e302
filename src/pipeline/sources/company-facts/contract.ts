/**
 * The company-facts source's contract: the serving tables the financials area reads for the metric and
 * ratio series and their rankings (the build writes them in serving.ts).
 */
export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {}
