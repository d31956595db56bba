import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'

// Every schema that a document describes imports `z` from here (the servers' own `openapi/zod.ts`
// pass it on), so `.openapi()` exists wherever a schema is declared, whatever module loads first.
extendZodWithOpenApi(z)

export { z }
