// scripts/verify.ts on the built site (run `npm run build` first): dist/ verifies clean, and each way
// of breaking a copy of it is named by the right check, on the right file, with the telling value.
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { verify, type Problem } from '../../scripts/verify'
import { site } from '../../site.config'
import { localized, routes } from '../routes'
import { localeCodes } from '../../locales/locales'

const dist = 'dist'
const origin = site.origin
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8')
const fileOf = (url: string) => (url === '/' ? 'index.html' : `${url.slice(1)}/index.html`)

// Hashed names change with every build: read them off dist/.
const stylesheet = /<link rel="stylesheet" href="\/([^"]+\.css)"/.exec(read(dist, 'index.html'))![1]!
const font = /url\(\/?(assets\/fonts\/[^)]+\.woff2)\)/.exec(read(dist, stylesheet))![1]!
/** The first script of assets/<folder> whose code matches `pattern`: the script, the import as written, the chunk it names. */
function importIn(folder: string, pattern: RegExp): [file: string, specifier: string, chunk: string] {
  for (const name of readdirSync(join(dist, 'assets', folder))) {
    const file = `assets/${folder}/${name}`
    const specifier = pattern.exec(read(dist, file))?.[1]
    if (specifier) return [file, specifier, posix.join(posix.dirname(file), specifier)]
  }
  throw new Error(`no script in ${dist}/assets/${folder} matches ${pattern}`)
}
const [importer, staticImport, imported] = importIn('chunks', /from\s*"(\.\/[^"]+\.js)"/)
const [entry, dynamicImport, lazy] = importIn('entries', /import\(\s*`(\.\.\/chunks\/[^`]+\.js)`/)
const buildId = JSON.parse(read(dist, 'builds/latest.json')).id as string
const metaFile = `builds/meta/${buildId}.json`

// Each copy is removed as soon as it has been verified, so that no hook has dozens of copies of
// dist/ to delete at once on a busy machine.
function copyOfDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'verify-'))
  cpSync(dist, dir, { recursive: true })
  return dir
}

function edit(dir: string, file: string, change: (text: string) => string) {
  const before = read(dir, file)
  const after = change(before)
  expect(after, `the edit of ${file} changes nothing`).not.toBe(before)
  writeFileSync(join(dir, file), after)
}

const editJson = (dir: string, file: string, change: (value: Record<string, unknown>) => void) =>
  edit(dir, file, (text) => {
    const value = JSON.parse(text)
    change(value)
    return JSON.stringify(value)
  })

/** What verify finds in a copy of dist/ broken by `breakIt`. */
function problemsAfter(breakIt: (dir: string) => void): Problem[] {
  const dir = copyOfDist()
  try {
    breakIt(dir)
    return verify(dir).problems
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const problem = (check: Problem['check'], file: string, text: string) => ({
  check,
  file,
  message: expect.stringContaining(text),
})

/** Runs the CLI as operators do, `npx tsx scripts/verify.ts ...args`, without blocking: the CLI tests run side by side. */
function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args])
    const out = { stdout: '', stderr: '' }
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out.stdout += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => (out.stderr += s))
    child.on('close', (status) => resolve({ status, ...out }))
  })
}

test('dist/ verifies clean: every page of every language, no problem', () => {
  const { pages, problems } = verify(dist)
  expect(problems).toEqual([])
  // The pages of every route in both languages, and the two 404 pages.
  expect(pages).toHaveLength(routes.length * 2 + 2)
})

describe('pages', () => {
  test('a page deleted', () => {
    const problems = problemsAfter((dir) => rmSync(join(dir, 'ar/pricing/index.html')))
    expect(problems).toContainEqual(problem('pages', 'ar/pricing/index.html', 'the ar page /ar/pricing'))
  })
  test('every page deleted: each route of pages/ and each guide is missing in each language', () => {
    const problems = problemsAfter((dir) => {
      for (const route of routes)
        for (const locale of localeCodes) rmSync(join(dir, fileOf(localized(route.path, locale))))
    })
    const missing = problems.filter((p) => p.check === 'pages' && p.message.startsWith('is missing')).map((p) => p.file)
    expect(missing.sort()).toEqual(routes.flatMap((r) => [fileOf(r.path), fileOf(localized(r.path, 'ar'))]).sort())
  })
  test('404.html deleted', () => {
    expect(problemsAfter((dir) => rmSync(join(dir, '404.html')))).toContainEqual(
      problem('pages', '404.html', 'is missing'),
    )
  })
  test('a wrong <html lang>', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'ar/pricing/index.html', (html) =>
        html.replace('<html dir="rtl" lang="ar">', '<html dir="rtl" lang="en">'),
      ),
    )
    expect(problems).toContainEqual(problem('pages', 'ar/pricing/index.html', '<html lang> is "en", expected "ar"'))
  })
  test('a wrong <html dir>', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'ar/pricing/index.html', (html) =>
        html.replace('<html dir="rtl" lang="ar">', '<html dir="ltr" lang="ar">'),
      ),
    )
    expect(problems).toContainEqual(problem('pages', 'ar/pricing/index.html', '<html dir> is "ltr", expected "rtl"'))
  })
  test('an empty title', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'pricing/index.html', (html) => html.replace(/<title>[^<]*<\/title>/, '<title> </title>')),
    )
    expect(problems).toContainEqual(problem('pages', 'pricing/index.html', '<title> is empty'))
  })
  test('a canonical link to another page', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'pricing/index.html', (html) =>
        html.replace(
          `<link rel="canonical" href="${origin}/pricing"/>`,
          `<link rel="canonical" href="${origin}/services"/>`,
        ),
      ),
    )
    expect(problems).toContainEqual(
      problem('pages', 'pricing/index.html', `canonical is "${origin}/services", expected "${origin}/pricing"`),
    )
  })
  test('an hreflang alternate removed from one page: the other page is not named back', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'pricing/index.html', (html) => html.replace(/<link rel="alternate" hrefLang="ar"[^>]*>/, '')),
    )
    expect(problems).toContainEqual(
      problem('pages', 'pricing/index.html', `has no hreflang="ar" alternate, expected one to ${origin}/ar/pricing`),
    )
    expect(problems).toContainEqual(
      problem('pages', 'ar/pricing/index.html', 'but pricing/index.html does not name /ar/pricing back'),
    )
  })
})

describe('links', () => {
  test('an <a href> to a missing page', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'index.html', (html) => html.replace('href="/pricing"', 'href="/pricing-old"')),
    )
    expect(problems).toContainEqual(problem('links', 'index.html', '<a href="/pricing-old"> leads nowhere'))
  })
  test('an <a href> to a missing #fragment', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'pricing/index.html', (html) => html.replace('href="#main"', 'href="#no-such-id"')),
    )
    expect(problems).toContainEqual(
      problem('links', 'pricing/index.html', 'pricing/index.html has no element with id="no-such-id"'),
    )
  })
  test('the stylesheet deleted', () => {
    const problems = problemsAfter((dir) => rmSync(join(dir, stylesheet)))
    expect(problems).toContainEqual(problem('links', 'index.html', `href="/${stylesheet}"> leads nowhere`))
  })
  test('a CSS url() to a missing font', () => {
    const problems = problemsAfter((dir) => rmSync(join(dir, font)))
    expect(problems).toContainEqual(problem('links', stylesheet, `no file serves /${font}`))
  })
  test('a chunk importing a missing chunk', () => {
    const problems = problemsAfter((dir) => rmSync(join(dir, imported)))
    expect(problems).toContainEqual(problem('links', importer, `import "${staticImport}" leads nowhere`))
  })
  test('the runtime importing a missing chunk on demand', () => {
    const problems = problemsAfter((dir) => rmSync(join(dir, lazy)))
    expect(problems).toContainEqual(problem('links', entry, `import "${dynamicImport}" leads nowhere`))
  })
})

describe('payloads', () => {
  test('a _payload.json that is not JSON', () => {
    const problems = problemsAfter((dir) => writeFileSync(join(dir, 'pricing/_payload.json'), '{"title":'))
    expect(problems).toContainEqual(problem('payloads', 'pricing/_payload.json', 'is not JSON'))
  })
  test('a _payload.json with another title', () => {
    const problems = problemsAfter((dir) =>
      editJson(dir, 'pricing/_payload.json', (payload) => (payload.title = 'Old title')),
    )
    expect(problems).toContainEqual(problem('payloads', 'pricing/_payload.json', 'title is "Old title", expected'))
  })
  test('a _payload.json deleted', () => {
    const problems = problemsAfter((dir) => rmSync(join(dir, 'pricing/_payload.json')))
    expect(problems).toContainEqual(problem('payloads', 'pricing/_payload.json', 'is missing'))
  })
})

describe('manifest', () => {
  test('builds/latest.json naming a build without meta', () => {
    const problems = problemsAfter((dir) =>
      writeFileSync(join(dir, 'builds/latest.json'), JSON.stringify({ id: 'no-such-build', timestamp: 1 })),
    )
    expect(problems).toContainEqual(
      problem(
        'manifest',
        'builds/latest.json',
        'names build "no-such-build", but there is no builds/meta/no-such-build.json',
      ),
    )
  })
  test('meta listing a page that is not there', () => {
    const problems = problemsAfter((dir) =>
      editJson(dir, metaFile, (meta) => (meta.prerendered as string[]).push('/ar/old-page')),
    )
    expect(problems).toContainEqual(problem('manifest', metaFile, 'lists "/ar/old-page" as prerendered'))
  })
  test('a page that meta does not list', () => {
    const problems = problemsAfter((dir) =>
      editJson(
        dir,
        metaFile,
        (meta) => (meta.prerendered = (meta.prerendered as string[]).filter((p) => p !== '/ar/pricing')),
      ),
    )
    expect(problems).toContainEqual(problem('manifest', metaFile, 'does not list /ar/pricing'))
  })
  test("a page's build-id of another build", () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'pricing/index.html', (html) =>
        html.replace(`<meta name="build-id" content="${buildId}"`, '<meta name="build-id" content="other-build"'),
      ),
    )
    expect(problems).toContainEqual(
      problem('manifest', 'pricing/index.html', `<meta name="build-id"> is "other-build", expected "${buildId}"`),
    )
  })
})

describe('sitemap', () => {
  const dropUrl = (xml: string, loc: string) =>
    xml.replace(/<url>\s*<loc>([^<]*)<\/loc>[\s\S]*?<\/url>\s*/g, (block, at: string) => (at === loc ? '' : block))
  test('a page missing from sitemap.xml', () => {
    const problems = problemsAfter((dir) => edit(dir, 'sitemap.xml', (xml) => dropUrl(xml, `${origin}/ar/pricing`)))
    expect(problems).toContainEqual(problem('sitemap', 'sitemap.xml', `does not list ${origin}/ar/pricing`))
  })
  test('an extra URL in sitemap.xml', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'sitemap.xml', (xml) =>
        xml.replace('</urlset>', `<url><loc>${origin}/old-page</loc></url>\n</urlset>`),
      ),
    )
    expect(problems).toContainEqual(problem('sitemap', 'sitemap.xml', `lists ${origin}/old-page`))
  })
  test('robots.txt without the sitemap', () => {
    const problems = problemsAfter((dir) => writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n'))
    expect(problems).toContainEqual(problem('sitemap', 'robots.txt', `Sitemap: ${origin}/sitemap.xml`))
  })
})

describe('origins', () => {
  const inHead = (tag: string) => (dir: string) =>
    edit(dir, 'pricing/index.html', (html) => html.replace('</head>', `${tag}</head>`))
  test('a script from a CDN', () => {
    const problems = problemsAfter(inHead('<script src="https://cdn.example.com/x.js"></script>'))
    expect(problems).toContainEqual(
      problem(
        'origins',
        'pricing/index.html',
        '<script src="https://cdn.example.com/x.js"> loads from https://cdn.example.com',
      ),
    )
  })
  test('a stylesheet from Google Fonts', () => {
    const problems = problemsAfter(
      inHead('<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">'),
    )
    expect(problems).toContainEqual(problem('origins', 'pricing/index.html', 'loads from https://fonts.googleapis.com'))
  })
  test('a font from another origin in the stylesheet', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, stylesheet, (css) => `${css}@font-face{font-family:X;src:url(https://fonts.gstatic.com/x.woff2)}`),
    )
    expect(problems).toContainEqual(
      problem('origins', stylesheet, 'url(https://fonts.gstatic.com/x.woff2) loads from https://fonts.gstatic.com'),
    )
  })
  test('a protocol-relative image', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'pricing/index.html', (html) =>
        html.replace('<div id="root">', '<div id="root"><img src="//img.example.com/a.png" alt="">'),
      ),
    )
    expect(problems).toContainEqual(
      problem(
        'origins',
        'pricing/index.html',
        '<img src="//img.example.com/a.png"> loads from https://img.example.com',
      ),
    )
  })
})

