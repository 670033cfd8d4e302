/**
 * A read model's packed fields (src/pipeline/read-model.ts `packed`): an object written into an array line
 * as the array of its values, its names left out. The line DuckDB writes from the model's SQL decodes to
 * the object the unpacked line (the struct as JSON) holds, null staying null.
 */
import { expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { columnKey } from '../../src/pipeline/contract.ts'
import { readModel } from '../../src/pipeline/read-model.ts'
import { memoryConnection } from '../helpers/memory-duck.ts'

const conn = memoryConnection()

const VINTAGE = Type.Object({
  value: Type.Number(),
  acc_key: Type.String(),
  accepted: Type.Union([Type.String(), Type.Null()]),
  components: Type.Unknown(),
})
const fields = Type.Object({ end_date: Type.Number(), first: VINTAGE, last: Type.Union([VINTAGE, Type.Null()]) })
const spec = {
  name: 'packedTest',
  path: 'lookup/packed-test',
  key: columnKey('cik'),
  keyIs: 'CIK',
  line: 'array',
  fields,
  order: 'none',
} as const
const PACKED = readModel({ ...spec, packed: ['first', 'last'] })
const UNPACKED = readModel({ ...spec, sql: { first: 'first::JSON', last: 'last::JSON' } })

/** Each model's line over the same rows: the struct columns as the build's tables hold them. */
async function lines(model: typeof PACKED | typeof UNPACKED) {
  const vintage = (value: string, acc: string, accepted: string, components: string) =>
    `{'value': ${value}::DOUBLE, 'acc_key': '${acc}', 'accepted': ${accepted}, 'components': '${components}'::JSON}`
  const rows = await conn().runAndReadAll(`SELECT ${model.lineSql} FROM (VALUES
      (20230531, ${vintage('7947000', '110482623017177', "TIMESTAMP '2023-08-21 14:15:09'", '[{"metric":"revenue","value":9073000.0}]')},
                 ${vintage('8255000', '110482624016428', "TIMESTAMP '2024-04-24 17:21:41'", 'null')}),
      (20220531, ${vintage('0.5', '1', 'NULL::TIMESTAMP', '{"a":"x, \\"y\\" [z]"}')}, NULL)
    ) t(end_date, first, last)`)
  return rows.getRows().map((r) => r[0] as string)
}

test('a packed line decodes to what the unpacked line holds, in fewer bytes', async () => {
  const packed = await lines(PACKED)
  const unpacked = await lines(UNPACKED)
  expect(packed[0]).toBe(
    '[20230531,[7947000.0,"110482623017177","2023-08-21 14:15:09",[{"metric":"revenue","value":9073000.0}]],[8255000.0,"110482624016428","2024-04-24 17:21:41",null]]',
  )
  expect(packed.map((l) => PACKED.decode(l))).toEqual(unpacked.map((l) => UNPACKED.decode(l)))
  expect(PACKED.decode(packed[1]!)).toEqual({
    end_date: 20220531,
    first: { value: 0.5, acc_key: '1', accepted: null, components: { a: 'x, "y" [z]' } },
    last: null,
  })
  expect(packed.map((l, i) => l.length < unpacked[i]!.length)).toEqual([true, true])
})

test('only an object field of an array line can be packed, from its column', () => {
  expect(() => readModel({ ...spec, packed: ['end_date'] })).toThrow('packedTest: end_date is packed but is no object')
  expect(() => readModel({ ...spec, line: 'object', packed: ['first'] })).toThrow(
    'packedTest: only an array line packs objects',
  )
  expect(() => readModel({ ...spec, sql: { first: 'first::JSON' }, packed: ['first'] })).toThrow(
    'packedTest: first is packed from its column; it takes no SQL of its own',
  )
})
