/**
 * The record batch message of an Arrow stream (its flatbuffer: the row count, each column's length and
 * null count, each buffer's offset and length in the body, the body's length), made from a template.
 * The flatbuffer's layout depends only on how many columns and buffers there are and on whether the row
 * count and the body length are zero (a zero is left out); apache-arrow encodes each such shape once,
 * with a marker in every number, and an answer's message is a copy of its shape's with its numbers
 * written where the markers were. Encoding it anew for every answer (a flatbuffer builder, two BigInts
 * per column and per buffer) was a tenth of what writing a metric series as Arrow took.
 */
import { Message } from 'apache-arrow'
import { RecordBatch as BatchHeader, BufferRegion, FieldNode } from 'apache-arrow/ipc/metadata/message'

/** A batch's numbers: `nodes` a column's [length, null count], `regions` a buffer's [offset, length]. */
export type Batch = { length: number; nodes: [number, number][]; regions: [number, number][]; bodyLength: number }

/** A batch's message as apache-arrow encodes it: what a template is made from, and what the tests compare it with. */
export const encodeBatch = ({ length, nodes, regions, bodyLength }: Batch) =>
  Message.encode(
    Message.from(
      new BatchHeader(
        length,
        nodes.map(([n, nulls]) => new FieldNode(n, nulls)),
        regions.map(([offset, size]) => new BufferRegion(offset, size)),
        null,
      ),
      bodyLength,
    ),
  )

/** The numbers of a batch in one order: row count, body length, then the nodes', then the regions'. */
const numbersOf = (b: Batch) => [b.length, b.bodyLength, ...b.nodes.flat(), ...b.regions.flat()]

/** Far above any offset or length inside a message this small: where it is found, a number is. */
const MARK = 0x5ec0_0000

type Template = { bytes: Uint8Array; at: number[] }

/** A shape's message with every number a marker (a zero left zero), and where each number is. */
function templateOf(shape: Batch): Template {
  const numbers = numbersOf(shape).map((n, k) => (n === 0 && k < 2 ? 0 : MARK + k))
  const marked: Batch = {
    length: numbers[0]!,
    bodyLength: numbers[1]!,
    nodes: shape.nodes.map((_, i) => [numbers[2 + 2 * i]!, numbers[3 + 2 * i]!]),
    regions: shape.regions.map((_, i) => [
      numbers[2 + 2 * shape.nodes.length + 2 * i]!,
      numbers[3 + 2 * shape.nodes.length + 2 * i]!,
    ]),
  }
  const bytes = encodeBatch(marked)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const at = numbers.map(() => -1)
  for (let p = 0; p + 8 <= bytes.length; p += 4) {
    const k = view.getUint32(p, true) - MARK
    if (k >= 0 && k < numbers.length && view.getUint32(p + 4, true) === 0) at[k] = p
  }
  if (numbers.some((n, k) => (n === 0) !== (at[k] === -1)))
    throw new Error('the record batch message has not the layout its template expects')
  return { bytes, at }
}

const templates = new Map<string, Template>()
/** Shapes are few (an operation's columns, and a few counts of map columns); kept below this many. */
const MAX_TEMPLATES = 256

export function batchMessage(batch: Batch): Uint8Array {
  const key = `${batch.nodes.length}:${batch.regions.length}:${batch.length === 0}:${batch.bodyLength === 0}`
  let template = templates.get(key)
  if (!template) {
    if (templates.size >= MAX_TEMPLATES) templates.clear()
    template = templateOf(batch)
    templates.set(key, template)
  }
  const bytes = template.bytes.slice()
  const view = new DataView(bytes.buffer)
  const numbers = numbersOf(batch)
  for (let k = 0; k < numbers.length; k++) {
    const p = template.at[k]!
    if (p < 0) continue
    // A 64-bit little-endian integer, as two 32-bit halves (every number here is below 2^53).
    view.setUint32(p, numbers[k]! % 2 ** 32, true)
    view.setUint32(p + 4, Math.floor(numbers[k]! / 2 ** 32), true)
  }
  return bytes
}
