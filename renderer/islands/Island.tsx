import { renderToString } from 'react-dom/server'
import { intlLocale } from '../../locales/intlLocale'
import { useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { type HydrateOn, type IslandData, islandAttrs, islandNameOf } from '../shared/dom'
import { type IslandComponent, scriptJson } from './define'
import { IslandRoot } from './IslandRoot'
import { packMessages } from './messages'

// The islands the browser can load (renderer/islands/registry.ts finds them the same way).
const islandNames = new Set(Object.keys(import.meta.glob('/pages/**/*.island.tsx', { eager: true })).map(islandNameOf))

/**
 * Places an island. Its HTML is prerendered as its own React root, exactly as the browser will
 * hydrate it (so ids and messages match); its props and the messages it uses (packed: ./messages.ts)
 * are written beside it as JSON; the runtime (renderer/client/islands.ts) hydrates it when it
 * becomes visible, when the browser is idle, or once the page has painted (`load`). A message the island uses but did not
 * declare fails the build.
 */
export function Island<P extends object>({
  of: Component,
  props,
  hydrate = 'visible',
}: {
  of: IslandComponent<P>
  props: P
  hydrate?: HydrateOn
}) {
  const intl = useIntl()
  const { locale } = usePageContext()
  const { name, messages: prefixes } = Component.island
  if (!islandNames.has(name))
    throw new Error(
      `Island ${name}: the browser loads islands by file name, and there is no pages/**/${name}.island.tsx`,
    )
  const messages = packMessages(
    Object.fromEntries(Object.entries(intl.messages).filter(([id]) => prefixes.some((p) => id.startsWith(p)))),
  )
  const data: IslandData<P> = { locale: intlLocale(locale), props, messages }
  // Written before the island renders, which unpacks its messages (./messages.ts).
  const json = scriptJson(data)
  const html = renderToString(
    <IslandRoot
      Component={Component as never}
      data={data}
      onMissingMessage={(m) => {
        throw new Error(`Island ${name} uses a message outside its declared prefixes (${prefixes.join(', ')}): ${m}`)
      }}
    />,
    { identifierPrefix: `${name}-` },
  )
  return (
    <div {...{ [islandAttrs.name]: name, [islandAttrs.hydrate]: hydrate }} className="contents">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON made safe inside <script> by scriptJson */}
      <script type="application/json" dangerouslySetInnerHTML={{ __html: json }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own prerendered React markup */}
      <div {...{ [islandAttrs.root]: '' }} className="contents" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  )
}
