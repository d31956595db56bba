export * from './webhook-body.ts'
export * from './webhook-event-types.ts'
