export { DEMO_SPEAKERS, type DemoSpeaker } from './demo-speakers.ts'
export { demoSchedule, type DemoSession } from './demo-sessions.ts'
export * from './seed-demo.ts'
export { zonedInstant } from './zoned-time.ts'
