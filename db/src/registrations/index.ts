export * from './cancel-link.ts'
export * from './ticket-capacity.ts'
