import { renderToString } from 'react-dom/server'
import { useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { scriptJson, type IslandComponent, type IslandData } from './define'
import { IslandRoot } from './IslandRoot'

export type HydrateOn = 'visible' | 'idle' | 'load'

/**
 * Places an island. Its HTML is prerendered as its own React root, exactly as the browser will
 * hydrate it (so ids and messages match); its props and the messages it uses are written beside
 * it as JSON; the runtime (renderer/client/islands.ts) hydrates it when it becomes visible, when
 * the browser is idle, or at once. A message the island uses but did not declare fails the build.
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
  const messages = Object.fromEntries(
    Object.entries(intl.messages).filter(([id]) => prefixes.some((p) => id.startsWith(p))),
  )
  const data: IslandData<P> = { locale, props, messages }
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
    <div data-island={name} data-hydrate={hydrate} className="contents">
      <script type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      <div data-island-root="" className="contents" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  )
}
