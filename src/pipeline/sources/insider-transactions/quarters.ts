import type { Quarter } from '../../download/quarters.ts'

/** The first quarter of the SEC's Insider Transactions Data Sets. */
export const FIRST_QUARTER: Quarter = { year: 2006, qtr: 1 }
