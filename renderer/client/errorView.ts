import { errorViews } from 'virtual:error-views'
import { defaultLocale, isLocale } from '../../locales/locales'
import { pathToken } from '../shared/dom'

/**
 * The error view for an error that happens in the browser (showError(), an island's code that
 * cannot load): the markup renderer/components/ErrorView.tsx rendered at build time in the page's
 * language (build/errorViews.tsx). A 404's path is written in as text, never as HTML.
 */
export function renderErrorView(statusCode: number): { node: HTMLElement; title: string } {
  const lang = document.documentElement.lang
  const view = errorViews[isLocale(lang) ? lang : defaultLocale][statusCode === 404 ? 404 : 500]
  const template = document.createElement('template')
  template.innerHTML = view.html
  const node = template.content.firstElementChild as HTMLElement
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.nodeValue?.includes(pathToken)) text.nodeValue = text.nodeValue.split(pathToken).join(currentPath())
  }
  return { node, title: view.title }
}

function currentPath(): string {
  const raw = location.pathname + location.search + location.hash
  try {
    return decodeURI(raw)
  } catch {
    return raw
  }
}
