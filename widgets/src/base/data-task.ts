import { Task, type TaskConfig, TaskStatus } from '@lit/task'
import type { ReactiveControllerHost } from 'lit'

/**
 * An element's data task, which a first screen drawn on the server completes instead: while
 * `given` returns a value (the data the embed server handed the element before its one render),
 * the task is complete with it (its `status` and `value`, which `ServiceElement.renderData` draws by). The server never runs a task (its render calls no controller's
 * `hostUpdate`), and in a browser `given` returns nothing, so the task reads as any other.
 */
export class DataTask<A extends readonly unknown[], T> extends Task<A, T> {
  readonly #given: () => { data: T } | undefined

  constructor(host: ReactiveControllerHost, config: TaskConfig<A, T>, given: () => { data: T } | undefined) {
    super(host, config)
    this.#given = given
  }

  override get value(): T | undefined {
    const given = this.#given()
    return given ? given.data : super.value
  }

  override get status(): TaskStatus {
    return this.#given() ? TaskStatus.COMPLETE : super.status
  }
}
