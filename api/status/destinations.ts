// Where a status subscription may send its events: an https URL on the default port, to a host
// whose every address is public. Checked when an endpoint is subscribed and again at each delivery,
// whose connection goes to the address checked (no second lookup a rebinding name could answer
// otherwise) and follows no redirect. Loopback (http or https, any port) only when the operator
// asks for it by name (STATUS_SUBSCRIPTIONS_ALLOW_LOOPBACK=1, tests and local trials), never by
// default: a subscription must not turn an incident update into a request inside the operators'
// network, or its outcome into a probe of which ports answer there.
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/** The addresses a host name resolves to (every one: a name with one private address is refused). */
type Resolve = (host: string) => Promise<string[]>

const resolveHost: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** What is not the public internet (IANA's special-purpose registries): never a subscriber's address. */
const notPublic = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(net, bits, 'ipv6')

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

const family = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4')
/** Whether `ip` is on the public internet (an IPv4-mapped IPv6 address is read as its IPv4 address). */
const isPublicAddress = (ip: string) => isIP(ip) !== 0 && !notPublic.check(ip, family(ip))
const isLoopback = (ip: string) => isIP(ip) !== 0 && loopback.check(ip, family(ip))

export type DestinationRules = { resolve?: Resolve; allowLoopback?: boolean }

/** Why a destination is refused: the scheme or port, a host with no address, or one that is not public. */
export type Refusal = { reason: 'scheme' | 'port' | 'unresolved' | 'not-public'; host: string }

/**
 * The address to connect to for `url`, or why not. A name is resolved with `rules.resolve`; every
 * address it has must be public (or loopback, when allowed), and the first is the one to use.
 */
export async function destination(
  url: URL,
  rules: DestinationRules = {},
): Promise<{ ok: true; address: string } | ({ ok: false } & Refusal)> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await (rules.resolve ?? resolveHost)(host)
    } catch {
      addresses = []
    }
    if (!addresses.length) return { ok: false, reason: 'unresolved', host: url.hostname }
  }
  const local = rules.allowLoopback === true && addresses.every(isLoopback)
  if (local)
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? { ok: true, address: addresses[0]! }
      : { ok: false, reason: 'scheme', host: url.hostname }
  if (url.protocol !== 'https:') return { ok: false, reason: 'scheme', host: url.hostname }
  if (url.port !== '') return { ok: false, reason: 'port', host: url.hostname }
  if (!addresses.every(isPublicAddress)) return { ok: false, reason: 'not-public', host: url.hostname }
  return { ok: true, address: addresses[0]! }
}
