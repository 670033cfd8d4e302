/**
 * The API areas the app serves, in the order their routes are registered (static segments before
 * parameters is the router's business, not this order's). Adding an area is a folder under src/areas/
 * and one line here.
 */
import type { Area } from './area.ts'
import { entities } from './entities/index.ts'
import { filings } from './filings/index.ts'
import { financials } from './financials/index.ts'
import { insiders } from './insiders/index.ts'
import { institutions } from './institutions/index.ts'

export const AREAS: readonly Area[] = [filings, entities, financials, insiders, institutions]
