import { runtimeText } from 'virtual:runtime-text'
import { isLocale, defaultLocale } from '../../locales/locales'
import { localizePath } from '../../locales/localizePath'

/**
 * The "Internal Server Error" view of renderer/components/ErrorView.tsx, built in the browser for
 * an error that happens there (showError(), an island's code that cannot load). All text is set as
 * text, never as HTML.
 */
export function renderErrorView(statusCode: number): { node: HTMLElement; title: string } {
  const lang = document.documentElement.lang
  const locale = isLocale(lang) ? lang : defaultLocale
  const text = runtimeText[locale]
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, content?: string) => {
    const node = document.createElement(tag)
    node.className = className
    if (content !== undefined) node.textContent = content
    return node
  }
  const status = statusCode === 404 ? 404 : 500
  const root = el('div', 'mx-auto max-w-2xl py-8 text-center')
  root.dataset.status = String(status)
  const code = el('p', 'text-5xl font-bold text-primary-700', String(status))
  code.dir = 'ltr'
  const heading = el('h1', 'mt-4 text-3xl font-bold', text.heading)
  const message = el('p', 'mt-4 text-neutral-700 dark:text-neutral-300', text.message)
  message.dataset.testid = 'error-message'
  const home = el('a', 'btn-primary mt-8')
  home.href = localizePath('/', locale)
  const icon = el('span', 'i-lucide-house size-4')
  icon.setAttribute('aria-hidden', 'true')
  home.append(icon, text.backHome)
  root.append(code, heading, message, home)
  return { node: root, title: text.title }
}
