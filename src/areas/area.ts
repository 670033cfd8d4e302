/**
 * What an API area is to the app and the benchmark: its OpenAPI tag, its routes (each declaring its
 * minimum plan and feature with `access()`), and the operations `npm run bench` drives. The app composes
 * the list in index.ts; adding an area is a folder here and one line there.
 */
import type { AnyElysia } from 'elysia'
import type { AreaTag } from '../ops/docs.ts'
import type { BenchKeys, BenchOperation } from './bench.ts'
import type { AreaDeps } from './context.ts'

export type Area = {
  tag: AreaTag
  /**
   * The build's sources whose tables the area reads, by registry name (src/pipeline/sources/index.ts):
   * a benchmark that builds without all of them (`--skip-sources`) leaves the area's operations out.
   */
  sources: readonly string[]
  routes(deps: AreaDeps): AnyElysia
  bench: readonly BenchOperation[]
  /** Keys its bench paths draw that the shared draws lack (src/areas/bench.ts). */
  benchKeys?: readonly BenchKeys[]
}
