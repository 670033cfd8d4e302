/**
 * Server configuration: one TypeBox object, parsed once at start. Every key has a default and a
 * description (the table in docs/operating.md is checked against this schema by a test). Flags of `secds serve` are
 * applied on top of the environment by the CLI; nothing else reads process.env.
 */
import { type Static, Type as t } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { MEMORY_SIZE_PATTERN } from './lib/memory-size.ts'

export const ConfigSchema = t.Object({
  DATASETS_DIR: t.String({
    default: './datasets',
    description: 'Folder holding the snapshots and the CURRENT pointer (`--datasets`)',
  }),
  PORT: t.Integer({
    minimum: 0,
    maximum: 65535,
    default: 8080,
    description: 'TCP port to listen on; 0 picks a free one (`--port`)',
  }),
  HOST: t.String({ default: '0.0.0.0', description: 'Address to bind (`--host`)' }),
  KEYS_FILE: t.String({
    default: './secds-keys.json',
    description: 'API keys (hashes only) and per-plan limits (`--keys`)',
  }),
  SERVER_THREADS: t.Integer({
    minimum: 0,
    maximum: 64,
    default: 0,
    description:
      'Threads answering requests, each with the whole app on the one port (Linux; elsewhere 1); 0 is one per core, at most 8',
  }),
  DB_CONNECTIONS: t.Integer({
    minimum: 1,
    maximum: 64,
    default: 4,
    description: 'DuckDB connections of each server thread, so queries that may run at once',
  }),
  DB_QUEUE_LIMIT: t.Integer({
    minimum: 0,
    default: 256,
    description: 'Requests that may wait for a connection in each server thread; past it the answer is 503 server_busy',
  }),
  DUCKDB_THREADS: t.Integer({
    minimum: 1,
    maximum: 256,
    default: 1,
    description: 'DuckDB worker threads (1 gives the most requests per second for lookups)',
  }),
  DUCKDB_MEMORY_LIMIT: t.String({
    default: '2.5GB',
    pattern: MEMORY_SIZE_PATTERN,
    description:
      'DuckDB memory limit (its buffer pool), shared out among the server threads; the server needs about 1 GB more, and the rest of the machine is page cache for the serving database',
  }),
  RESPONSE_CACHE_MB: t.Integer({
    minimum: 0,
    default: 128,
    description:
      'Megabytes of recent answers (their JSON text) kept per snapshot, shared out among the server threads, least recently used out first; 0 turns the cache off',
  }),
  QUERY_TIMEOUT_MS: t.Integer({
    minimum: 10,
    default: 5000,
    description: 'A query running longer is interrupted and answered with 503 query_timeout',
  }),
  MAX_LIMIT: t.Integer({
    minimum: 1,
    maximum: 10000,
    default: 100,
    description: 'Largest `limit` a list operation accepts',
  }),
  MAX_EXPORT_LIMIT: t.Integer({
    minimum: 1,
    maximum: 1000000,
    default: 50000,
    description:
      'Largest `limit` of a CSV or Arrow answer (`format=csv|arrow`), where JSON takes MAX_LIMIT; such an answer is not kept in the result cache',
  }),
  MAX_OFFSET: t.Integer({
    minimum: 0,
    default: 100000,
    description: 'Largest (page - 1) × limit a list operation accepts',
  }),
  MCP_RESULT_CHARS: t.Integer({
    minimum: 1000,
    default: 50000,
    description:
      'Most characters of JSON one MCP tool result holds; a longer answer keeps its first rows and a note saying how to page',
  }),
  WATCH_SNAPSHOTS: t.Boolean({
    default: true,
    description: 'Watch DATASETS_DIR/CURRENT and switch to a new snapshot when it changes (SIGHUP always does)',
  }),
  LOG_REQUESTS: t.Boolean({ default: true, description: 'One JSON line per request on stdout' }),
  PUBLIC_BASE_URL: t.String({
    default: '',
    description: 'Base URL shown in the OpenAPI document (empty: relative to the server)',
  }),
  SEC_ARCHIVES_URL: t.String({
    default: 'https://www.sec.gov/Archives/edgar/data',
    description: 'Prefix of `filingUrl` and document `url` values',
  }),
  CHECK_RESPONSES: t.Boolean({
    default: false,
    description:
      "Check every 200 body against its operation's response schema; a body that fails is a 500 with a log line naming each mismatch (the tests always check)",
  }),
})
export type Config = Static<typeof ConfigSchema>

export class ConfigError extends Error {}

/** Parses the environment (strings) into a checked Config; a bad value names the variable and what it expects. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const known = Object.keys(ConfigSchema.properties)
  const raw: Record<string, unknown> = {}
  for (const key of known) if (env[key] !== undefined && env[key] !== '') raw[key] = env[key]
  Object.assign(raw, overrides)
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, raw))
  const errors = [...Value.Errors(ConfigSchema, converted)]
  if (errors.length) {
    const lines = errors.map((e) => {
      const key = e.path.slice(1)
      const schema = ConfigSchema.properties[key as keyof Config]
      return `${key}=${JSON.stringify(raw[key])}: ${e.message}${schema?.description ? ` (${schema.description})` : ''}`
    })
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`)
  }
  return converted as Config
}

/** What query functions need of the configuration (they take this, not the whole Config). */
export type QueryConfig = {
  archivesUrl: string
  maxOffset: number
  /** Tuning, not configuration: tests set it to 0 to read every filer's page by query (src/areas/common/store/filer-filings.ts). */
  filerFrames?: number
  /** Tuning, not configuration: tests set it to 0 to read every name search by query (src/areas/entities/store/index.ts). */
  nameFrames?: number
}
export const queryConfig = (c: Config): QueryConfig => ({ archivesUrl: c.SEC_ARCHIVES_URL, maxOffset: c.MAX_OFFSET })
