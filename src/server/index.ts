/**
 * Serving: in this thread alone (SERVER_THREADS=1) or on several (threads.ts), until SIGTERM or SIGINT,
 * then gracefully (requests in flight finish).
 */
import type { Config } from '../config.ts'
import { type RunningServer, startServer } from './thread.ts'
import { serverThreads, startThreads } from './threads.ts'

export { startServer } from './thread.ts'

export async function serveUntilSignal(config: Config) {
  const threads = serverThreads(config)
  const running: RunningServer = threads === 1 ? await startServer(config) : await startThreads(config, threads)
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      console.error(`secds: ${signal}: finishing requests in flight`)
      void running.stop().then(resolve)
    }
    process.once('SIGTERM', () => shutdown('SIGTERM'))
    process.once('SIGINT', () => shutdown('SIGINT'))
  })
}
