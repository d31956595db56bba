import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw message (headers and MIME body). */
  raw: string
}

/** A real SMTP server in the test process: what arrives, and a switch to refuse what comes. */
export interface SmtpSink {
  url: string
  received: ReceivedMail[]
  /** The reply to the next messages' DATA: undefined accepts; e.g. `{ code: 451 }` refuses for now, `{ code: 550 }` for good. */
  refuse: { code: number; message: string } | undefined
  close(): Promise<void>
}

/**
 * Starts an SMTP server (the `smtp-server` package) on a free port, without TLS or auth.
 *
 * @example
 * const sink = await startSmtpSink()
 * const worker = await startMailDeliveryWorker({ …, smtpUrl: sink.url })
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = { url: '', received: [], refuse: undefined, close: async () => {} }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Connections still open at the end of a test are cut instead of waited for (30 s by default).
    closeTimeout: 100,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (sink.refuse) {
          const err = Object.assign(new Error(sink.refuse.message), { responseCode: sink.refuse.code })
          callback(err)
          return
        }
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  sink.url = `smtp://127.0.0.1:${port}`
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return sink
}
