// Refreshes admin-api.generated.ts from GET /v1/openapi.json of an admin API started on an
// in-memory database. Run: npm run generate:api -w e2e
import { writeAdminApiTypes } from '../../../scripts/admin-api-types/admin-api-types.ts'
import { ADMIN_API_TYPES_FILE, REGENERATE_COMMAND } from './admin-api-types.ts'

await writeAdminApiTypes(ADMIN_API_TYPES_FILE, REGENERATE_COMMAND)
