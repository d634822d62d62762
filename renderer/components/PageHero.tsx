import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../locales/messages'

/** The page's one h1 and its lead paragraph. */
export function PageHero({ title, body, children }: { title: MessageId; body?: MessageId; children?: ReactNode }) {
  return (
    <div className="max-w-3xl">
      <h1 className="page-title">
        <FormattedMessage id={title} />
      </h1>
      {body && (
        <p className="mt-4 text-pretty text-lg text-neutral-600 dark:text-neutral-300">
          <FormattedMessage id={body} />
        </p>
      )}
      {children}
    </div>
  )
}

/**
 * A section of a page, labelled by its h2, with an optional intro paragraph: `id="fees"` gives
 * the heading the id `fees-title`. `headingClassName` for a heading of another size, or `sr-only`.
 */
export function Section(props: {
  id: string
  title: MessageId
  intro?: MessageId
  className: string
  headingClassName?: string
  children?: ReactNode
}) {
  const {
    id,
    title,
    intro,
    className,
    headingClassName = 'text-2xl font-bold text-neutral-900 dark:text-white',
    children,
  } = props
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className={headingClassName}>
        <FormattedMessage id={title} />
      </h2>
      {intro && (
        <p className="mt-2 max-w-3xl text-neutral-600 dark:text-neutral-300">
          <FormattedMessage id={intro} />
        </p>
      )}
      {children}
    </section>
  )
}

/** A titled card of a page section. */
export function Card({ title, body, icon }: { title: MessageId; body: MessageId; icon?: string }) {
  return (
    <div className="card-lift rounded-xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
      {icon && (
        <span className="grid size-10 place-items-center rounded-lg bg-brand-50 dark:bg-brand-950">
          <span className={`${icon} size-5 text-primary-700 dark:text-primary-300`} aria-hidden="true" />
        </span>
      )}
      <h3 className="mt-3 ink-strong">
        <FormattedMessage id={title} />
      </h3>
      <p className="mt-1 ink-muted">
        <FormattedMessage id={body} />
      </p>
    </div>
  )
}

/** The page's one "sample data" label (docs/content.md: once per page where figures appear): a muted footnote under the figures it qualifies. */
export function SampleNote({ id }: { id: MessageId }) {
  return (
    <p className="sample-note">
      <span className="i-lucide-info size-4 shrink-0" aria-hidden="true" />
      <FormattedMessage id={id} />
    </p>
  )
}

/** A numbered row of steps: `<prefix>.<key>.title` and `.body` of each key, in order (home, checkout). */
export function Steps({ prefix, keys }: { prefix: string; keys: readonly string[] }) {
  return (
    <ol className="mt-6 grid gap-4 md:grid-cols-3">
      {keys.map((key, i) => (
        <li
          key={key}
          className="rounded-xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary-100 font-bold text-primary-800 dark:bg-primary-900 dark:text-primary-200">
            {i + 1}
          </span>
          <h3 className="mt-3 ink-strong">
            <FormattedMessage id={`${prefix}.${key}.title` as MessageId} />
          </h3>
          <p className="mt-1 ink-muted">
            <FormattedMessage id={`${prefix}.${key}.body` as MessageId} />
          </p>
        </li>
      ))}
    </ol>
  )
}
