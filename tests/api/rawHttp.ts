// HTTP/1.1 by hand over one `node:net` socket, for the tests of what happens to a connection
// (connections.test.ts, previewProxy.test.ts): fetch and http.request hide which socket a request
// went on and whether the server closed it.
import { connect, type Socket } from 'node:net'

export type RawAnswer = { status: number; headers: Record<string, string>; body: string }

export type RawConnection = {
  /** Writes and resolves once handed to the kernel; a write the server refused resolves too (see `writeError`). */
  write(data: string | Buffer): Promise<void>
  /** The next answer on the connection; rejects when the server ends it first, or after `timeoutMs`. */
  answer(timeoutMs?: number): Promise<RawAnswer>
  /** Resolves when the server has ended its side (FIN or reset); rejects after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>
  /** The server's side is over. */
  readonly isEnded: boolean
  /** EPIPE or ECONNRESET: the server stopped reading while this side still wrote. */
  readonly writeError: string | undefined
  close(): void
}

export function openRaw(port: number): Promise<RawConnection> {
  return new Promise((ok, fail) => {
    const socket: Socket = connect(port, '127.0.0.1')
    let buffer = Buffer.alloc(0)
    let isEnded = false
    let writeError: string | undefined
    const waiters = new Set<() => void>()
    const wake = () => {
      for (const waiter of [...waiters]) waiter()
    }
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      wake()
    })
    const over = () => {
      isEnded = true
      wake()
    }
    socket.on('end', over)
    socket.on('close', over)
    socket.on('error', (err: NodeJS.ErrnoException) => {
      writeError ??= err.code
      over()
    })

    /** One whole answer at the start of the buffer, taken off it; undefined while incomplete. */
    const take = (): RawAnswer | undefined => {
      const headEnd = buffer.indexOf('\r\n\r\n')
      if (headEnd < 0) return undefined
      const [statusLine, ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        const name = line.slice(0, colon).trim().toLowerCase()
        const value = line.slice(colon + 1).trim()
        headers[name] = name in headers ? `${headers[name]}, ${value}` : value
      }
      const status = Number(statusLine!.split(' ')[1])
      let rest = buffer.subarray(headEnd + 4)
      let body: Buffer
      if (headers['content-length'] !== undefined) {
        const length = Number(headers['content-length'])
        if (rest.length < length) return undefined
        body = rest.subarray(0, length)
        rest = rest.subarray(length)
      } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
        const parts: Buffer[] = []
        for (;;) {
          const sizeEnd = rest.indexOf('\r\n')
          if (sizeEnd < 0) return undefined
          const size = Number.parseInt(rest.subarray(0, sizeEnd).toString('latin1'), 16)
          if (rest.length < sizeEnd + 2 + size + 2) return undefined
          if (size === 0) {
            rest = rest.subarray(sizeEnd + 4)
            break
          }
          parts.push(rest.subarray(sizeEnd + 2, sizeEnd + 2 + size))
          rest = rest.subarray(sizeEnd + 2 + size + 2)
        }
        body = Buffer.concat(parts)
      } else if (status === 204 || status === 304) body = Buffer.alloc(0)
      else {
        // Neither a length nor chunks: the body runs to the end of the connection.
        if (!isEnded) return undefined
        body = rest
        rest = Buffer.alloc(0)
      }
      buffer = rest
      return { status, headers, body: body.toString('utf8') }
    }

    /** Resolves with `check()`'s first defined value, or rejects after `timeoutMs`. */
    const until = <T>(check: () => T | undefined, timeoutMs: number, what: string) =>
      new Promise<T>((resolve, reject) => {
        const attempt = () => {
          let value: T | undefined
          try {
            value = check()
          } catch (err) {
            done()
            return reject(err)
          }
          if (value === undefined) return
          done()
          resolve(value)
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`no ${what} within ${timeoutMs} ms`))
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          waiters.delete(attempt)
        }
        waiters.add(attempt)
        attempt()
      })

    const connection: RawConnection = {
      write: (data) =>
        new Promise((resolve) => {
          if (socket.destroyed || !socket.writable) return resolve()
          socket.write(data, () => resolve())
        }),
      answer: (timeoutMs = 5000) =>
        until(
          () => {
            const answer = take()
            if (answer) return answer
            if (isEnded) throw new Error(`the server ended the connection before an answer (${writeError ?? 'FIN'})`)
            return undefined
          },
          timeoutMs,
          'answer',
        ),
      ended: (timeoutMs = 5000) => until(() => (isEnded ? true : undefined), timeoutMs, 'end').then(() => {}),
      get isEnded() {
        return isEnded
      },
      get writeError() {
        return writeError
      },
      close: () => socket.destroy(),
    }
    socket.once('connect', () => ok(connection))
    socket.once('error', fail)
  })
}

/** A request's head; `body` sets Content-Length unless `chunked`. */
export function head(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  framing: { length?: number; chunked?: boolean } = {},
): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1']
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  if (framing.chunked) lines.push('Transfer-Encoding: chunked')
  else if (framing.length !== undefined) lines.push(`Content-Length: ${framing.length}`)
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** `data` as chunks of the chunked coding; `last` adds the final empty chunk. */
export function chunk(data: Buffer, last = false): Buffer {
  const parts = data.length > 0 ? [Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')] : []
  if (last) parts.push(Buffer.from('0\r\n\r\n'))
  return Buffer.concat(parts)
}
