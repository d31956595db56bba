import { expect } from '@open-wc/testing'
import { RETRY_FIRST_MS, RETRY_MAX_MS, retryDelay } from './live-client.js'

describe('live stream back-off', () => {
  it('doubles from the first wait up to the cap, a random half of each taken off', () => {
    const longest = (failures: number) => retryDelay(failures, () => 1)
    const shortest = (failures: number) => retryDelay(failures, () => 0)
    expect([1, 2, 3, 4].map(longest)).to.deep.equal([1, 2, 4, 8].map((n) => n * RETRY_FIRST_MS))
    expect(shortest(1)).to.equal(RETRY_FIRST_MS / 2)
    expect(longest(30)).to.equal(RETRY_MAX_MS)
    expect(shortest(30)).to.equal(RETRY_MAX_MS / 2)
  })
})
