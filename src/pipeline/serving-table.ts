/**
 * A serving table: one table of the serving database (`serving.duckdb`) the server's SQL reads, declared
 * once in its source's contract (`SERVING_TABLES`) as the lookup files are (read-model.ts). The
 * declaration holds the table's name, what one row of it is, its columns in stored order, the order its
 * rows are stored in (its key: what the server's queries filter by), and whether it is copied into the
 * serving database or read from its Parquet in place. From it the build takes its CREATE statement (`createServingTable`, or
 * `servingTablePart` for a table written in parts), test/pipeline/contracts.test.ts checks the
 * built database's columns, and test/docs/serving-tables.test.ts the table in docs/architecture.md.
 *
 * The SELECT a table is made from is given where the build runs it, as a lookup file's query is given to
 * `lookupOf`: it reads the build's own tables and SQL (staged tables, money rules, temporary tables of
 * the step), which the server, the contracts' other reader, must not import.
 */

export type ServingTableSpec<N extends string> = {
  name: N
  /** A sentence for the docs: what one row is. */
  holds: string
  /** The columns, in stored order. */
  columns: string[]
  /**
   * The ORDER BY the build appends to the SELECT, over its output columns; left out where the SELECT
   * keeps the order of what it reads (a Parquet table already in that order, read in place).
   */
  orderBy?: string
  /** For the docs: the order the rows are stored in, where `orderBy` does not say it (or is left out). */
  key?: string
  /**
   * Not copied into the serving database: the server reads the table's Parquet in place through a view
   * (TableSpec.servedFromParquet), so the build makes no statement of it.
   */
  servedFromParquet?: boolean
  /**
   * Read by no query of the server, only by the build: its later statements and the lookup files made
   * from it. Such a table is not published in the serving database (most of that file's size at full
   * volume was the metric points and their vintages, which the server reads from lookup files). Where the
   * build reads it after the Parquet is written, it is made in the build's own database (`b`,
   * BUILD_DATABASE_FILE in the build's work folder, kept for the next build once the lookup files are made
   * from it: build-cache.ts); a table the build reads from its
   * Parquet (`parquet(name)`) is made nowhere else.
   */
  buildOnly?: boolean
}

export type ServingTable<N extends string = string> = Readonly<ServingTableSpec<N>> & {
  /** The stored order, as the docs give it: `key`, else `orderBy`. */
  sortedBy: string
}

/** Declares a serving table (above). */
export function servingTable<const N extends string>(spec: ServingTableSpec<N>): ServingTable<N> {
  const sortedBy = spec.key ?? spec.orderBy
  if (sortedBy === undefined) throw new Error(`serving table ${spec.name}: neither orderBy nor key says its order`)
  return { ...spec, sortedBy }
}

/** A source's serving tables by name, as `SERVING_TABLES`. */
export const servingTablesOf = <const T extends readonly ServingTable[]>(...tables: T) =>
  Object.fromEntries(tables.map((t) => [t.name, t])) as { [I in T[number] as I['name']]: I }

const orderOf = (table: ServingTable) => (table.orderBy ? ` ORDER BY ${table.orderBy}` : '')

/** Where the build makes `table`: the serving database (attached as `s`), or a build-only table in its own (`b`). */
const madeIn = (table: ServingTable) => `${table.buildOnly ? 'b' : 's'}.${table.name}`

/** The statement that makes `table` (in the serving database, or the build's for a build-only table) from `select`. */
export function createServingTable(table: ServingTable, select: string): string {
  if (table.servedFromParquet) throw new Error(`serving table ${table.name} is served from its Parquet, not copied`)
  return `CREATE TABLE ${madeIn(table)} AS ${select}${orderOf(table)}`
}

/**
 * One part's rows of a table written in parts (a range of keys, key-ranges.ts, or one metric, at a time):
 * the first creates it, the others append in turn, so with the parts in key order the whole is in
 * `orderBy` order.
 */
export function servingTablePart(table: ServingTable, first: boolean, select: string): string {
  return first ? createServingTable(table, select) : `INSERT INTO ${madeIn(table)} ${select}${orderOf(table)}`
}
