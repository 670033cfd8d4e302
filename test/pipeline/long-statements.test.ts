/**
 * A build statement that takes long says so in a line of its own (time, spill peak, RSS peak), whichever
 * way it is run (`run` or `runLarge`): at full volume that line is how a slow or spilling step is traced to
 * its statement. The threshold is read once, from SECDS_BUILD_SAY_SECONDS, so it runs in a process of its own.
 */
import { expect, test } from 'bun:test'
import { join } from 'node:path'

test('a statement over the threshold gets a line with its time, spill peak and RSS peak, by run and by runLarge', () => {
  const script = `
    import { BuildDb } from ${JSON.stringify(join(import.meta.dir, '../../src/pipeline/duck.ts'))}
    const lines = []
    const db = await BuildDb.open({ file: ':memory:', threads: 1, memoryLimit: '200MB', log: (l) => lines.push(l) })
    await db.run('CREATE TABLE slow AS SELECT range AS n FROM range(3000000) ORDER BY random()')
    await db.runLarge('CREATE TABLE slow2 AS SELECT * FROM slow ORDER BY n')
    console.log(JSON.stringify(lines))`
  const p = Bun.spawnSync([process.execPath, '-e', script], {
    env: { ...process.env, SECDS_BUILD_SAY_SECONDS: '0' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  expect(p.stderr.toString()).toBe('')
  const lines = JSON.parse(p.stdout.toString()) as string[]
  expect(lines).toHaveLength(2)
  expect(lines[0]).toMatch(
    /^ {2}CREATE TABLE slow AS SELECT range AS n FROM range\(3000000\) ORDER BY random\(\)… \([\d.]+ s, spill peak [\d.]+ GB, RSS peak [\d.]+ GB\)$/,
  )
  expect(lines[1]).toMatch(/^ {2}CREATE TABLE slow2 AS SELECT \* FROM slow ORDER BY n… \(/)
})
