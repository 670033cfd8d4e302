/**
 * The build's positions (each owner's latest reported balance of each security: title, derivative or
 * not, direct or indirect, nature) of one issuer or one owner.
 */

import type { Static } from '@sinclair/typebox'
import type { Db } from '../../../db/client.ts'
import {
  INSIDER_POSITIONS_BY_ISSUER,
  INSIDER_POSITIONS_BY_OWNER,
} from '../../../pipeline/sources/insider-transactions/contract.ts'

export type PositionRow = Static<typeof INSIDER_POSITIONS_BY_ISSUER.fields>

/**
 * The positions of an issuer or of an owner, in stored order: lines of a positions lookup file
 * (contract INSIDER_POSITIONS_BY_ISSUER and _BY_OWNER; serving.ts insiderLookups says why not a query).
 */
export function positionsOf(db: Db, by: 'issuer' | 'owner', cik: number): PositionRow[] {
  return (by === 'issuer' ? INSIDER_POSITIONS_BY_ISSUER : INSIDER_POSITIONS_BY_OWNER).get(db, cik)
}
