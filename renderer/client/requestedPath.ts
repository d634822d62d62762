import { pathToken } from '../shared/dom'

/**
 * The address the visitor asked for, as they typed it (decoded when it can be), for the 404 line
 * ("There is no page at <path>.").
 */
function requestedPath(): string {
  const raw = location.pathname + location.search + location.hash
  try {
    return decodeURI(raw)
  } catch {
    // Not valid percent-encoding: shown as it came.
    return raw
  }
}

/** Writes the requested path where prerendered error markup holds `pathToken`: as text, never as HTML. */
export function writeRequestedPath(root: Node) {
  const path = requestedPath()
  const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue
    if (text?.includes(pathToken)) node.nodeValue = text.split(pathToken).join(path)
  }
}
