import { shallowArrayEquals, Task, type TaskConfig, TaskStatus } from '@lit/task'
import type { ReactiveControllerHost } from 'lit'

/**
 * An element's data task, which data handed over with a first screen completes instead: while
 * `given` returns a value (the data the embed server drew the first screen from, handed to its
 * renderer, or to the element that hydrates that screen in a browser), the task is complete with
 * it and does not read. The server never runs a task (its render calls no controller's
 * `hostUpdate`); in a browser, the arguments of the first update are the ones the data answers,
 * and the task reads only once they change (a live change, another attribute). Until its own
 * answer is in, its value stays the handed data, so what shows stays while it reads
 * (`ServiceElement.renderData` draws a pending task with a value as complete).
 */
export class DataTask<A extends readonly unknown[], T> extends Task<A, T> {
  readonly #given: () => { data: T } | undefined
  readonly #args: () => A
  /** The arguments the handed data answers, once the host has updated; then whether they changed since. */
  #givenFor?: A
  #readSince = false

  constructor(host: ReactiveControllerHost, config: TaskConfig<A, T> & { args: () => A }, given: () => { data: T } | undefined) {
    super(host, config)
    this.#given = given
    this.#args = config.args
  }

  override hostUpdate(): void {
    if (!this.#readSince && this.#given()) {
      const args = this.#args()
      this.#givenFor ??= args
      if (shallowArrayEquals(args, this.#givenFor)) return
      this.#readSince = true
    }
    super.hostUpdate()
  }

  override get value(): T | undefined {
    return super.value ?? this.#given()?.data
  }

  override get status(): TaskStatus {
    const own = super.status
    return own === TaskStatus.INITIAL && this.#given() ? TaskStatus.COMPLETE : own
  }
}
