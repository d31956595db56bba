import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { EMBED_API_TYPES_FILE, renderEmbedApiTypes } from './embed-api-types.ts'

describe('widgets/src/api/embed-api.generated.ts', () => {
  it('is what the embed server’s schemas produce (run `npm run generate` after changing them)', async () => {
    expect(await readFile(EMBED_API_TYPES_FILE, 'utf8')).toBe(await renderEmbedApiTypes())
  })
})
