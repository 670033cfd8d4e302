/**
 * What area plugins receive: the configuration and the database. Each request gets its own `db`
 * (bound to one snapshot for the whole request, see db/client.ts), released when the response is sent.
 */
import { Elysia } from 'elysia'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'

export type Deps = { config: Config; database: Database }

export const dbContext = (database: Database) =>
  new Elysia({ name: 'db-context', seed: database })
    .derive({ as: 'global' }, () => ({ db: database.forRequest() }))
    .onAfterResponse({ as: 'global' }, ({ db }) => db?.release())
