import type { PageData } from '../pageData'
import { payloadPath } from '../payload'
import { buildId } from './buildInfo'

// One request per page and tab: a prefetch and the navigation that follows share it.
const cache = new Map<string, Promise<PageData>>()

/** The `_payload.json` of a page, as `<path>/_payload.json?<buildId>`. A failure is not cached. */
export function loadPayload(pathname: string): Promise<PageData> {
  const url = `${payloadPath(pathname)}?${buildId}`
  let payload = cache.get(url)
  if (!payload) {
    payload = fetchPayload(url)
    cache.set(url, payload)
    payload.catch(() => cache.delete(url))
  }
  return payload
}

async function fetchPayload(url: string): Promise<PageData> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
  const body = (await res.json()) as PageData
  if (!body || typeof body !== 'object' || !body.messages || typeof body.messages !== 'object') throw new Error('not a page payload')
  return body
}
