// The one way an operator command reads its arguments and ends (docs/development.md, "The
// scripts"): Node's parseArgs, its errors caught, for every command of scripts/, `npm run api`
// (scripts/api.ts) among them, and the bench.
//
//   const cmd = parseCommand({ script: 'status', usage, options: { bucket: { type: 'string' } } })
//   runCommand(cmd, async () => { ...; return 0 }, { about: () => ({ bucket: ... }) })
//
// parseCommand answers `--help`/`-h` with the usage (exit 0) before anything is opened, and wrong
// usage (an unknown option or command, a stray argument, a missing value) with one line that names
// it, the command's form and where its help is (exit 2). runCommand turns what the command throws
// into one line: a UsageError (exit 2), a refusal that carries its own text in both languages, an
// AWS or network error said as what failed and what to check, anything else as its message
// (exit 1); no stack trace unless RASID_DEBUG is set. Every line in English or Arabic: `--lang ar`,
// the command's variable (`langEnv`) or RASID_LANG; the words are in the operators' catalog (locales/operator.ts).
import { parseArgs } from 'node:util'
import { type Bilingual, operatorText as cliText, type Lang } from '../../../locales/operator'

export type { Bilingual, Lang }

type OptionDef = { type: 'string' | 'boolean'; short?: string; default?: string | boolean }
type OptionDefs = Record<string, OptionDef>

