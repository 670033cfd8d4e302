/**
 * The keys file: JSON holding the operator's plan overrides and one record per API key. It stores
 * only a key's SHA-256: keys are 256-bit random, so a slow password hash would add nothing, and a
 * leaked file gives no usable key. The server reads it (key-store.ts); `secds keys` rewrites it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { type Static, Type as t } from '@sinclair/typebox'
import { FEATURES, type Feature, isFeature, type Plans, planNames, resolvePlans, schemaProblems } from './plans.ts'

export const KeyRecord = t.Object({
  id: t.String({ minLength: 1, description: 'Short random id shown in lists and logs' }),
  name: t.String({ minLength: 1 }),
  hash: t.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the key, hex' }),
  plan: t.String(),
  features: t.Array(t.String()),
  createdAt: t.String(),
  revokedAt: t.Union([t.String(), t.Null()]),
})
export type KeyRecord = Static<typeof KeyRecord>

export const KeysFile = t.Object({
  plans: t.Optional(t.Unknown({ description: 'Overrides merged over the default plans (plans.ts)' })),
  keys: t.Array(KeyRecord),
})
export type KeysFile = Static<typeof KeysFile>

/** A keys file that cannot be used; the message names the file and every bad field. */
export class KeysFileError extends Error {}

/** `secds_` and 43 base64url characters: 32 random bytes. */
export const KEY_PATTERN = /^secds_[A-Za-z0-9_-]{43}$/

export const generateKey = () => `secds_${randomBytes(32).toString('base64url')}`
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

/** A new key and the record to store for it; the key itself is never stored. */
export function newKeyRecord(
  file: KeysFile,
  { name, plan, features }: { name?: string; plan: string; features: readonly Feature[] },
  now = new Date(),
): { key: string; record: KeyRecord } {
  const taken = new Set(file.keys.map((k) => k.id))
  let id = randomBytes(4).toString('hex')
  while (taken.has(id)) id = randomBytes(4).toString('hex')
  const key = generateKey()
  const record = {
    id,
    name: name ?? `key-${id}`,
    hash: hashKey(key),
    plan,
    features: [...new Set(features)],
    createdAt: now.toISOString(),
    revokedAt: null,
  }
  return { key, record }
}

/** Checks what the schema cannot: every plan and feature exists, ids and hashes are unique. */
function recordProblems(keys: KeyRecord[], plans: Plans): string[] {
  const problems: string[] = []
  const ids = new Set<string>()
  const hashes = new Set<string>()
  keys.forEach((k, i) => {
    if (!plans[k.plan])
      problems.push(`keys[${i}].plan: unknown plan ${JSON.stringify(k.plan)} (known: ${planNames(plans)})`)
    for (const f of k.features) {
      if (!isFeature(f))
        problems.push(`keys[${i}].features: unknown feature ${JSON.stringify(f)} (known: ${FEATURES.join(', ')})`)
    }
    if (ids.has(k.id)) problems.push(`keys[${i}].id: ${JSON.stringify(k.id)} is used by an earlier key`)
    if (hashes.has(k.hash)) problems.push(`keys[${i}].hash: the same key is stored twice`)
    ids.add(k.id)
    hashes.add(k.hash)
  })
  return problems
}

/** Reads and checks the file; throws KeysFileError (file missing, bad JSON, bad field). */
export function readKeysFile(path: string): { file: KeysFile; plans: Plans } {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    throw new KeysFileError(`cannot read keys file ${path}: ${(e as Error).message}`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw new KeysFileError(`keys file ${path} is not valid JSON: ${(e as Error).message}`)
  }
  const fail = (problems: string[]) => new KeysFileError(`keys file ${path} is invalid:\n  ${problems.join('\n  ')}`)
  const shape = schemaProblems(KeysFile, raw, '')
  if (shape.length) throw fail(shape)
  const file = raw as KeysFile
  let plans: Plans
  try {
    plans = resolvePlans(file.plans ?? {})
  } catch (e) {
    throw fail((e as Error).message.split('\n'))
  }
  const problems = recordProblems(file.keys, plans)
  if (problems.length) throw fail(problems)
  return { file, plans }
}

/**
 * Writes the whole file through a temporary file and a rename, so a reader (the running server) sees
 * the old file or the new one, never half of one. Mode 0600: hashes are not keys, but still private.
 */
export function writeKeysFile(path: string, file: KeysFile): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  const body = `${JSON.stringify({ ...(file.plans === undefined ? {} : { plans: file.plans }), keys: file.keys }, null, 2)}\n`
  const fd = openSync(tmp, 'wx', 0o600)
  try {
    try {
      writeSync(fd, body)
      fsyncSync(fd) // the rename must not land before the bytes do
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, path)
  } catch (e) {
    rmSync(tmp, { force: true })
    throw e
  }
}
