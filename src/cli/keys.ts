import { existsSync } from 'node:fs'
import { type KeyRecord, type KeysFile, newKeyRecord, readKeysFile, writeKeysFile } from '../auth/keys-file.ts'
import { DEFAULT_PLANS, FEATURES, type Feature, isFeature, type Plans, planNames } from '../auth/plans.ts'
import { parseFlagsAndPositionals, UsageError } from './args.ts'

export const keysUsage = `usage: secds keys (create | list | revoke ID_OR_NAME) [flags]

Manages the server's API keys. The keys file keeps only a SHA-256 of each key, so a key is shown once,
when it is created. A running server sees every change within about a second.
  create --plan PLAN [--feature F]... [--name N]   make a key; the key alone is the last line printed
  list                                             id, name, plan, features, created, revoked (never keys or hashes)
  revoke ID_OR_NAME                                revoke by id, or by the name of a key that is not revoked
flags:
  --keys FILE     keys file (default $KEYS_FILE or ./secds-keys.json); create makes it when missing
  --plan PLAN     ${Object.keys(DEFAULT_PLANS).join(', ')} or a plan the keys file adds
  --feature F     a feature on top of the plan, repeatable: ${FEATURES.join(', ')}
  --name N        shown in lists and in the request log (default key-<id>)`

type Flags = { plan?: string; feature?: string[]; name?: string }

export async function keysCommand(argv: string[], env = process.env) {
  const { flags: f, positionals } = parseFlagsAndPositionals(
    argv,
    {
      keys: { type: 'string' },
      plan: { type: 'string' },
      feature: { type: 'string', multiple: true },
      name: { type: 'string' },
    },
    keysUsage,
  )
  if (f.help) return console.log(keysUsage)
  const [action, ...operands] = positionals
  const path = f.keys ?? env.KEYS_FILE ?? './secds-keys.json'
  const onlyFor = (allowed: (keyof Flags)[]) => {
    const extra = (['plan', 'feature', 'name'] as const).filter(
      (flag) => f[flag] !== undefined && !allowed.includes(flag),
    )
    if (extra.length)
      throw new UsageError(`${action} does not take ${extra.map((x) => `--${x}`).join(', ')}\n\n${keysUsage}`)
  }
  if (action === 'create' || action === 'list') {
    if (operands.length)
      throw new UsageError(`${action} takes no operand, got ${JSON.stringify(operands.join(' '))}\n\n${keysUsage}`)
    onlyFor(action === 'create' ? ['plan', 'feature', 'name'] : [])
    return action === 'create' ? createKey(path, f) : listKeys(path)
  }
  if (action === 'revoke') {
    if (operands.length !== 1) throw new UsageError(`revoke takes one key id or name\n\n${keysUsage}`)
    onlyFor([])
    return revokeKey(path, operands[0]!)
  }
  throw new UsageError(
    `${action ? `unknown action ${JSON.stringify(action)}` : 'give an action'}: create, list or revoke\n\n${keysUsage}`,
  )
}

/** The file, or an empty one with the default plans when create is about to make it. */
function load(path: string, { mayBeMissing }: { mayBeMissing: boolean }): { file: KeysFile; plans: Plans } {
  if (mayBeMissing && !existsSync(path)) return { file: { keys: [] }, plans: DEFAULT_PLANS }
  if (!existsSync(path))
    throw new Error(`no keys file at ${path}; \`secds keys create\` or the first \`secds serve\` makes one`)
  return readKeysFile(path)
}

const active = (keys: KeyRecord[]) => keys.filter((k) => k.revokedAt === null)
const describe = (k: KeyRecord) => `${k.id} "${k.name}" (plan ${k.plan}; features: ${k.features.join(', ') || 'none'})`

function createKey(path: string, f: Flags) {
  if (!f.plan) throw new UsageError(`create needs --plan\n\n${keysUsage}`)
  const { file, plans } = load(path, { mayBeMissing: true })
  const plan = f.plan.toUpperCase()
  if (!plans[plan]) throw new UsageError(`unknown plan ${JSON.stringify(f.plan)}; valid plans: ${planNames(plans)}`)
  const features = (f.feature ?? []).map((x) => x.toUpperCase())
  const unknown = features.filter((x) => !isFeature(x))
  if (unknown.length)
    throw new UsageError(`unknown feature ${JSON.stringify(unknown[0])}; valid features: ${FEATURES.join(', ')}`)
  const name = f.name?.trim()
  if (name === '') throw new UsageError('--name must not be empty')
  if (name !== undefined && active(file.keys).some((k) => k.name === name)) {
    throw new UsageError(`a key named ${JSON.stringify(name)} already exists and is not revoked; pick another name`)
  }
  const { key, record } = newKeyRecord(file, { name, plan, features: features as Feature[] })
  writeKeysFile(path, { ...file, keys: [...file.keys, record] })
  console.log(`Created key ${describe(record)} in ${path}.`)
  console.log('This is the only time the key is shown (the file keeps only its hash):')
  console.log(key)
}

const shortTime = (iso: string | null) => (iso ? iso.replace(/\.\d+Z$/, 'Z') : '-')

function listKeys(path: string) {
  const { file } = load(path, { mayBeMissing: false })
  if (!file.keys.length) return console.log(`no keys in ${path}`)
  const rows = [
    ['ID', 'NAME', 'PLAN', 'FEATURES', 'CREATED', 'REVOKED'],
    ...file.keys.map((k) => [
      k.id,
      k.name,
      k.plan,
      k.features.join(',') || '-',
      shortTime(k.createdAt),
      shortTime(k.revokedAt),
    ]),
  ]
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)))
  for (const r of rows)
    console.log(
      r
        .map((cell, col) => cell.padEnd(widths[col]!))
        .join('  ')
        .trimEnd(),
    )
}

function revokeKey(path: string, idOrName: string) {
  const { file } = load(path, { mayBeMissing: false })
  const byId = file.keys.filter((k) => k.id === idOrName)
  const matches = byId.length ? byId : active(file.keys).filter((k) => k.name === idOrName)
  if (matches.length > 1)
    throw new UsageError(
      `${matches.length} keys are named ${JSON.stringify(idOrName)}; revoke by id (see \`secds keys list\`)`,
    )
  const target = matches[0]
  if (!target)
    throw new Error(`no key with id or active name ${JSON.stringify(idOrName)} in ${path} (see \`secds keys list\`)`)
  if (target.revokedAt !== null)
    return console.log(`Key ${describe(target)} was already revoked at ${target.revokedAt}.`)
  const revokedAt = new Date().toISOString()
  writeKeysFile(path, { ...file, keys: file.keys.map((k) => (k === target ? { ...k, revokedAt } : k)) })
  console.log(`Revoked key ${describe(target)} at ${revokedAt}; a running server refuses it within about a second.`)
}
