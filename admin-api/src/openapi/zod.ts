import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'

// Every schema of the admin API imports `z` from here, so `.openapi()` exists wherever a schema
// is declared, whatever module happens to load first.
extendZodWithOpenApi(z)

export { z }
