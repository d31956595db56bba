// `npm run generate:api`: refreshes admin-api.generated.ts (the admin API's types for the console
// and the e2e journeys) from GET /v1/openapi.json of an admin API started on an in-memory database.
import { writeAdminApiTypes } from './admin-api-types.ts'

await writeAdminApiTypes()
