export * from './enqueue-webhook-event.ts'
export * from './webhook-event-types.ts'
