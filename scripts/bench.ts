// Measures the build and what a first visit downloads: `npm run bench [-- --runs 3]`.
import { execSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { pageWeight } from './weight'

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 1
const times: number[] = []
for (let i = 0; i < runs; i++) {
  const start = performance.now()
  execSync('npm run build', { stdio: 'ignore' })
  times.push((performance.now() - start) / 1000)
}
const pages = (readdirSync('dist', { recursive: true }) as string[]).filter((f) => f.endsWith('index.html'))
const kb = (n: number) => (n / 1024).toFixed(1)
console.log(`build: ${times.map((t) => t.toFixed(1)).join(', ')} s (${runs} run${runs > 1 ? 's' : ''}, npm run build end to end)`)
console.log(`pages: ${pages.length} prerendered + 404.html\n`)
console.log('page'.padEnd(34), 'JS files', 'JS gzip KiB', 'CSS gzip KiB', 'HTML gzip KiB')
for (const file of [...pages.sort(), '404.html']) {
  const w = pageWeight('dist', file)
  console.log(file.padEnd(34), String(w.js.files).padStart(8), kb(w.js.gzip).padStart(11), kb(w.css.gzip).padStart(12), kb(w.html.gzip).padStart(13))
}