/** The parsed options: a string or a boolean by each option's type, absent when not given. */
type Values<O extends OptionDefs> = {
  -readonly [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string
} & { help?: boolean; lang?: string }

/** A help text: one for both languages (a developer's tool), or one in each. */
type Text = string | Bilingual

type Subcommand<O extends OptionDefs> = {
  /** The arguments after the command's words: `id` is required, `id?` optional. */
  args?: readonly string[]
  /** The options it takes besides `global` (and --help, --lang); every option when left out. */
  options?: readonly (keyof O & string)[]
  /** Its own --help (the command's when left out): `npm run api -- export --help`. */
  usage?: Text
}

export type CommandSpec<O extends OptionDefs> = {
  /** The npm script: lines start with it, and the help hint runs it (`npm run status -- --help`). */
  script: string
  /** `--help`; its first line, `Usage: …`, is the form every one-line usage error repeats. */
  usage: Text
  options?: O
  /** Options every subcommand takes. */
  global?: readonly (keyof O & string)[]
  /** The subcommands by their words (`incident open`); `''` is the command with none. */
  commands?: Record<string, Subcommand<O>>
  /** Without subcommands: its arguments (`dir?`). */
  args?: readonly string[]
  /** The command's own language variable (STATUS_LANG), before RASID_LANG. */
  langEnv?: string
}

export type Command<O extends OptionDefs> = {
  /** `status`, or `api export` for a subcommand with its own help. */
  name: string
  /** The words of the subcommand given (`incident open`), `''` for none. */
  command: string
  /** The arguments after those words. */
  args: string[]
  values: Values<O>
  lang: Lang
  /** The one line of a usage error, as parseCommand prints it. */
  usageLine(problem: Bilingual): string
}

/** Wrong usage a command finds itself (a value it refuses, a setting missing): one line, exit 2. */
export class UsageError extends Error {
  constructor(readonly text: Bilingual) {
    super(text.en)
    this.name = 'UsageError'
  }
}

/** What parseCommand decides: print the help, refuse in one line, or run. */
export type Reading<O extends OptionDefs> =
  | { kind: 'help'; text: string }
  | { kind: 'usage'; line: string; lang: Lang }
  | { kind: 'run'; command: Command<O> }

const builtIn = {
  help: { type: 'boolean', short: 'h' },
  lang: { type: 'string' },
} as const satisfies OptionDefs

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim()
const pick = (text: Text, lang: Lang) => (typeof text === 'string' ? text : text[lang])

/** The language: `--lang` when given, else the command's variable, else RASID_LANG; English by default. */
function languageOf(given: unknown, env: Record<string, string | undefined>, langEnv?: string): Lang {
  if (given === 'ar' || given === 'en') return given
  const fromEnv = (langEnv ? env[langEnv] : undefined) || env.RASID_LANG
  return fromEnv === 'ar' ? 'ar' : 'en'
}

type Entry<O extends OptionDefs> = { key: string; words: string[]; def: Subcommand<O> }

/** Reads `argv` against `spec`, without printing or exiting (parseCommand does that). */
export function readCommand<const O extends OptionDefs>(
  spec: CommandSpec<O>,
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Reading<O> {
  const options: OptionDefs = { ...spec.options, ...builtIn }
  const loose = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true })
  const lang = languageOf(loose.values.lang, env, spec.langEnv)
  const positionals = loose.positionals

  const entries: Entry<O>[] = Object.entries(spec.commands ?? { '': { args: spec.args ?? [] } }).map(([key, def]) => ({
    key,
    words: key ? key.split(' ') : [],
    def,
  }))
  const starts = (words: string[], count: number) => words.slice(0, count).every((w, i) => positionals[i] === w)
  const matched = entries
    .filter((e) => e.words.length <= positionals.length && starts(e.words, e.words.length))
    .sort((a, b) => b.words.length - a.words.length)[0]
  // How many leading words name (the start of) some command: `incident` of `incident opne`.
  let known = 0
  while (known < positionals.length && entries.some((e) => e.words.length > known && starts(e.words, known + 1)))
    known++
  const group = known > (matched?.words.length ?? 0) ? positionals[0] : matched?.words[0]
  const own = group === undefined ? undefined : entries.find((e) => e.words[0] === group && e.def.usage !== undefined)

  const name = own ? `${spec.script} ${group}` : spec.script
  const usage = own?.def.usage ?? spec.usage
  const help = `npm run ${spec.script} -- ${own ? `${group} ` : ''}--help`
  const synopsis = oneLine(
    pick(usage, 'en')
      .split('\n')[0]!
      .replace(/^Usage:\s*/, ''),
  )
  const usageLine = (problem: Bilingual) =>
    `${name}: ${oneLine(cliText('cli.usage.line', { problem: oneLine(problem[lang]), synopsis, help })[lang])}`
  const refuse = (problem: Bilingual): Reading<O> => ({ kind: 'usage', line: usageLine(problem), lang })

  // --help wins over every other problem of the line: it never runs anything.
  if (loose.values.help === true) return { kind: 'help', text: pick(usage, lang) }
  if (typeof loose.values.lang === 'string' && loose.values.lang !== 'en' && loose.values.lang !== 'ar')
    return refuse(cliText('cli.usage.lang', { value: loose.values.lang }))

  const optionTokens = loose.tokens.filter((t) => t.kind === 'option')
  for (const token of optionTokens) {
    const def = Object.hasOwn(options, token.name) ? options[token.name] : undefined
    if (!def) return refuse(cliText('cli.usage.unknownOption', { option: token.rawName }))
    if (def.type === 'boolean' && token.value !== undefined)
      return refuse(cliText('cli.usage.takesNoValue', { option: token.rawName }))
    if (def.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))))
      return refuse(cliText('cli.usage.needsValue', { option: token.rawName }))
  }
  let values: Values<O>
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: true }).values as Values<O>
  } catch (err) {
    // What the checks above missed, in parseArgs' own words.
    const message = oneLine((err as Error).message)
    return refuse({ en: message, ar: message })
  }

  const listed = (list: Entry<O>[]) =>
    list
      .map((e) => e.key)
      .filter(Boolean)
      .join(', ')
  if (!matched || known > matched.words.length) {
    if (known === 0 && positionals.length === 0)
      return refuse(cliText('cli.usage.nameCommand', { commands: listed(entries) }))
    if (known === positionals.length)
      return refuse(
        cliText('cli.usage.nameCommand', { commands: listed(entries.filter((e) => starts(e.words, known))) }),
      )
    return refuse(cliText('cli.usage.unknownCommand', { command: positionals.slice(0, known + 1).join(' ') }))
  }
  const args = positionals.slice(matched.words.length)
  const wanted = matched.def.args ?? []
  // The command with no words of a program that has others: a first word is a command it lacks.
  if (matched.key === '' && spec.commands && args.length > wanted.length)
    return refuse(cliText('cli.usage.unknownCommand', { command: args[0]! }))
  if (args.length > wanted.length)
    return refuse(cliText('cli.usage.unexpectedArgument', { argument: args[wanted.length]! }))
  const required = wanted.filter((a) => !a.endsWith('?'))
  if (args.length < required.length)
    return refuse(
      cliText('cli.usage.missingArgument', {
        command: `${spec.script} ${matched.key}`.trim(),
        argument: required[args.length]!,
      }),
    )
  if (matched.def.options) {
    const allowed = new Set<string>([...(spec.global ?? []), ...matched.def.options, ...Object.keys(builtIn)])
    const stray = optionTokens.find((t) => !allowed.has(t.name))
    if (stray)
      return refuse(
        cliText('cli.usage.notAnOptionOf', {
          option: stray.rawName,
          command: `${spec.script} ${matched.key}`.trim(),
        }),
      )
  }
  return {
    kind: 'run',
    command: {
      name,
      command: matched.key,
      args,
      values,
      lang,
      usageLine,
    },
  }
}

