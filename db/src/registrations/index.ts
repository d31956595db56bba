export * from './cancel-link.ts'
export * from './confirm-link.ts'
export * from './email-address.ts'
export * from './ticket-capacity.ts'
