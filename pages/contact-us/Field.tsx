// A field of the contact forms: its label, its message while it has one, the control, and its
// hint under it; the text and select fields are these with their control (./errors.ts ties them).
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { ContactField } from '../../api/contract/fields'
import type { MessageId } from '../../locales/messages'
import { controlProps, type Errors, fieldId } from './errors'
import type { FormKind } from './form'

export const inputClass = 'field mt-1.5'
const errorClass = 'mt-1 text-sm font-semibold text-error-700 dark:text-error-400'
const hintClass = 'mt-1.5 block text-sm text-neutral-600 dark:text-neutral-400'

/** A field's message, tied to its control by id; "Error:" before it for a screen reader. */
export function FieldError({ kind, field, errors }: { kind: FormKind; field: ContactField; errors: Errors }) {
  const intl = useIntl()
  const error = errors[field]
  if (!error) return null
  return (
    <p id={`${fieldId(kind, field)}-error`} className={errorClass}>
      <span className="sr-only">{intl.formatMessage({ id: 'contact.errorPrefix' })} </span>
      {intl.formatMessage({ id: error })}
    </p>
  )
}

export function Field({
  kind,
  field,
  label,
  hint,
  errors,
  children,
}: {
  kind: FormKind
  field: ContactField
  label: MessageId
  hint?: MessageId
  errors: Errors
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={fieldId(kind, field)} className="font-semibold text-neutral-900 dark:text-white">
        <FormattedMessage id={label} />
      </label>
      <FieldError kind={kind} field={field} errors={errors} />
      {children}
      {/* Under the field, so that the fields of a row line up whatever their hints. */}
      {hint && (
        <span id={`${fieldId(kind, field)}-hint`} className={hintClass}>
          <FormattedMessage id={hint} />
        </span>
      )}
    </div>
  )
}

export function TextField({
  kind,
  field,
  label,
  errors,
  hint,
  type,
  ltr,
  autoComplete,
  inputMode,
  max,
}: {
  kind: FormKind
  field: ContactField
  label: MessageId
  errors: Errors
  hint?: MessageId
  type?: string
  ltr?: boolean
  autoComplete?: string
  inputMode?: 'tel' | 'email'
  max: number
}) {
  return (
    <Field kind={kind} field={field} label={label} hint={hint} errors={errors}>
      <input
        {...controlProps(kind, field, errors, Boolean(hint))}
        type={type ?? 'text'}
        dir={ltr ? 'ltr' : 'auto'}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={max}
        spellCheck={ltr ? false : undefined}
        className={inputClass}
      />
    </Field>
  )
}

/** A select whose first option asks for a choice; `labels`, the options' text when not their own messages. */
export function SelectField({
  kind,
  field,
  label,
  errors,
  options,
  hint,
  labels,
  onChange,
}: {
  kind: FormKind
  field: ContactField
  label: MessageId
  errors: Errors
  options: readonly string[]
  hint?: MessageId
  labels?: readonly string[]
  onChange?: (value: string) => void
}) {
  const intl = useIntl()
  return (
    <Field kind={kind} field={field} label={label} hint={hint} errors={errors}>
      <select
        {...controlProps(kind, field, errors, Boolean(hint))}
        defaultValue=""
        onChange={onChange && ((e) => onChange(e.currentTarget.value))}
        className={inputClass}
      >
        <option value="">{intl.formatMessage({ id: 'contact.field.choose' })}</option>
        {options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: by place: the volume's options change with the country, and the one chosen stays chosen.
          <option key={i} value={o}>
            {labels?.[i] ?? intl.formatMessage({ id: `contact.${field}.${o}` as MessageId })}
          </option>
        ))}
      </select>
    </Field>
  )
}
