import { expect } from '@open-wc/testing'
import { memo } from './memo.js'

describe('memo', () => {
  it('computes once per set of arguments, by identity, and again when one changes', () => {
    let calls = 0
    const double = memo((xs: number[], k: number) => {
      calls++
      return xs.map((x) => x * k)
    })
    const xs = [1, 2]
    const first = double(xs, 2)
    expect(double(xs, 2)).to.equal(first)
    expect(calls).to.equal(1)
    expect(double(xs, 3)).to.deep.equal([3, 6])
    expect(double([1, 2], 3)).to.deep.equal([3, 6])
    expect(calls).to.equal(3)
  })
})
