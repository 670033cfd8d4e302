#!/usr/bin/env bun
/**
 * secds: one entry for every command. `npm run secds -- <command> [flags]` runs this file; the compiled
 * binary runs the same code with the same flags.
 */
import { UsageError } from './cli/args.ts'
import { BuildError } from './pipeline/errors.ts'

/**
 * Each command's module is loaded when the command runs: the server's (every area of the API) takes most of
 * a start's time, and `build`, `sample` and `keys` never use it.
 */
const COMMANDS: Record<string, { run: (argv: string[]) => Promise<void>; summary: string }> = {
  build: {
    run: async (argv) => (await import('./cli/build.ts')).buildCommand(argv),
    summary: 'build a Parquet snapshot from EDGAR bulk files (--from DIR or --download)',
  },
  keys: {
    run: async (argv) => (await import('./cli/keys.ts')).keysCommand(argv),
    summary: 'create, list and revoke API keys (the keys file stores only their hashes)',
  },
  sample: {
    run: async (argv) => (await import('./cli/sample.ts')).sampleCommand(argv),
    summary: 'write fictional EDGAR bulk files in the mirror layout',
  },
  serve: {
    run: async (argv) => (await import('./cli/serve.ts')).serveCommand(argv),
    summary: 'serve the /v1 API over a snapshot folder',
  },
  start: {
    run: async (argv) => (await import('./cli/serve.ts')).startCommand(argv),
    summary: 'build the demo snapshot if there is none, then serve it (npm start)',
  },
}

const usage = `usage: secds <command> [flags]    (secds <command> --help for its flags)

${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(8)} ${c.summary}`)
  .join('\n')}`

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage)
    return name ? 0 : 2
  }
  const command = COMMANDS[name]
  if (!command) {
    console.error(`secds: unknown command ${JSON.stringify(name)}\n\n${usage}`)
    return 2
  }
  try {
    await command.run(rest)
    return 0
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`secds ${name}: ${e.message}`)
      return 2
    }
    if (e instanceof BuildError) {
      console.error(`secds ${name} failed: ${e.message}`)
      return 1
    }
    console.error(`secds ${name} failed: ${e instanceof Error ? e.message : String(e)}`)
    if (process.env.SECDS_DEBUG) console.error(e)
    return 1
  }
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)))
