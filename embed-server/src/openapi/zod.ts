import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'

// Every schema of the embed API imports `z` from here (as the admin API does from its own
// `openapi/zod.ts`), so `.openapi()` exists wherever a schema is declared, whatever loads first.
extendZodWithOpenApi(z)

export { z }
