/**
 * Calendar quarter labels (`2024Q3`), as the operations that take a quarter read them (http/schemas.ts
 * QuarterParam checks the form) and write them back: one parse and one format for every area.
 */

/** `2024Q3` (any case) → its year and quarter number. */
export const quarterOfLabel = (label: string) => ({ year: Number(label.slice(0, 4)), quarter: Number(label.slice(5)) })

/** A year and a quarter number (1–4) → `2024Q3`. */
export const labelOfQuarter = (year: number, quarter: number) => `${year}Q${quarter}`

/** A calendar month (1–12) → its quarter number. */
export const quarterOfMonth = (month: number) => Math.ceil(month / 3)
