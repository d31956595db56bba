import { beforeAll, describe, expect, it } from 'vitest'
import { readmes } from './readme-tables.js'

describe('README tables', () => {
  let files: Awaited<ReturnType<typeof readmes>>
  beforeAll(async () => {
    files = await readmes()
  })

  it('list every attribute and event of the manifest, as npm run readme -w widgets writes them', () => {
    for (const { path, current, wanted } of files) expect(current, path).toBe(wanted)
  })

  it('include the schedule’s view and group-by', () => {
    for (const { path, wanted } of files) {
      expect(wanted, path).toMatch(/\| `service-schedule` +\| `view` +\|/)
      expect(wanted, path).toMatch(/\| `service-schedule` +\| `group-by` +\|/)
    }
  })
})
