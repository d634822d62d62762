import { renderErrorView } from './errorView'

export interface AppError {
  statusCode: number
  message?: string
}

// The fatal error, shared by the whole page (docs/behaviour.md §6): while it is set, <main> shows
// the error view instead of the page, which comes back when the error is cleared.
let current: AppError | null = null
let saved: { nodes: Node[]; title: string } | null = null

export function showError(error: string | Partial<AppError>): AppError {
  current = typeof error === 'string' ? { statusCode: 500, message: error } : { statusCode: 500, ...error }
  const main = document.getElementById('main')
  if (main) {
    const { node, title } = renderErrorView(current.statusCode)
    saved ??= { nodes: [...main.childNodes], title: document.title }
    main.replaceChildren(node)
    document.title = title
    node.querySelector('h1')?.setAttribute('tabindex', '-1')
    node.querySelector<HTMLElement>('h1')?.focus()
  }
  if (current.message) console.error(`[rasid] ${current.message}`)
  return current
}

/**
 * Clears the error. Unless a navigation follows (`restore: false`: window.rasid.clearError with a
 * `redirect`, start.ts), the page comes back as it was.
 */
export function clearError(options: { restore?: boolean } = {}) {
  const wasShown = current !== null
  current = null
  if (wasShown && saved && options.restore !== false) {
    document.getElementById('main')?.replaceChildren(...saved.nodes)
    document.title = saved.title
  }
  saved = null
}

/** A navigation replaced the page (rasid:before-swap): the error went with it. */
export function forgetError() {
  current = null
  saved = null
}
