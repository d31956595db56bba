import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { LANGUAGE_EVENT } from './language.ts'

/**
 * Renders its host again when the language changes. Every console element that shows text holds
 * one: `protected readonly i18n = new I18nController(this)` (protected: biome
 * flags a private member that is never read).
 */
export class I18nController implements ReactiveController {
  private readonly onChange = () => this.host.requestUpdate()

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this)
  }

  hostConnected(): void {
    window.addEventListener(LANGUAGE_EVENT, this.onChange)
  }

  hostDisconnected(): void {
    window.removeEventListener(LANGUAGE_EVENT, this.onChange)
  }
}
