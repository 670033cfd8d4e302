/**
 * docs/data-dictionary.md's tables, rendered from the table contracts: each source's `tables` (src/pipeline/
 * sources/<name>/index.ts: name, description, sort order, key, partitioning, what the build makes of it)
 * and their `schema` (sources/<name>/dictionary.ts: every column's type and meaning). The operations a
 * table feeds are those seen reading what the build makes of it (test/helpers/operation-reads.ts: each
 * operation called once over the sample snapshot), so the page is rendered where that snapshot is built:
 *
 *   npm run docs:data-dictionary     (test/docs/data-dictionary.test.ts, writing the page instead of comparing)
 *
 * Only the part between the markers is rendered; the page's other lines (how to read the tables) are
 * kept as written. The functions here are pure: contracts and reads in, text out.
 */
import type { Feeds, SourceDefinition, TableSpec } from '../src/pipeline/source.ts'

export const MARKERS = { start: '<!-- data-dictionary:start -->', end: '<!-- data-dictionary:end -->' } as const

/** What one operation read (test/helpers/operation-reads.ts), in the app's operation order. */
export type OperationReads = {
  operationId: string
  serving: ReadonlySet<string>
  lookups: ReadonlySet<string>
  memos: ReadonlySet<string>
}

export type DictionaryInput = {
  sources: readonly Pick<SourceDefinition, 'name' | 'tables'>[]
  operations: readonly OperationReads[]
  /**
   * The snapshot memos (src/db/memo.ts) and the serving tables or lookup files each reads: an operation
   * that reads a memo another computed first reads no table itself.
   */
  memos: readonly { name: string; from: readonly string[] }[]
}

const code = (s: string) => `\`${s}\``
const codes = (names: readonly string[]) => names.map(code).join(', ')
/** A cell's text: a pipe would end the cell. */
const cell = (s: string) => s.replaceAll('|', '\\|')

/** A table's files, as a path under the snapshot folder. */
function layout(t: TableSpec): string {
  const p = t.partitioning
  const r = t.writtenInRanges
  if (r)
    return `${code(`${t.name}/part-NNNN.parquet`)}: a file per range of ${code(r.column)} (about ${r.rowsPerPart.toLocaleString('en-US')} rows each), in order: read in name order, the files are the table sorted`
  if (!p) return `${code(`${t.name}/part-0.parquet`)}`
  return p.hive
    ? `${code(`${t.name}/${p.column}=<value>/part-0.parquet`)}: a folder per ${code(p.column)} (Hive partitioning: the column is in the folder name, not in the files)`
    : `${code(`${t.name}/part-<${p.column}>.parquet`)}: a file per ${code(p.column)}, each file holding its column`
}

/**
 * The operations that read a serving table or lookup file the table feeds, or a memo made from one, in
 * the app's order. (A memo's `from` names serving tables and lookup files alike.)
 */
function operationsFed(feeds: Feeds, { operations, memos }: DictionaryInput): string[] {
  const serving = new Set(feeds.serving ?? [])
  const lookups = new Set(feeds.lookups ?? [])
  const fedMemos = new Set(memos.filter((m) => m.from.some((f) => serving.has(f) || lookups.has(f))).map((m) => m.name))
  const reads = (op: OperationReads) =>
    [...op.serving].some((s) => serving.has(s)) ||
    [...op.lookups].some((l) => lookups.has(l)) ||
    [...op.memos].some((m) => fedMemos.has(m))
  return operations.filter(reads).map((op) => op.operationId)
}

function madeInto(feeds: Feeds): string {
  const parts = [
    feeds.tables?.length ? `Parquet tables ${codes(feeds.tables)}` : '',
    feeds.serving?.length ? `serving tables ${codes(feeds.serving)}` : '',
    feeds.lookups?.length ? `lookup files ${codes(feeds.lookups)}` : '',
  ].filter(Boolean)
  return parts.length ? parts.join('; ') : 'nothing the server reads: it is there for readers of the snapshot'
}

/** The Parquet tables made from `t`'s rows, and from theirs, and so on. */
function madeFrom(t: TableSpec, tables: ReadonlyMap<string, TableSpec>): TableSpec[] {
  const seen = new Set<string>([t.name])
  const queue = [...(t.feeds.tables ?? [])]
  const found: TableSpec[] = []
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name)) continue
    seen.add(name)
    const next = tables.get(name)
    if (!next) throw new Error(`${t.name} feeds ${name}, which is no table`)
    found.push(next)
    queue.push(...(next.feeds.tables ?? []))
  }
  return found
}

function tableSection(source: string, t: TableSpec, input: DictionaryInput): string[] {
  const notNull = new Set(t.notNull)
  const fed = operationsFed(t.feeds, input)
  const tables = new Map(input.sources.flatMap((s) => s.tables.map((x) => [x.name, x] as const)))
  const later = new Set(madeFrom(t, tables).flatMap((x) => operationsFed(x.feeds, input)))
  const through = input.operations.map((op) => op.operationId).filter((id) => later.has(id) && !fed.includes(id))
  return [
    `#### ${code(t.name)}`,
    '',
    t.description,
    '',
    `- **Source:** ${source}`,
    `- **Files:** ${layout(t)}`,
    `- **Sorted by:** ${code(t.orderBy)}${t.partitioning ? ' (within each file)' : ''}`,
    t.key.length
      ? `- **Key:** ${codes(t.key)}: unique, checked by the build`
      : '- **Key:** none the build checks over the whole table',
    `- **Made into:** ${madeInto(t.feeds)}`,
    `- **Operations it feeds:** ${fed.length ? codes(fed) : 'none directly'}`,
    ...(through.length ? [`- **And through the Parquet tables made from it:** ${codes(through)}`] : []),
    '',
    '| column | type | null | meaning |',
    '|---|---|---|---|',
    ...Object.entries(t.schema).map(
      ([name, [type, meaning]]) =>
        `| ${code(name)} | ${code(cell(type))} | ${notNull.has(name) ? 'never' : ''} | ${cell(meaning)} |`,
    ),
    '',
  ]
}

/** The page's part between the markers (the markers excluded). */
export function renderDictionary(input: DictionaryInput): string {
  const { sources } = input
  const tables = sources.flatMap((s) => s.tables.map((t) => ({ source: s.name, t })))
  return [
    '',
    '| table | source | sorted by | partitioned by | columns |',
    '|---|---|---|---|---:|',
    ...tables.map(
      ({ source, t }) =>
        `| [${code(t.name)}](#${t.name}) | ${source} | ${code(t.orderBy)} | ${t.partitioning ? code(t.partitioning.column) : ''} | ${Object.keys(t.schema).length} |`,
    ),
    '',
    ...sources
      .filter((s) => s.tables.length)
      .flatMap((s) => [`### ${s.name}`, '', ...s.tables.flatMap((t) => tableSection(s.name, t, input))]),
  ].join('\n')
}

/** `page` with the part between its markers replaced by `rendered`. */
export function withDictionary(page: string, rendered: string): string {
  const from = page.indexOf(MARKERS.start)
  const to = page.indexOf(MARKERS.end)
  if (from < 0 || to < from) throw new Error(`the page lacks its markers ${MARKERS.start} … ${MARKERS.end}`)
  return `${page.slice(0, from + MARKERS.start.length)}\n${rendered}\n${page.slice(to)}`
}
