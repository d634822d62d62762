import { usePageContext } from 'vike-react/usePageContext'
import { dirOf } from '../../locales/locales'
import { PageHero } from '../../renderer/components/PageHero'
import { Island } from '../../renderer/islands/Island'
import { markets, methodsOf } from '../../api/contract/markets'
import { site } from '../../site.config'
import ThemePreview from './ThemePreview.island'

export default function Page() {
  const { locale } = usePageContext()
  return (
    <>
      <PageHero title="design.hero.title" body="design.hero.body" />
      <Island
        of={ThemePreview}
        hydrate="visible"
        props={{
          dir: dirOf(locale),
          locale,
          brand: site.name[locale],
          methods: methodsOf(markets[0]!),
          order: { number: '#10482', amount: 249, currency: 'SAR' },
        }}
      />
    </>
  )
}
