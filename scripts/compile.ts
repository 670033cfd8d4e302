/**
 * `npm run compile [-- --outfile PATH]`: one executable (default dist/secds) for Linux x64 that needs no
 * Bun, Node.js or node_modules. It holds the CLI (src/bin.ts), two worker threads' entries (the sample
 * generator's ZIP worker, found at `sample/zip-worker.ts`, and the server thread, at `server/worker.ts`),
 * the docs page assets, the DuckDB addon and libduckdb.so (see src/bin.ts for how the library is loaded).
 */
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'

const { values: flags } = parseArgs({ options: { outfile: { type: 'string', default: 'dist/secds' } } })
const root = resolve(import.meta.dir, '..')
const outfile = resolve(flags.outfile!)

// The bindings package picks its addon by platform with a require per platform; only Linux x64 (glibc)
// is installed and embedded, so the others must stay unresolved or the bundle fails.
const OTHER_PLATFORMS = [
  'linux-x64-musl',
  'linux-arm64',
  'linux-arm64-musl',
  'darwin-arm64',
  'darwin-x64',
  'win32-arm64',
  'win32-x64',
]

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`compile: the binary embeds DuckDB for linux-x64; this machine is ${process.platform}-${process.arch}`)
  process.exit(2)
}

mkdirSync(dirname(outfile), { recursive: true })
const started = performance.now()
const p = Bun.spawnSync(
  [
    process.execPath,
    'build',
    '--compile',
    'src/bin.ts',
    'src/sample/zip-worker.ts',
    'src/server/worker.ts',
    '--outfile',
    outfile,
    ...OTHER_PLATFORMS.flatMap((platform) => ['--external', `@duckdb/node-bindings-${platform}`]),
  ],
  { cwd: root, stdout: 'inherit', stderr: 'inherit' },
)
if (p.exitCode !== 0) process.exit(p.exitCode ?? 1)
const size = Bun.file(outfile).size
console.log(
  `compiled ${outfile} (${(size / 2 ** 20).toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(1)}s`,
)
