// The few Mocha globals the tests use (@web/test-runner provides Mocha in the page).
declare function describe(name: string, body: () => void): void
declare function it(name: string, body: () => unknown): void
declare function beforeEach(body: () => unknown): void
declare function afterEach(body: () => unknown): void
