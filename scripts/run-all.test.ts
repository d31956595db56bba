import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const RUN_ALL = fileURLToPath(new URL('./run-all.mjs', import.meta.url))

/** Runs run-all.mjs with `parts` in a package whose npm scripts are `scripts`. */
function runAll(dir: string, parts: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUN_ALL, ...parts], { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME } })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}

describe('npm test (scripts/run-all.mjs)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-all-'))
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'parts',
      private: true,
      scripts: {
        unit: 'node -e "console.log(\'unit: 2 failed\'); process.exit(3)"',
        widgets: 'node -e "console.log(\'widgets: all passed\')"',
        e2e: 'node -e "console.log(\'e2e: all passed\')"',
      },
    }),
  )
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('runs the later parts after one failed, keeps their output, and exits non-zero', async () => {
    const { code, output } = await runAll(dir, ['unit', 'widgets', 'e2e'])
    expect(code).toBe(1)
    // Each runner's own closing lines stay in the output, in order.
    expect(output.indexOf('unit: 2 failed')).toBeGreaterThanOrEqual(0)
    expect(output.indexOf('widgets: all passed')).toBeGreaterThan(output.indexOf('unit: 2 failed'))
    expect(output.indexOf('e2e: all passed')).toBeGreaterThan(output.indexOf('widgets: all passed'))
    expect(output).toMatch(/^ {2}FAILED \(exit 3\) {2}unit {2}\d+ s$/m)
    expect(output).toMatch(/^ {2}passed {2}widgets {2}\d+ s$/m)
    expect(output).toMatch(/^ {2}passed {2}e2e {2}\d+ s$/m)
    expect(output).toMatch(/^parts: 2 passed, 1 failed$/m)
  })

  it('exits 0 when every part passed', async () => {
    const { code, output } = await runAll(dir, ['widgets', 'e2e'])
    expect(code).toBe(0)
    expect(output).not.toContain('FAILED')
  })
})
