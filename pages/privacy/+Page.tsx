import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../locales/messages'
import { cookieMaxAge, cookieName } from '../../renderer/client/cookie'
import { SampleNote } from '../../renderer/components/PageHero'
import { Toc } from '../../renderer/components/Toc'
import { privacy } from '../../api/contract/privacy'
import { privacySections } from './sections'

// The privacy notice (docs/content.md, "What each page carries"). Every word is a `privacy.*` message
// (the consent version is a hash of them and the consent box's text); the numbers are facts of
// site.config.ts and api/contract/privacy.ts filled in at build time (locales/facts.ts), the address and region come from
// `privacy`. The article's classes are the guide article's (uno.config.ts `guide-*`, guide.css's
// `.guide-prose`): the notice adds no CSS to the one stylesheet.

const sections = privacySections

/** The places that collect personal data, each with what, why and on which legal basis. */
const places = ['sales', 'support', 'checkout', 'browser'] as const
const placeFields = ['data', 'purpose', 'basis'] as const

const m = (id: string) => id as MessageId
type Values = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>

export default function Page() {
  const email = (
    <bdi dir="ltr">
      <a href={`mailto:${privacy.email}`}>{privacy.email}</a>
    </bdi>
  )
  const code = (text: string) => (
    <bdi dir="ltr">
      <code>{text}</code>
    </bdi>
  )
  const p = (id: string, values?: Values) => (
    <p>
      <FormattedMessage id={m(id)} values={values} />
    </p>
  )
  const list = (ids: string[], values?: Values) => (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <FormattedMessage id={m(id)} values={values} />
        </li>
      ))}
    </ul>
  )
  const body: Record<(typeof sections)[number], ReactNode> = {
    who: (
      <>
        {p('privacy.who.body')}
        {p('privacy.who.laws')}
        {p('privacy.who.contact', { email })}
      </>
    ),
    collect: (
      <>
        {p('privacy.collect.body')}
        {places.map((place) => (
          <section key={place} aria-labelledby={`collect-${place}`}>
            <h3 id={`collect-${place}`}>
              <FormattedMessage id={m(`privacy.collect.${place}.title`)} />
            </h3>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
              {placeFields.map((field) => (
                <div key={field}>
                  <dt className="ink-strong">
                    <FormattedMessage id={m(`privacy.collect.${field}`)} />
                  </dt>
                  <dd className="dd-text">
                    <FormattedMessage
                      id={m(`privacy.collect.${place}.${field}`)}
                      values={{ cookie: code(cookieName) }}
                    />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </>
    ),
    storage: (
      <>
        {p('privacy.storage.body', { region: code(privacy.region) })}
        {p('privacy.storage.transfer')}
      </>
    ),
    recipients: (
      <>
        {p('privacy.recipients.body')}
        {list(['hosting', 'crm', 'payment', 'nobody'].map((k) => `privacy.recipients.${k}`))}
      </>
    ),
    retention: (
      <>
        {p('privacy.retention.body')}
        {/* The numbers are api/contract/privacy.ts `privacyFacts`; the cookie's lifetime is the runtime's own. */}
        {list(
          ['leads', 'sessions', 'browser', 'cookie', 'backups'].map((k) => `privacy.retention.${k}`),
          {
            cookieDays: cookieMaxAge / 86_400,
          },
        )}
      </>
    ),
    rights: (
      <>
        {p('privacy.rights.body')}
        {list(['access', 'correction', 'erasure', 'withdraw', 'object', 'complaint'].map((k) => `privacy.rights.${k}`))}
        {p('privacy.rights.how', { email })}
      </>
    ),
    changes: (
      <>
        {p('privacy.changes.body')}
        {p('privacy.updated', { time: (chunks: ReactNode[]) => <time dateTime={privacy.updated}>{chunks}</time> })}
      </>
    ),
  }
  return (
    <article className="guide-layout">
      <div className="min-w-0">
        <h1 className="guide-title">
          <FormattedMessage id="privacy.hero.title" />
        </h1>
        <p className="guide-lead">
          <FormattedMessage id="privacy.hero.body" />
        </p>
        <SampleNote id="privacy.sample" />
      </div>
      <Toc title="privacy.toc">
        {sections.map((s) => (
          <li key={s}>
            <a href={`#${s}`} className="guide-toc-link">
              <FormattedMessage id={m(`privacy.${s}.title`)} />
            </a>
          </li>
        ))}
      </Toc>
      <div className="guide-prose mt-8 min-w-0">
        {sections.map((s) => (
          <section key={s} aria-labelledby={s}>
            <h2 id={s}>
              <FormattedMessage id={m(`privacy.${s}.title`)} />
            </h2>
            {body[s]}
          </section>
        ))}
      </div>
    </article>
  )
}
