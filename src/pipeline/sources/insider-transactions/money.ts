/**
 * The insider dollar figures, each rule in one place (docs/insiders.md, "Dollar figures"). The build
 * computes every one of them (a row's value, each sum, each net) with these; the server adds no money up.
 *
 * - Money is rounded to cents where it is computed: a product or a sum of doubles carries binary noise
 *   (1499 shares × $66.903 = 100287.59700000001 → 100287.6; a sum of cents, 24999.719999999998 → 24999.72).
 * - Only non-derivative rows enter a dollar total. On a derivative row `pricePerShare` is the derivative's
 *   own price (an option's exercise price, a unit's conversion or crediting price), so shares × price is no
 *   money that changed hands for the stock: in the real 2024q3 data set, derivative acquisitions with a
 *   price add up to $848.7 billion. Such a row keeps its `value` (shares × price, as the reference defines
 *   it); it only stays out of the totals.
 * - The daily leaders rank open-market purchases and sales (codes P and S) by default: a grant (A), an
 *   exercise (M), a tax withholding (F) or a gift (G) moves no money between the insider and the market.
 */

/** A dollar amount rounded to cents (DuckDB's round of a DOUBLE: the nearest double to the cents). */
export const cents = (expr: string) => `round(${expr}, 2)`

/** The rows whose value enters a dollar total: non-derivative ones. */
export const IN_DOLLAR_TOTALS = 'NOT derivative'

/** Open-market purchases and sales: what the daily leaders rank by default. */
export const OPEN_MARKET = `transaction_code IN ('P', 'S')`
