import { expect } from '@open-wc/testing'
import { boundedMap } from './bounded-map.js'

describe('boundedMap', () => {
  it('keeps values until it holds its limit, then starts again with the new one', () => {
    const map = boundedMap<string, number>(3)
    for (const [i, key] of ['a', 'b', 'c'].entries()) map.set(key, i)
    expect([...map.keys()]).to.deep.equal(['a', 'b', 'c'])
    map.set('d', 3)
    expect([...map.entries()]).to.deep.equal([['d', 3]])
  })

  it('updates a key it holds without emptying itself', () => {
    const map = boundedMap<string, number>(2)
    map.set('a', 1).set('b', 2).set('b', 3)
    expect([...map.entries()]).to.deep.equal([
      ['a', 1],
      ['b', 3],
    ])
  })
})
