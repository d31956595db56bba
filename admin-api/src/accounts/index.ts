export * from './accounts.schema.ts'
export * from './accounts.service.ts'
