/**
 * The ZIP writer for submissions.zip, run in a worker thread: the main thread builds JSON on one core
 * while this one deflates on the other, and the archive's central directory (a record per entry, a
 * million at full scale) lives in this thread's heap instead of inflating the main thread's garbage
 * collections. Entries arrive in batches: one transferred buffer with the bytes of many entries.
 */
import { ZipWriter } from '../lib/zip.ts'

export type ZipWorkerRequest =
  | { op: 'open'; path: string; level: number }
  | { op: 'batch'; buffer: ArrayBuffer; names: string[]; sizes: number[]; modified: number[] }
  | { op: 'close' }
export type ZipWorkerReply =
  | { op: 'ready' }
  | { op: 'done'; bytes: number }
  | { op: 'closed' }
  | { op: 'error'; message: string }

declare const self: Worker
let zip: ZipWriter | null = null
let batches = 0
const reply = (message: ZipWorkerReply) => self.postMessage(message)

self.onmessage = (event: MessageEvent<ZipWorkerRequest>) => {
  const m = event.data
  try {
    if (m.op === 'open') {
      zip = new ZipWriter(m.path, m.level)
      reply({ op: 'ready' })
    } else if (m.op === 'batch') {
      if (!zip) throw new Error('batch before open')
      const bytes = new Uint8Array(m.buffer)
      let offset = 0
      m.names.forEach((name, i) => {
        const size = m.sizes[i]!
        zip!.add(name, bytes.subarray(offset, offset + size), new Date(m.modified[i]!))
        offset += size
      })
      reply({ op: 'done', bytes: m.buffer.byteLength })
      // Batches arrive as transferred buffers that this thread's allocator never sees as pressure:
      // without a collection now and then, gigabytes of them wait for the garbage collector.
      if (++batches % 16 === 0) Bun.gc(true)
    } else {
      zip?.close()
      zip = null
      reply({ op: 'closed' })
    }
  } catch (e) {
    reply({ op: 'error', message: e instanceof Error ? e.message : String(e) })
  }
}
