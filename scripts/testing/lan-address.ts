import { networkInterfaces } from 'node:os'

/**
 * An IPv4 address of this machine that is not loopback, for tests that need a client from
 * elsewhere (a request to it arrives from it); undefined when the machine has none.
 */
export const lanAddress: string | undefined = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address
