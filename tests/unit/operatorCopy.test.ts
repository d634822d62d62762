// The operators' catalogs (locales/operator/) follow the glossary as the site's do ("the
// copy checks cover them"): an incident is «عطل», the status page «صفحة حالة الخدمة», the privacy
// page a "privacy policy", and every other term's "never" words, in both languages.
import { expect, test } from 'vitest'
import { termProblems } from '../../build/terms'
import { operatorCatalogs } from '../../locales/operator'
import { localeCodes } from '../../locales/locales'

test('every operator message follows the glossary', () => {
  const problems = localeCodes.flatMap((lang) =>
    Object.entries(operatorCatalogs[lang]).flatMap(([id, text]) =>
      termProblems(text, lang).map((problem) => `${lang} ${id}: ${problem}`),
    ),
  )
  expect(problems).toEqual([])
})
