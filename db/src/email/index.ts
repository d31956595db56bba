export * from './email-outbox.ts'
