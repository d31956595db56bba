// A screen's action buttons (enable, revoke, send a test…): one request at a time, the buttons
// disabled meanwhile, a failure said in a notice.
import type { ReactiveControllerHost } from 'lit'
import { notifyProblem } from './notify.ts'

export class BusyAction {
  /** Whether an action is under way (the buttons show `?disabled`). */
  busy = false

  constructor(private readonly host: ReactiveControllerHost) {}

  /** Runs `action` unless one is under way; its failure becomes a notice. */
  async run(action: () => Promise<void>): Promise<void> {
    if (this.busy) return
    this.busy = true
    this.host.requestUpdate()
    try {
      await action()
    } catch (error) {
      notifyProblem(error)
    } finally {
      this.busy = false
      this.host.requestUpdate()
    }
  }
}
