import { assertPayload, type PagePayload } from '../shared/payload'
import { payloadPath } from '../shared/paths'
import { buildId } from './buildInfo'

// One request per page and tab: a prefetch and the navigation that follows share it.
const cache = new Map<string, Promise<PagePayload>>()

/** The `_payload.json` of a page, as `<path>/_payload.json?<buildId>`. A failure is not cached. */
export function loadPayload(pathname: string): Promise<PagePayload> {
  const url = `${payloadPath(pathname)}?${buildId()}`
  let payload = cache.get(url)
  if (!payload) {
    payload = fetchPayload(url)
    cache.set(url, payload)
    payload.catch(() => cache.delete(url))
  }
  return payload
}

async function fetchPayload(url: string): Promise<PagePayload> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
  const body: unknown = await res.json()
  assertPayload(body)
  return body
}
