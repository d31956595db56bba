import { ServiceSchedule } from './schedule.component.js'

export { ServiceSchedule }

if (!customElements.get('service-schedule')) customElements.define('service-schedule', ServiceSchedule)

declare global {
  interface HTMLElementTagNameMap {
    'service-schedule': ServiceSchedule
  }
}
