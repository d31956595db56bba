// Every schema of the embed API imports `z` from here: server-common's, extended with `.openapi()`.
export { z } from '@event-service/server-common/openapi.ts'
