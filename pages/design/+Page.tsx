import { PageHero } from '../../renderer/PageHero'

export default function Page() {
  return <PageHero title="design.hero.title" body="design.hero.body" />
}
