/**
 * Entry of the compiled binary (`npm run compile` → dist/secds). It makes DuckDB's engine available
 * before anything imports `@duckdb/node-api`, then runs the same CLI as `npm run secds --`.
 *
 * Why: the DuckDB addon (`duckdb.node`, which Bun embeds and extracts itself) links `libduckdb.so` by
 * name, and Bun cannot embed a library that an addon links. So the library is embedded as a plain file,
 * written once to a cache folder, and loaded here with `dlopen`; the addon then finds it already loaded
 * (docs/operating.md, Deploying on a VM: one binary). Only this file may import the CLI, and only after the library is loaded: static
 * imports run first, so the CLI is imported dynamically.
 */
import { dlopen } from 'bun:ffi'
import { closeSync, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import embeddedLibrary from '@duckdb/node-bindings-linux-x64/libduckdb.so' with { type: 'file' }
import bindings from '@duckdb/node-bindings-linux-x64/package.json' with { type: 'json' }

const compiled = import.meta.url.includes('/$bunfs/')

/** Where the library is written: SECDS_LIB_DIR, else XDG's cache folder, else ~/.cache, else /tmp. */
function cacheDir(env: NodeJS.ProcessEnv): string {
  if (env.SECDS_LIB_DIR) return env.SECDS_LIB_DIR
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'secds')
  const home = env.HOME || homedir()
  return home ? join(home, '.cache', 'secds') : join(tmpdir(), 'secds-cache')
}

/**
 * The library's path on disk, written on first start. The name carries the bindings' version and the
 * size, so an upgraded binary never loads an older library; a half-written file is never seen, since the
 * copy is renamed into place.
 */
async function extractedLibrary(): Promise<string> {
  const bytes = Bun.file(embeddedLibrary)
  const dir = cacheDir(process.env)
  const path = join(dir, `libduckdb-${bindings.version}-${bytes.size}.so`)
  if (existsSync(path) && statSync(path).size === bytes.size) return path
  mkdirSync(dir, { recursive: true })
  const partial = `${path}.${process.pid}.partial`
  const fd = openSync(partial, 'w', 0o755)
  try {
    writeSync(fd, new Uint8Array(await bytes.arrayBuffer()))
  } finally {
    closeSync(fd)
  }
  renameSync(partial, path)
  return path
}

if (compiled) {
  const path = await extractedLibrary()
  // One symbol is enough to load the library; the handle stays open for the life of the process.
  dlopen(path, { duckdb_library_version: { args: [], returns: 'cstring' } })
}

const { main } = await import('./cli.ts')
process.exit(await main(process.argv.slice(2)))
