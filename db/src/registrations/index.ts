export * from './email-address.ts'
export * from './ticket-capacity.ts'
