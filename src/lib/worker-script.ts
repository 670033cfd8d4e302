/**
 * Where a worker thread's script is, given its path under src/ (`server/worker.ts`): beside the code when
 * run from source, or inside the compiled binary, which holds each worker as an entry point of its own at
 * that same path beside the CLI (scripts/compile.ts).
 */
export function workerScript(entry: string): string {
  const compiled = import.meta.url.includes('/$bunfs/')
  return compiled ? `./${entry}` : new URL(`../${entry}`, import.meta.url).href
}
