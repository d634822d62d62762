// The live status part of /monitoring (docs/status.md), without React: the document
// /status/status.json is read on load, every 60 s while the tab is visible, and when the tab comes
// back; the view (./statusView.ts, the function the build prerendered it with) is rendered again
// and patched into place, so the block keeps its nodes (its live regions, the focus) and its size.
// Ages are reckoned from the response's Date and Age headers, never from the visitor's clock alone:
// the offset found is kept for the renders between reads. It stops once its page is gone.
import { serverTime, statusPaths } from '../../api/contract/statusRules'
import { fetchHere, wasLeft } from './leaving'
import { nextShown, type Outcome, readStatus, renderStatus, type Shown, type StatusConfig } from './statusView'

/** Starts the live view of the status part in `host` (`[data-status-page]`). */
export function startStatusPage(host: HTMLElement) {
  const config = JSON.parse(host.querySelector('script')!.textContent!) as StatusConfig
  const root = host.querySelector<HTMLElement>('[data-status-root]')!
  let shown: Shown = config.built ? { kind: 'build', doc: config.built } : { kind: 'loading' }
  // The server's clock minus the device's, from the last response that said it.
  let offset = 0

  // Nothing when the page was left meanwhile (./leaving.ts): the view stays as it was.
  const read = (): Promise<Outcome | undefined> =>
    fetchHere(
      statusPaths.document,
      async (res): Promise<Outcome> => {
        const server = serverTime(res.headers)
        if (server) offset = server - Date.now()
        // 403 is what S3 answers for a missing key to a reader that may not list the bucket.
        if (res.status === 404 || res.status === 403) return { problem: 'missing' }
        if (!res.ok) return { problem: 'unreachable' }
        const doc = readStatus(await res.json().catch(() => 0))
        return doc ? { doc } : { problem: 'malformed' }
      },
      { cache: 'no-cache' },
    ).catch((err): Outcome | undefined =>
      // Offline, or the network failed.
      wasLeft(err) ? undefined : { problem: 'unreachable' },
    )
  const show = () => {
    // A link to an incident (the feeds, the summary) names one that only the live document has.
    const id = location.hash.slice(1)
    const missing = id && !document.getElementById(id)
    patch(root, renderStatus(shown, { ...config, now: Date.now() + offset }))
    if (missing) document.getElementById(id)?.scrollIntoView()
  }
  const refresh = async () => {
    const outcome = await read()
    if (!outcome || !root.isConnected) return
    const before = shown
    shown = nextShown(before, outcome)
    try {
      show()
    } catch {
      // A document the view cannot show (renderStatus throws on it) is malformed too.
      shown = nextShown(before, { problem: 'malformed' })
      show()
    }
  }
  const onVisible = () => {
    if (!root.isConnected) {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
      removeEventListener('focus', onVisible)
    } else if (document.visibilityState === 'visible') void refresh()
  }
  void refresh()
  const timer = setInterval(onVisible, 60_000)
  document.addEventListener('visibilitychange', onVisible)
  addEventListener('focus', onVisible)
}

/**
 * `root`'s content made `markup`, node by node: a node of the same name stays (its attributes and
 * children brought to the new ones), anything else is replaced. A live region whose text changes is
 * so announced, and a focused link keeps the focus.
 */
function patch(root: HTMLElement, markup: string) {
  const template = document.createElement('template')
  template.innerHTML = markup
  morph(root, template.content)
}

function morph(from: Node, to: Node) {
  if (to.nodeType === 1) {
    const a = from as Element
    const b = to as Element
    for (const { name } of [...a.attributes]) if (!b.hasAttribute(name)) a.removeAttribute(name)
    for (const { name, value } of [...b.attributes]) if (a.getAttribute(name) !== value) a.setAttribute(name, value)
  } else if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue
  const before = [...from.childNodes]
  const after = [...to.childNodes]
  after.forEach((node, i) => {
    const old = before[i]
    if (old?.nodeName === node.nodeName) morph(old, node)
    else if (old) from.replaceChild(node, old)
    else from.appendChild(node)
  })
  for (const old of before.slice(after.length)) old.remove()
}
