// Child process of bench/live.bench.ts: opens many connections to the embed server so that their
// cost lands in this process, not in the server's. Driven over IPC:
//   {open: {mode: 'sse' | 'idle', count, host, port, path}}  → {opened: count}
//   {watch: true}  → (each stream's first `changed` noted) → {arrivals: [epoch ms …]} once all have one
//   {close: true}  → {closed: true}
// Connections come from 127.0.0.2 … 127.0.0.(ADDRESSES+1) (all loopback on Linux): the server's
// per-IP cap of live streams applies as in production, and the ephemeral ports suffice.
import net from 'node:net'

const ADDRESSES = 20
const BATCH = 500
let sockets = []
let arrivals = []
let watching = false

const now = () => performance.timeOrigin + performance.now()

function connect(i, { mode, host, port, path }) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, localAddress: `127.0.0.${2 + (i % ADDRESSES)}` })
    let seen = ''
    let ready = false
    let changed = false
    socket.setEncoding('utf8')
    socket.on('connect', () => {
      const target = mode === 'sse' ? path : '/livez'
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept: ${mode === 'sse' ? 'text/event-stream' : '*/*'}\r\nConnection: keep-alive\r\n\r\n`,
      )
    })
    socket.on('data', (chunk) => {
      if (!ready) {
        seen += chunk
        if (!seen.startsWith('HTTP/1.1 200')) {
          if (seen.includes('\r\n\r\n')) reject(new Error(`connection ${i}: ${seen.split('\r\n')[0]} ${seen.slice(-200)}`))
          return
        }
        // An idle keep-alive connection is ready once its one answer is complete; a stream at `ready`.
        if (mode === 'sse' ? seen.includes('event: ready') : seen.includes('\r\n\r\n') && seen.endsWith('}')) {
          ready = true
          seen = ''
          resolve(socket)
        }
        return
      }
      if (watching && !changed && chunk.includes('event: changed')) {
        changed = true
        arrivals.push(now())
        if (arrivals.length === sockets.length) process.send({ arrivals })
      }
    })
    socket.on('error', reject)
  })
}

process.on('message', async (msg) => {
  try {
    if (msg.open) {
      arrivals = []
      watching = false
      for (let start = 0; start < msg.open.count; start += BATCH) {
        const batch = []
        for (let i = start; i < Math.min(msg.open.count, start + BATCH); i++) batch.push(connect(i, msg.open))
        sockets.push(...(await Promise.all(batch)))
      }
      process.send({ opened: sockets.length })
    } else if (msg.watch) {
      watching = true
      process.send({ watching: true })
    } else if (msg.close) {
      for (const s of sockets) s.destroy()
      sockets = []
      process.send({ closed: true })
    }
  } catch (err) {
    process.send({ error: String(err?.stack ?? err) })
  }
})
