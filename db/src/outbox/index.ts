export * from './outbox-columns.ts'
export * from './outbox-queries.ts'
export * from './outbox-worker.ts'
