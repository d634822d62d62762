// A static server that answers like S3 behind a CDN: `/x` and `/x/` -> `x/index.html`, a file as
// it is, anything else -> `404.html` with status 404; the query string is ignored.
import { createReadStream, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
}

function isFile(path: string) {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

export function resolveRequest(root: string, url: string): { file: string; status: number } {
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(url, 'http://host').pathname)
  } catch {
    return { file: join(root, '404.html'), status: 404 }
  }
  const path = normalize(join(root, pathname))
  if (path.startsWith(root)) {
    if (!pathname.endsWith('/') && isFile(path)) return { file: path, status: 200 }
    const index = join(path, 'index.html')
    if (isFile(index)) return { file: index, status: 200 }
  }
  return { file: join(root, '404.html'), status: 404 }
}

export function serve(dir = 'dist', port = 4173, host = '127.0.0.1'): Promise<Server> {
  const root = resolve(dir)
  const server = createServer((req, res) => {
    const { file, status } = resolveRequest(root, req.url ?? '/')
    const immutable = file.includes(`${join(root, 'assets')}`)
    res.writeHead(status, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    if (req.method === 'HEAD') return res.end()
    createReadStream(file).pipe(res)
  })
  return new Promise((ok) => server.listen(port, host, () => ok(server)))
}

if (process.argv[1]?.endsWith('serve.ts')) {
  const port = Number(process.env.PORT ?? 4173)
  serve(process.env.DIST ?? 'dist', port).then(() => console.log(`Serving dist/ on http://127.0.0.1:${port}`))
}
