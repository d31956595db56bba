import { readFileSync } from 'node:fs'
import type { ApiError } from '@event-service/server-common/api-error.ts'
import { expect } from 'vitest'

/** A fixture of this folder's `fixtures/`. */
export const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))

/** One of the c3voc schedule examples vendored at the repository's root. */
export const vocExample = (name: string): Buffer =>
  readFileSync(new URL(`../../../../../test-fixtures/voc-schedule/examples/${name}`, import.meta.url))

/** A parsed JSON fixture to break on purpose. */
export const jsonOf = (bytes: Buffer): any => JSON.parse(bytes.toString('utf8'))

export const bytesOf = (document: unknown): Uint8Array =>
  new TextEncoder().encode(typeof document === 'string' ? document : JSON.stringify(document))

/** The source error a read throws (failing the test when it throws nothing or something else). */
export function sourceErrorOf(read: () => unknown): ApiError & { details: { fields?: { path: string; message: string }[] } } {
  let thrown: unknown
  try {
    read()
  } catch (error) {
    thrown = error
  }
  expect(thrown, 'the read throws').toBeDefined()
  expect((thrown as Error).name).toBe('ApiError')
  return thrown as never
}
