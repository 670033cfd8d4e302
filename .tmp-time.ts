import { Reporter } from './src/lib/progress.ts'
import { runBuild } from './src/pipeline/index.ts'
import { generateSample } from './src/pipeline/sample.ts'
const out = process.argv[2]!
const t0 = performance.now()
await generateSample({ out: `${out}/mirror`, scale: 0.001, seed: 2 })
console.log('sample', ((performance.now() - t0) / 1000).toFixed(1))
const t1 = performance.now()
await runBuild({ from: `${out}/mirror`, datasets: `${out}/ds`, reporter: new Reporter({ write: (s: string) => { process.stdout.write(s); return true } }, false), threads: 2, seriesFactsPerBatch: 400 })
console.log('build', ((performance.now() - t1) / 1000).toFixed(1))
