// Rewrites src/api/embed-api.generated.ts from the embed server's schemas. Run: npm run generate
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { EMBED_API_TYPES_FILE, renderEmbedApiTypes } from './embed-api-types.ts'

await writeFile(EMBED_API_TYPES_FILE, await renderEmbedApiTypes())
console.log(`wrote ${fileURLToPath(EMBED_API_TYPES_FILE)}`)
