import { FormattedMessage, useIntl } from 'react-intl'
import type { MessageId } from '../../locales/messages'
import { scriptJson } from '../islands/define'
import { Section } from './PageHero'

/**
 * The questions of a page: every `<area>.faq.<key>.question` of the catalog, in catalog order,
 * each with its `.answer`. Adding a question is adding two messages.
 */
function faqKeys(messages: Record<string, unknown>, area: string): string[] {
  const re = new RegExp(`^${area}\\.faq\\.([\\w-]+)\\.question$`)
  return Object.keys(messages).flatMap((id) => re.exec(id)?.[1] ?? [])
}

/**
 * The FAQ block of the default and background layouts: native <details>, so it works without
 * JavaScript, and FAQPage JSON-LD made from the same messages (schema.org/FAQPage).
 */
export function Faq({ area }: { area: string }) {
  const intl = useIntl()
  const keys = faqKeys(intl.messages, area)
  if (!keys.length) return null
  const id = (key: string, part: 'question' | 'answer') => `${area}.faq.${key}.${part}` as MessageId
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: intl.locale.slice(0, 2),
    mainEntity: keys.map((key) => ({
      '@type': 'Question',
      name: intl.formatMessage({ id: id(key, 'question') }),
      acceptedAnswer: { '@type': 'Answer', text: intl.formatMessage({ id: id(key, 'answer') }) },
    })),
  }
  return (
    <Section id="faq" title="faq.title" className="faq-block">
      <div className="mt-4 divide-y divide-neutral-200 border-y lg:mt-0 border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        {keys.map((key) => (
          <details key={key} className="group py-1" data-faq={key}>
            <summary className="faq-question">
              <FormattedMessage id={id(key, 'question')} />
              <span className="i-lucide-chevron-down faq-chevron" aria-hidden="true" />
            </summary>
            <p className="faq-answer">
              <FormattedMessage id={id(key, 'answer')} />
            </p>
          </details>
        ))}
      </div>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD of the site's own data; scriptJson escapes what could close the script
        dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }}
      />
    </Section>
  )
}
