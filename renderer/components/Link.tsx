import type { AnchorHTMLAttributes } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { localizePath } from '../../locales/localizePath'
import type { Locale } from '../../locales/locales'

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & {
  /** A logical path (`/pricing`), localized for the page's locale unless `locale` says otherwise. */
  href: string
  locale?: Locale
}

/** Every internal link goes through here, so it points at the right language. */
export function Link({ href, locale, ...rest }: Props) {
  const pageContext = usePageContext()
  const target = localizePath(href, locale ?? pageContext.locale)
  const current = !locale && new URL(pageContext.urlLogical, 'http://x').pathname === href
  return <a href={target} aria-current={current ? 'page' : undefined} {...rest} />
}