// Each run reads every page of a copy of dist/ in a process of its own, three at once beside the other
// tiers: room for a busy machine, where one takes ten times its idle 4 s.
describe('the command', { timeout: 120_000 }, () => {
  let broken: string
  beforeAll(() => {
    broken = copyOfDist()
    rmSync(join(broken, 'pricing/_payload.json'))
  }, 120_000)
  afterAll(() => rmSync(broken, { recursive: true, force: true }), 120_000)

  test.concurrent('exits 0 on dist/ with a clean report', async () => {
    const { status, stdout } = await cli(dist)
    expect(stdout).toMatch(/^verify: dist\/ \d+ pages, 0 problems$/m)
    expect(status).toBe(0)
  })
  test.concurrent('exits 1 on a broken build and names the file', async () => {
    const { status, stdout } = await cli(broken)
    expect(stdout).toContain('✗ payloads: 1 problem')
    expect(stdout).toContain('  pricing/_payload.json: is missing')
    expect(stdout).toMatch(/ 1 problem$/m)
    expect(status).toBe(1)
  })
  test.concurrent('--json prints the problems as one JSON object', async () => {
    const { status, stdout } = await cli(broken, '--json')
    const report = JSON.parse(stdout)
    expect(report).toMatchObject({ ok: false, checks: { payloads: 1, pages: 0 } })
    expect(report.problems).toEqual([problem('payloads', 'pricing/_payload.json', 'is missing')])
    expect(status).toBe(1)
  })
  test.concurrent('exits 2 on a missing folder, saying to build first', async () => {
    const { status, stderr } = await cli(join(tmpdir(), 'no-such-dist'))
    expect(stderr).toContain('no-such-dist does not exist: run `npm run build` first')
    expect(status).toBe(2)
  })
  test.concurrent('exits 2 on an unknown option', async () => {
    const { status, stderr } = await cli('--jsn')
    expect(stderr).toContain('unknown option --jsn')
    expect(status).toBe(2)
  })
  test.concurrent('--help prints the checks, options and exit codes', async () => {
    const { status, stdout } = await cli('--help')
    expect(stdout).toMatch(/Usage: npm run verify[\s\S]*origins[\s\S]*--json[\s\S]*Exit codes/)
    expect(status).toBe(0)
  })
})