/**
 * The command line of this process read against `spec`: prints the help and exits 0, or the one
 * line of wrong usage and exits 2, before the command has opened anything; else what to run.
 */
export function parseCommand<const O extends OptionDefs>(
  spec: CommandSpec<O>,
  argv: string[] = process.argv.slice(2),
): Command<O> {
  const reading = readCommand(spec, argv)
  if (reading.kind === 'help') {
    process.stdout.write(`${reading.text}\n`)
    process.exit(0)
  }
  if (reading.kind === 'usage') {
    process.stderr.write(`${reading.line}\n`)
    process.exit(2)
  }
  return reading.command
}

/** A setting an operator can change, by its names (`--bucket`, `SITE_BUCKET`). */
type Named = { name: string; settings: readonly string[] }

/** What a command was talking to, so that a failure names it and the setting that chose it. */
export type Resources = {
  bucket?: Named
  table?: Named
  keyValueStore?: Named
  /** An endpoint given by a setting (a local S3, dynalite). */
  endpoint?: { url: string; settings: readonly string[] }
  /** The settings that give the region (AWS_REGION by default). */
  region?: readonly string[]
  /** Ports it listens on, each with the setting that moves it. */
  ports?: Record<number, string>
}

const credentialsRefused = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'InvalidSignatureException',
  'ExpiredToken',
  'ExpiredTokenException',
  'TokenRefreshRequired',
])
const denied = new Set(['AccessDenied', 'AccessDeniedException', 'AllAccessDisabled'])
const unreachable = new Set([
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
])

type NodeError = Error & {
  code?: string
  address?: string
  port?: number
  hostname?: string
  cause?: unknown
  errors?: unknown[]
  BucketName?: string
  text?: unknown
}

/** The Node network error under an SDK's or fetch's wrapping (`fetch failed`, an AggregateError). */
function networkCause(err: NodeError | undefined): NodeError | undefined {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(e.code)) {
      const inner = e.errors?.[0] as NodeError | undefined
      return e.address === undefined && inner?.address !== undefined ? { ...inner, code: e.code } : e
    }
    e = e.cause as NodeError | undefined
  }
  return undefined
}

const isBilingual = (x: unknown): x is Bilingual =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as Bilingual).en === 'string' &&
  typeof (x as Bilingual).ar === 'string'

/** `--bucket` or `SITE_BUCKET`, in the language's words (an option keeps its dashes in front in Arabic). */
function either(settings: readonly string[], lang: Lang): string {
  const items = lang === 'ar' ? settings.map((s) => (s.startsWith('-') ? `\u200E${s}` : s)) : settings
  return new Intl.ListFormat(lang, { type: 'disjunction' }).format(items)
}

/**
 * A failure as one line (no command name): what failed and what to check. A refusal that carries
 * its text in both languages (`err.text`) says it; an AWS SDK error is read by its name, a network
 * error by its code, with what `about` names; anything else by its message's first line.
 */
