import { ServiceRegistration } from './registration.component.js'

export { ServiceRegistration }

if (!customElements.get('service-registration')) customElements.define('service-registration', ServiceRegistration)

declare global {
  interface HTMLElementTagNameMap {
    'service-registration': ServiceRegistration
  }
}