describe('headers', () => {
  test('_headers deleted', () => {
    expect(problemsAfter((dir) => rmSync(join(dir, '_headers')))).toContainEqual(
      problem('headers', '_headers', 'is missing'),
    )
  })
  test('an inline script the Content-Security-Policy does not admit', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'pricing/index.html', (html) =>
        html.replace('</body>', '<script>console.log("added after the build")</script></body>'),
      ),
    )
    expect(problems).toContainEqual(problem('headers', 'pricing/index.html', 'has an inline script'))
  })
  test("a policy without frame-ancestors 'none'", () => {
    const problems = problemsAfter((dir) =>
      edit(dir, '_headers', (text) => text.replace("; frame-ancestors 'none'", '')),
    )
    expect(problems).toContainEqual(problem('headers', '_headers', "lacks frame-ancestors 'none'"))
  })
})

describe('config', () => {
  test('runtime-config.json missing or not JSON', () => {
    expect(problemsAfter((dir) => rmSync(join(dir, 'runtime-config.json')))).toContainEqual(
      problem('config', 'runtime-config.json', 'is missing'),
    )
    expect(problemsAfter((dir) => edit(dir, 'runtime-config.json', () => '{ apiBase: "/api/v1" '))).toContainEqual(
      problem('config', 'runtime-config.json', 'is not JSON'),
    )
  })
  test('a payment host named twice, or an IP address', () => {
    const problems = problemsAfter((dir) =>
      editJson(dir, 'runtime-config.json', (config) =>
        Object.assign(config, { paymentHosts: ['pay.rasid.example', 'pay.rasid.example', '127.0.0.1'] }),
      ),
    )
    expect(problems).toContainEqual(
      problem('config', 'runtime-config.json', 'names the payment host pay.rasid.example twice'),
    )
    expect(problems).toContainEqual(
      problem('config', 'runtime-config.json', 'names the payment host 127.0.0.1, an IP address'),
    )
  })
  test('a field the runtime configuration does not have, or an API address that is no path and no https URL', () => {
    expect(
      problemsAfter((dir) => editJson(dir, 'runtime-config.json', (config) => Object.assign(config, { debug: true }))),
    ).toContainEqual(problem('config', 'runtime-config.json', 'is not a runtime configuration'))
    expect(
      problemsAfter((dir) =>
        editJson(dir, 'runtime-config.json', (config) => Object.assign(config, { apiBase: 'http://x/' })),
      ),
    ).toContainEqual(problem('config', 'runtime-config.json', 'apiBase'))
  })
  test('an API on another origin that the Content-Security-Policy does not admit', () => {
    const problems = problemsAfter((dir) =>
      editJson(dir, 'runtime-config.json', (config) =>
        Object.assign(config, { apiBase: 'https://api.other.example/v1' }),
      ),
    )
    expect(problems).toContainEqual(problem('config', 'runtime-config.json', 'connect-src (_headers) does not admit'))
  })
})

