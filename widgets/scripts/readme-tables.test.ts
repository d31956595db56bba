import { beforeAll, describe, expect, it } from 'vitest'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fillLoaderSize, readmes } from './readme-tables.js'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

describe('README tables', () => {
  let files: Awaited<ReturnType<typeof readmes>>
  beforeAll(async () => {
    files = await readmes()
  })

  it('list every attribute and event of the manifest, as npm run readme -w widgets writes them', () => {
    for (const { path, current, wanted } of files) expect(current, path).toBe(wanted)
  })

  it('state the loader’s size in one place, widgets/README.md, as the build measures it', () => {
    const stating = files.filter(({ wanted }) => wanted.includes('<!-- loader-size -->'))
    expect(stating.map(({ path }) => relative(repoRoot, path))).toEqual([join('widgets', 'README.md')])
    expect(stating[0]!.wanted.match(/<!-- loader-size -->\d+\.\d kB gzip<!-- \/loader-size -->/g)).toHaveLength(1)
    for (const { path, wanted } of files) expect(wanted, path).not.toMatch(/loader[^.\n]{0,40}\b\d+(\.\d)? ?kB(?! gzip<!-- \/loader-size)/)
  })

  it('keep a stated loader size while the build measures within a few bytes of it, and replace it past that', () => {
    const stated = (size: string) => `loader (<!-- loader-size -->${size}<!-- /loader-size -->)`
    // 1,652 bytes rounds to 1.7, but a chunk's new hash may make it 1,648: 1.6 still holds.
    expect(fillLoaderSize(stated('1.6 kB gzip'), 1652)).toBe(stated('1.6 kB gzip'))
    expect(fillLoaderSize(stated('1.7 kB gzip'), 1648)).toBe(stated('1.7 kB gzip'))
    expect(fillLoaderSize(stated('1.6 kB gzip'), 1700)).toBe(stated('1.7 kB gzip'))
    expect(fillLoaderSize(stated('1.5 kB gzip'), 1652)).toBe(stated('1.7 kB gzip'))
  })

  it('include the schedule’s view and group-by', () => {
    for (const { path, wanted } of files) {
      expect(wanted, path).toMatch(/\| `service-schedule` +\| `view` +\|/)
      expect(wanted, path).toMatch(/\| `service-schedule` +\| `group-by` +\|/)
    }
  })
})
