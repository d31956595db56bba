import { Redis } from 'ioredis'

/**
 * Fails with a clear message when the Redis a test was told to use (`REDIS_URL`) does not answer,
 * instead of letting its tests fail later on something that looks like a bug.
 */
export async function expectRedisAt(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null })
  try {
    await redis.connect()
    await redis.ping()
  } catch (err) {
    throw new Error(`REDIS_URL is set (${url}) but Redis does not answer there: start it, or unset REDIS_URL`, { cause: err })
  } finally {
    redis.disconnect()
  }
}
