/**
 * Where submissions records go: one `submissions.zip` (the bulk file's layout) or, with `unzipped`, a
 * `submissions/` folder of the same files. ZIP entries are dated from the data, never the clock, so
 * the archive is byte-identical for a seed. The ZIP is written by a worker thread when one can be
 * started (see zip-worker.ts), else on the main thread: the bytes are the same either way.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { workerScript } from '../lib/worker-script.ts'
import { ZipWriter } from '../lib/zip.ts'
import type { ZipWorkerReply, ZipWorkerRequest } from './zip-worker.ts'

export interface SubmissionsSink {
  add(name: string, json: string, modified: Date): void
  /** A promise to await before adding more when the sink is behind, else null. */
  ready(): Promise<void> | null
  /** Closes the sink; resolves to the bytes it put on disk. */
  close(): Promise<number>
  readonly files: number
  /** Uncompressed JSON bytes so far. */
  readonly jsonBytes: number
}

/** Level 1 deflate: at full scale this is ~6 GB of JSON, and level 1 is several times faster than 6 for ~25% more bytes. */
export const ZIP_LEVEL = 1

export class ZipSink implements SubmissionsSink {
  private zip: ZipWriter | null
  files = 0
  jsonBytes = 0

  constructor(private readonly path: string) {
    this.zip = new ZipWriter(path, ZIP_LEVEL)
  }

  /** One encoding buffer reused for every entry: the writer copies what it keeps, and 6 GB of short-lived buffers fragment memory. */
  private scratch = Buffer.allocUnsafe(1 << 20)

  add(name: string, json: string, modified: Date) {
    if (!this.zip) throw new Error(`${this.path} is closed`)
    const size = Buffer.byteLength(json)
    if (size > this.scratch.length) this.scratch = Buffer.allocUnsafe(Math.max(size, this.scratch.length * 2))
    this.scratch.write(json, 0)
    this.zip.add(name, this.scratch.subarray(0, size), modified)
    this.files++
    this.jsonBytes += size
  }

  ready() {
    return null
  }

  async close() {
    this.zip?.close()
    // Let the writer's central directory (a record per entry, a million at full scale) be collected.
    this.zip = null
    return statSync(this.path).size
  }
}

export class FolderSink implements SubmissionsSink {
  files = 0
  jsonBytes = 0

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true })
  }

  add(name: string, json: string) {
    const bytes = Buffer.from(json)
    writeFileSync(join(this.dir, name), bytes)
    this.files++
    this.jsonBytes += bytes.length
  }

  ready() {
    return null
  }

  async close() {
    return this.jsonBytes
  }
}

const BATCH_BYTES = 4 << 20
/** Batches posted but not yet written: bounds memory if the worker falls behind. */
const MAX_IN_FLIGHT = 64 << 20

/** Sends entries to the ZIP worker in batches of about 4 MB, transferring (not copying) each batch. */
export class WorkerZipSink implements SubmissionsSink {
  files = 0
  jsonBytes = 0
  private buffer = new ArrayBuffer(BATCH_BYTES)
  private view = Buffer.from(this.buffer)
  private used = 0
  private batch = { names: [] as string[], sizes: [] as number[], modified: [] as number[] }
  private inFlight = 0
  private failure: Error | null = null
  private waiting: { op: string; resolve: () => void; reject: (e: Error) => void }[] = []

  private constructor(
    private readonly worker: Worker,
    private readonly path: string,
  ) {
    worker.onmessage = (event: MessageEvent<ZipWorkerReply>) => this.receive(event.data)
    worker.onerror = (event) => this.fail(new Error(`ZIP worker: ${event.message}`))
  }

  /**
   * Starts the worker; rejects if it cannot start. A compiled binary finds it only when built with it as a
   * second entry point (`bun build --compile src/cli.ts src/sample/zip-worker.ts`), where it sits at
   * `sample/zip-worker.ts` beside the entry; without it the caller falls back to the in-thread writer.
   */
  static async open(path: string, timeoutMs = 10_000): Promise<WorkerZipSink> {
    const sink = new WorkerZipSink(new Worker(workerScript('sample/zip-worker.ts')), path)
    const timer = setTimeout(() => sink.fail(new Error('ZIP worker did not start')), timeoutMs)
    try {
      await sink.request({ op: 'open', path, level: ZIP_LEVEL }, 'ready')
    } catch (e) {
      sink.worker.terminate()
      throw e
    } finally {
      clearTimeout(timer)
    }
    return sink
  }

  add(name: string, json: string, modified: Date) {
    if (this.failure) throw this.failure
    const size = Buffer.byteLength(json)
    if (this.used + size > this.buffer.byteLength) this.flush(size)
    this.view.write(json, this.used)
    this.used += size
    this.batch.names.push(name)
    this.batch.sizes.push(size)
    this.batch.modified.push(modified.getTime())
    this.files++
    this.jsonBytes += size
  }

  ready() {
    if (this.failure) return Promise.reject(this.failure)
    return this.inFlight > MAX_IN_FLIGHT ? this.until('done') : null
  }

  async close() {
    this.flush(0)
    while (this.inFlight > 0) await this.until('done')
    await this.request({ op: 'close' }, 'closed')
    this.worker.terminate()
    return statSync(this.path).size
  }

  private flush(next: number) {
    if (this.batch.names.length > 0) {
      const message: ZipWorkerRequest = { op: 'batch', buffer: this.buffer, ...this.batch }
      this.worker.postMessage(message, [this.buffer])
      this.inFlight += this.buffer.byteLength
    }
    this.buffer = new ArrayBuffer(Math.max(BATCH_BYTES, next))
    this.view = Buffer.from(this.buffer)
    this.used = 0
    this.batch = { names: [], sizes: [], modified: [] }
  }

  private request(message: ZipWorkerRequest, op: string) {
    const answer = this.until(op)
    this.worker.postMessage(message)
    return answer
  }

  private until(op: string) {
    if (this.failure) return Promise.reject(this.failure)
    return new Promise<void>((resolve, reject) => this.waiting.push({ op, resolve, reject }))
  }

  private receive(reply: ZipWorkerReply) {
    if (reply.op === 'error') return this.fail(new Error(`ZIP worker: ${reply.message}`))
    if (reply.op === 'done') this.inFlight -= reply.bytes
    const [matching, others] = [
      this.waiting.filter((w) => w.op === reply.op),
      this.waiting.filter((w) => w.op !== reply.op),
    ]
    this.waiting = others
    for (const w of matching) w.resolve()
  }

  private fail(error: Error) {
    if (!this.failure) this.worker.terminate() // a live worker would keep the process from exiting
    this.failure ??= error
    for (const w of this.waiting.splice(0)) w.reject(this.failure)
  }
}

/**
 * A ZIP sink on a worker thread, or on this one when no worker can be started. The fallback is said on
 * stderr: it halves the generator's speed, and a binary compiled without the worker entry would
 * otherwise pass unnoticed.
 */
export async function openZipSink(path: string): Promise<SubmissionsSink> {
  try {
    return await WorkerZipSink.open(path)
  } catch (e) {
    console.error(
      `sample: no ZIP worker (${e instanceof Error ? e.message : String(e)}); compressing on the main thread`,
    )
    return new ZipSink(path)
  }
}
