// Refreshes src/api/admin-api.generated.ts from GET /v1/openapi.json of an admin API started on an
// in-memory database. Run: npm run generate -w console
import { writeAdminApiTypes } from '../../scripts/admin-api-types/admin-api-types.ts'

await writeAdminApiTypes(new URL('../src/api/admin-api.generated.ts', import.meta.url), 'npm run generate -w console')
