import { errorViews } from 'virtual:error-views'
import { defaultLocale, isLocale } from '../../locales/locales'
import { writeRequestedPath } from './requestedPath'

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
  writeRequestedPath(node)
  return { node, title: view.title }
}
