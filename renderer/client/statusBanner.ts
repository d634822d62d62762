// The status banner of the pages that need the platform (renderer/components/StatusBanner.tsx,
// docs/status.md): on a full load and after each swap to such a page, the live status document is
// fetched once and the banner shown while a component the page needs is not operational, with their
// names. Pages without a banner make no request. A document that cannot be read, or is too old or
// dated ahead, shows nothing: the banner speaks only from a fresh document.
import { freshness, statusPaths } from '../../api/contract/statusRules'
import { dataAttrs, events } from '../shared/dom'

interface Loose {
  schema?: unknown
  updatedAt?: unknown
  sample?: unknown
  components?: { key?: unknown; state?: unknown }[]
}

async function check() {
  const region = document.querySelector<HTMLElement>(`[${dataAttrs.statusNeeds}]`)
  if (!region) return
  const needs = region.getAttribute(dataAttrs.statusNeeds)!.split(',')
  let affected: string[] = []
  try {
    const res = await fetch(statusPaths.document, { cache: 'no-cache' })
    const doc = (res.ok ? await res.json() : undefined) as Loose | undefined
    if (
      doc?.schema === 1 &&
      typeof doc.updatedAt === 'string' &&
      Array.isArray(doc.components) &&
      !freshness(doc as never, Date.now())
    )
      affected = needs.filter((key) =>
        doc.components!.some((c) => c?.key === key && typeof c.state === 'string' && c.state !== 'operational'),
      )
  } catch {
    // Offline, or not a document: no banner (the status page says more).
  }
  if (!region.isConnected) return
  const names = affected.map(
    (key) => region.querySelector(`[${dataAttrs.statusComponent}="${key}"]`)?.textContent ?? key,
  )
  const list = region.querySelector<HTMLElement>(`[${dataAttrs.statusAffected}]`)
  if (list) list.textContent = names.join(list.getAttribute(dataAttrs.statusAffected) ?? ', ')
  region.querySelector<HTMLElement>(`[${dataAttrs.statusBanner}]`)!.hidden = affected.length === 0
}

export function startStatusBanner() {
  void check()
  document.addEventListener(events.afterSwap, () => void check())
}
