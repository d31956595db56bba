import { expect } from '@open-wc/testing'
import { until } from './helpers.js'

describe('until', () => {
  it('waits for an asynchronous condition to hold, not for its promise', async () => {
    let asked = 0
    const answer = await until(async () => {
      asked++
      await new Promise((r) => setTimeout(r))
      return asked >= 3 && 'held'
    }, 'the third answer')
    expect(answer).to.equal('held')
    expect(asked).to.equal(3)
  })

  it('names what it waited for when the condition never holds', async () => {
    const error = await until(() => false, 'the impossible', 50).catch((e: Error) => e)
    expect((error as Error).message).to.equal('timed out waiting for the impossible')
  })
})