describe('copy', () => {
  // An amount in dirhams ends in Intl's «د.إ.» (one in riyals ends in the riyal's sign).
  test('a message that puts its own full stop after a formatted amount: «د.إ..»', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'ar/pricing/index.html', (html) => html.replace(/(د\.إ\.\u200F<\/bdi>)\)\./, '$1.')),
    )
    expect(problems).toContainEqual(problem('copy', 'ar/pricing/index.html', 'shows doubled punctuation: "…'))
    expect(problems.find((p) => p.check === 'copy')?.message).toContain('د.إ..')
  })
  test('an Arabic comma after a full stop, or twice', () => {
    expect(
      problemsAfter((dir) => edit(dir, 'ar/index.html', (html) => html.replace('</h1>', '،،</h1>'))),
    ).toContainEqual(problem('copy', 'ar/index.html', 'doubled punctuation'))
  })
  test('a bare percentage after Arabic («%15»); the same in an isolate is fine', () => {
    const problems = problemsAfter((dir) =>
      edit(dir, 'ar/pricing/index.html', (html) =>
        html.replace('</h1>', ' بنسبة 15%</h1>').replace('</h2>', ' بنسبة <bdi>15%</bdi></h2>'),
      ),
    )
    expect(problems).toContainEqual(problem('copy', 'ar/pricing/index.html', 'a bare percentage after Arabic'))
    expect(problems.filter((p) => p.check === 'copy')).toHaveLength(1)
  })
  test('an English heading in Title Case', () => {
    expect(
      problemsAfter((dir) =>
        edit(dir, 'pricing/index.html', (html) =>
          html.replace(/<h2([^>]*)>[^<]*<\/h2>/, '<h2$1>Simple Pricing For Everyone</h2>'),
        ),
      ),
    ).toContainEqual(problem('copy', 'pricing/index.html', 'Title Case in a title: "Simple Pricing For Everyone"'))
  })
})
