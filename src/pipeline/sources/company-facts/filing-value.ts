/**
 * Which value a filing gives a fact it gives twice (series.ts rule 1): duplicate facts of one period that
 * differ in rounding, as a filing can have them (748,000 in a statement, the same fact as 700,000 in a
 * table rounded to hundreds of thousands), both in companyfacts. The more precise is taken, then the
 * smaller: precision is a value's trailing zeros written to four decimals (FSDS's precision), fewer first.
 * Every rule that reads a filing's value of a fact orders by this (rule 1, rule 5's subtractions,
 * vintages.ts V1), so a point and its vintages agree.
 */
const trailingZeros = (value: string) => {
  const digits = `replace(printf('%.4f', abs(${value})), '.', '')`
  return `(length(${digits}) - length(rtrim(${digits}, '0')))`
}

/** An ORDER BY's terms: the value taken first. */
export const filingValueOrder = (value: string) => `${trailingZeros(value)}, ${value}`

/** The same terms negated, for a key of arg_max (the greatest is taken). */
export const filingValueKey = (value: string) => `-${trailingZeros(value)}, -(${value})`
