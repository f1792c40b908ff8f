import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** An e-mail as Python's `email` reads it (an independent parser, as tests/api/visits.rs uses). */
export type Mail = {
  subject: string
  to: string
  replyTo: string | null
  text: string
  html: string | null
  /** Each attachment by its file name, with its bytes. */
  attachments: { name: string; type: string; bytes: Buffer }[]
  /** The `text/calendar` part, when there is one. */
  calendar: string | null
}

const READ = `
import base64, json, sys, email
from email import policy
message = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
def part(kind):
    found = [p for p in message.walk() if p.get_content_type() == kind and not p.get_filename()]
    return found[0].get_content() if found else None
print(json.dumps({
    "subject": str(message["Subject"]), "to": str(message["To"]),
    "replyTo": str(message["Reply-To"]) if message["Reply-To"] else None,
    "text": part("text/plain"), "html": part("text/html"), "calendar": part("text/calendar"),
    "attachments": [{"name": p.get_filename(), "type": p.get_content_type(),
                     "bytes": base64.b64encode(p.get_payload(decode=True)).decode()}
                    for p in message.walk() if p.get_filename()],
}))
`

/** Reads a raw message with Python's `email`. */
export function readMail(raw: string): Mail {
  const out = JSON.parse(execFileSync('python3', ['-c', READ], { input: raw }).toString()) as Omit<Mail, 'attachments'> & {
    attachments: { name: string; type: string; bytes: string }[]
  }
  return { ...out, attachments: out.attachments.map((a) => ({ ...a, bytes: Buffer.from(a.bytes, 'base64') })) }
}

/** The text of a PDF, as `pdftotext -layout` reads it. */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fagfolk-pdf-'))
  try {
    const file = path.join(dir, 'tilbud.pdf')
    writeFileSync(file, bytes)
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString().replaceAll('\u00a0', ' ')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A small SMTP server on a real socket that takes every message the app sends, as the Rust
 * tests' mailbox does (tests/api/quote_mail.rs). `next(match)` waits for the next message
 * whose raw text `match` accepts, taking it out of the box.
 */
export class Mailbox {
  private messages: string[] = []
  private waiting: (() => void)[] = []
  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly sockets: Set<Socket>,
  ) {}

  static async start(): Promise<Mailbox> {
    let box: Mailbox | null = null
    const sockets = new Set<Socket>()
    const server = createServer((socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.setEncoding('utf8')
      socket.write('220 test ESMTP\r\n')
      let buffer = ''
      let data: string[] | null = null
      socket.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (data) {
            if (line === '.') {
              box?.take(data.join('\r\n') + '\r\n')
              data = null
              socket.write('250 OK\r\n')
            } else {
              data.push(line.startsWith('..') ? line.slice(1) : line)
            }
            continue
          }
          const command = line.toUpperCase()
          if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 test\r\n')
          else if (command.startsWith('DATA')) {
            data = []
            socket.write('354 go on\r\n')
          } else if (command.startsWith('QUIT')) {
            socket.end('221 bye\r\n')
          } else socket.write('250 OK\r\n')
        }
      })
      socket.on('error', () => undefined)
    })
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address()
        resolve(typeof address === 'object' && address ? address.port : 0)
      }),
    )
    box = new Mailbox(server, port, sockets)
    return box
  }

  private take(message: string) {
    this.messages.push(message)
    for (const wake of this.waiting.splice(0)) wake()
  }

  /** The next message `match` accepts (its raw text), within `timeout` ms, read with Python's `email`. */
  async next(match: (raw: string) => boolean, timeout = 15_000): Promise<Mail> {
    const deadline = Date.now() + timeout
    for (;;) {
      const index = this.messages.findIndex(match)
      if (index >= 0) return readMail(this.messages.splice(index, 1)[0]!)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`ingen e-post kom innen ${timeout} ms (${this.messages.length} andre i kassen)`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiting.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  async stop() {
    // The app keeps its SMTP connections open between messages: they are closed here.
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
