import { ServiceRegistration } from './registration.component.js'

export { ServiceRegistration }
export type { RegisteredDetail } from './registration.component.js'

if (!customElements.get('service-registration')) customElements.define('service-registration', ServiceRegistration)

declare global {
  interface HTMLElementTagNameMap {
    'service-registration': ServiceRegistration
  }
}
