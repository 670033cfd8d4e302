/**
 * The benchmark's request paths, made over the fixture snapshot exactly as `npm run bench` makes them
 * (keys read from the snapshot, both mixes' draws, every area's operations), each answer 200 in process:
 * a bench path that names something missing or sends a bad parameter fails here, not an hour into a run.
 * The bench itself judges speed; this judges only that it asks valid questions.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { POST_HEADERS, requestOf } from '../../scripts/bench/http.ts'
import { MIXES, makeDraws } from '../../scripts/bench/mixes.ts'
import { OPERATIONS } from '../../scripts/bench/operations.ts'
import { seeded } from '../../scripts/bench/random.ts'
import { readSnapshotKeys, type SnapshotKeys } from '../../scripts/bench/snapshot-keys.ts'
import { AREAS } from '../../src/areas/index.ts'
import { openTestApi, type TestApi } from '../helpers/api.ts'

let api: TestApi
let keys: SnapshotKeys
beforeAll(async () => {
  api = await openTestApi()
  keys = await readSnapshotKeys(api.datasets)
})
afterAll(() => api?.close())

/** A line of a paths file as paths.lua sends it: a GET, or a POST of JSON (an MCP tool call). */
async function send(line: string): Promise<{ status: number; text: string }> {
  const request = requestOf(line)
  if (!request.post) return api.get(line)
  const headers = { 'x-api-key': api.keys.ENTERPRISE, ...POST_HEADERS }
  const res = await api.app.handle(
    new Request(`http://localhost${request.path}`, { method: 'POST', headers, body: request.post }),
  )
  return { status: res.status, text: await res.text() }
}

describe('bench paths over the fixture', () => {
  for (const mix of MIXES) {
    test(`${mix}: every operation's paths answer 200`, async () => {
      const rnd = seeded(7)
      const draws = makeDraws(mix, keys, rnd)
      const failures: string[] = []
      let made = 0
      for (const op of OPERATIONS) {
        for (let i = 0; i < 5; i++) {
          const path = op.path(draws, rnd)
          if (path === undefined) break
          made++
          const { status, text } = await send(path)
          // A tool call's error is a 200 whose result says isError (src/mcp/call.ts).
          if (status !== 200 || text.includes('"isError":true'))
            failures.push(`${op.name}: ${path} → ${status} ${text.slice(0, 200)}`)
        }
      }
      expect(failures).toEqual([])
      // Most operations can be made at the fixture's scale (only some need keys it may lack).
      expect(made).toBeGreaterThan(OPERATIONS.length * 5 * 0.6)
    })
  }
})

test("every area key's queries give keys over the fixture: a popular list that fails would leave the skewed mix uniform", () => {
  const declared = AREAS.flatMap((area) => area.benchKeys ?? [])
  expect(
    Object.fromEntries(
      declared.map((k) => [
        k.name,
        {
          uniform: (keys.areaKeys[k.name]?.uniform.length ?? 0) > 0,
          popular: (keys.areaKeys[k.name]?.popular.length ?? 0) > 0,
        },
      ]),
    ),
  ).toEqual(Object.fromEntries(declared.map((k) => [k.name, { uniform: true, popular: Boolean(k.popular) }])))
})
