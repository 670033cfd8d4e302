/**
 * The submissions source's part of the sample generator: every entity's `CIK##########.json` record and
 * page files (sample-json.ts), into `submissions.zip` (written by a worker thread where one can start) or a
 * `submissions/` folder. ZIP entries are dated from the data, never the clock, so the archive is
 * byte-identical for a seed.
 */
import { join } from 'node:path'
import { absentFrom } from '../../../sample/cast.ts'
import { FolderSink, openZipSink } from '../../../sample/output.ts'
import type { SampleWorld, SampleWriter } from '../../source.ts'
import { submissionFiles } from './sample-json.ts'

export async function submissionsSample(world: SampleWorld): Promise<SampleWriter> {
  const sink = world.unzipped
    ? new FolderSink(join(world.out, 'submissions'))
    : await openZipSink(join(world.out, 'submissions.zip'))
  return {
    entity(e) {
      if (!e.profile || e.visible.length === 0 || absentFrom('submissions', e.cik)) return
      for (const file of submissionFiles(e.profile, e.visible))
        sink.add(file.name, file.json, new Date(file.newest.acceptedAt * 1000))
      // The ZIP worker is behind: wait before handing it more.
      return sink.ready() ?? undefined
    },
    async finish() {
      const files = sink.files
      return { files, bytes: await sink.close() }
    },
  }
}