export function describeError(err: unknown, lang: Lang, about: Resources = {}): string {
  const e = (err ?? {}) as NodeError
  const say = (text: Bilingual) => oneLine(text[lang])
  if (isBilingual(e.text)) return say(e.text)
  const name = typeof e.name === 'string' ? e.name : ''
  const message = typeof e.message === 'string' ? e.message : String(err)
  // Unset, or set empty (`AWS_REGION=`), or set to what is not a region.
  const badRegion = /Region not accepted: region="([^"]*)"/i.exec(message)
  if (badRegion?.[1])
    return say(
      cliText('cli.fail.badRegion', {
        region: badRegion[1],
        settings: either(about.region ?? ['AWS_REGION'], lang),
      }),
    )
  if (badRegion || /Region is missing/i.test(message))
    return say(cliText('cli.fail.region', { settings: either(about.region ?? ['AWS_REGION'], lang) }))
  if (name === 'CredentialsProviderError' || /Could not load credentials/i.test(message))
    return say(cliText('cli.fail.noCredentials'))
  if (credentialsRefused.has(name)) return say(cliText('cli.fail.badCredentials', { code: name }))
  if (denied.has(name)) {
    if (about.bucket)
      return say(
        cliText('cli.fail.deniedBucket', {
          name: about.bucket.name,
          code: name,
          settings: either(about.bucket.settings, lang),
        }),
      )
    if (about.table)
      return say(
        cliText('cli.fail.deniedTable', {
          name: about.table.name,
          code: name,
          settings: either(about.table.settings, lang),
        }),
      )
    return say(cliText('cli.fail.denied', { code: name }))
  }
  if (name === 'NoSuchBucket') {
    const bucket = e.BucketName ?? about.bucket?.name ?? '?'
    return say(
      cliText('cli.fail.noBucket', { name: bucket, settings: either(about.bucket?.settings ?? ['--bucket'], lang) }),
    )
  }
  if (name === 'ResourceNotFoundException') {
    const found = about.table
      ? (['cli.fail.noTable', about.table] as const)
      : about.keyValueStore
        ? (['cli.fail.noKeyValueStore', about.keyValueStore] as const)
        : undefined
    if (found) return say(cliText(found[0], { name: found[1].name, settings: either(found[1].settings, lang) }))
    return say(cliText('cli.fail.notFound', { message: oneLine(message) }))
  }
  const net = networkCause(e)
  if (net) {
    const code = net.code!
    const at =
      about.endpoint?.url ?? (net.address ? `${net.address}${net.port ? `:${net.port}` : ''}` : (net.hostname ?? '?'))
    const settings = about.endpoint ? either(about.endpoint.settings, lang) : undefined
    if (code === 'EADDRINUSE') {
      const port = net.port ?? 0
      return say(
        cliText('cli.fail.portInUse', {
          port,
          address: net.address ?? '127.0.0.1',
          setting: about.ports?.[port] ?? 'PORT',
        }),
      )
    }
    if (code === 'ECONNREFUSED')
      return say(
        settings
          ? cliText('cli.fail.refused', { endpoint: at, settings })
          : cliText('cli.fail.refusedHere', { endpoint: at }),
      )
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      const host = net.hostname ?? at
      return say(settings ? cliText('cli.fail.noHost', { host, settings }) : cliText('cli.fail.noHostHere', { host }))
    }
    if (unreachable.has(code))
      return say(
        settings
          ? cliText('cli.fail.unreachable', { endpoint: at, code, settings })
          : cliText('cli.fail.unreachableHere', { endpoint: at, code }),
      )
  }
  if (name === 'TimeoutError' && about.endpoint)
    return say(
      cliText('cli.fail.unreachable', {
        endpoint: about.endpoint.url,
        code: name,
        settings: either(about.endpoint.settings, lang),
      }),
    )
  return say(cliText('cli.fail.other', { message: oneLine(message.split('\n')[0] ?? message) }))
}

/**
 * Runs a command's work and ends as the rules say: the code it returns (nothing: a server, left
 * running); a UsageError it throws is one line and exit 2; any other error one line
 * (describeError, with what `about` names) and exit 1. `exit` ends the process at once rather
 * than when its sockets close.
 */
export async function runCommand<O extends OptionDefs>(
  cmd: Command<O>,
  main: () => Promise<number | undefined> | number | undefined,
  options: { about?: () => Resources; exit?: boolean } = {},
): Promise<void> {
  let code: number | undefined
  try {
    code = await main()
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${cmd.usageLine(err.text)}\n`)
      code = 2
    } else {
      process.stderr.write(`${cmd.name}: ${describeError(err, cmd.lang, options.about?.() ?? {})}\n`)
      if (process.env.RASID_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? err}\n`)
      code = 1
    }
  }
  if (code === undefined) return
  if (options.exit) process.exit(code)
  process.exitCode = code
}
