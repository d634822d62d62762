import { defineConfig, presetIcons, presetWind4 } from 'unocss'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IconifyJSON } from '@iconify/types'
import { colors } from '@unocss/preset-wind4/colors'
import { iconCollections, wordmarkHref } from './build/icons'
import { accent, brand, neutral, tokenCss } from './renderer/brand/tokens'
import { locales } from './locales/locales'
import { markets } from './api/contract/markets'
import { signFaces } from './api/contract/faces'

/** The riyal sign's family, in each language's stack after its face (api/contract/faces.ts). */
const signFamily = signFaces[0].family

const stylesheets = ['renderer/styles/site.css', 'renderer/styles/kit.css', 'renderer/styles/guide.css']
const read = (file: string) => readFileSync(join(process.cwd(), file), 'utf8')

/** Pages in Arabic script: a taller line and the Arabic face first (the locale table says which). */
function localeCss(): string {
  const arabic = locales.filter((l) => l.script === 'arabic').map((l) => `html[lang="${l.code}"]`)
  if (!arabic.length) return ''
  const each = (rest: string) => arabic.map((html) => `${html} ${rest}`).join(', ')
  // On <html> itself, not only <body>: the root's first font gives its line metrics, and a root
  // left on Inter would download Inter on every Arabic page.
  // The code bar's copy button too: its `font-family: inherit` would take the bar's monospace.
  // Arabic headings are never tracked tighter, and two-line headings need a taller line than Latin's.
  return `${arabic.join(', ')}, ${each('.code-copy')} { font-family: "IBM Plex Sans Arabic", "${signFamily}", system-ui, sans-serif; }
${each('body')} { line-height: 1.7; }
${each(':is(h1,h2,h3,.display)')} { letter-spacing: 0; line-height: 1.35; }`
}

/** The pricing page shows the prices of the market whose radio is checked, without a script. */
function marketCss(): string {
  const rules = markets.map(
    (m) => `.pricing:has(#market-${m.code}:checked) [data-market]:not([data-market="${m.code}"])`,
  )
  return `${rules.join(', ')} { display: none; }`
}

/** The header's and the footer's wordmark, a mask of its file in the text's colour (build/icons.ts). */
function wordmarkCss(): string {
  const mask = (href: string) =>
    `-webkit-mask:url(${href}) center/contain no-repeat;mask:url(${href}) center/contain no-repeat`
  return `.frame-wordmark{display:inline-block;background-color:currentColor;${mask(wordmarkHref('wordmark-en'))}}
.frame-wordmark-ar{display:inline-block;background-color:currentColor;${mask(wordmarkHref('wordmark-ar'))}}`
}

/** A row of payment-method tiles shows the market whose radio is checked (renderer/components/PaymentMethods.tsx). */
function methodsCss(): string {
  const rules = markets.map(
    (m) =>
      `.methods:has(input[value="${m.code}"]:checked) [data-methods-market]:not([data-methods-market="${m.code}"])`,
  )
  // The checkout's panel: once the order has a market (its select), that market's methods alone.
  const order = (m: (typeof markets)[number]) =>
    `.checkout-grid:has(select[name="market"] option[value="${m.code}"]:checked) .methods [data-methods-market]`
  const ordered = markets.map(
    (m) =>
      `${order(m)}:not([data-methods-market="${m.code}"]) { display: none; } ${order(m)}[data-methods-market="${m.code}"] { display: flex; }`,
  )
  // The empty cart's plans: the price and link of the market the panel shows (pages/checkout/EmptyCart.tsx).
  const offered = markets.map(
    (m) =>
      `.checkout-grid:has(.methods input[value="${m.code}"]:checked) [data-plan-market]:not([data-plan-market="${m.code}"])`,
  )
  return `${[...rules, ...offered].join(', ')} { display: none; }
.checkout-grid:has(select[name="market"]) .methods .segmented { display: none; }
${ordered.join('\n')}`
}

const physical = 'physical left/right utilities break the Arabic layout; use the logical one'

export default defineConfig({
  presets: [
    // Dark mode follows the system setting (docs/content.md): `dark:` utilities are media queries.
    presetWind4({ dark: 'media' }),
    // Icons become CSS at build time: no icon request at run time (docs/behaviour.md §8).
    // An icon is an inline block, so a size utility sizes it wherever it sits.
    presetIcons({
      extraProperties: { display: 'inline-block', 'vertical-align': 'middle' },
      collections: {
        lucide: () => import('@iconify-json/lucide/icons.json').then((m) => m.default as IconifyJSON),
        // The brand's marks (renderer/brand/).
        ...iconCollections(),
      },
    }),
  ],
  // docs/behaviour.md §8: the brand's named colours (renderer/brand/tokens.ts), light and dark; blue
  // for information only.
  theme: {
    colors: {
      brand,
      primary: brand,
      accent,
      secondary: accent,
      success: brand,
      info: colors.blue,
      warning: colors.amber,
      error: colors.red,
      neutral,
    },
    font: {
      // Each language's face, then the system's: never the other language's web face. Its faces are
      // `font-display: optional` (build/css.ts), so on a slow load the page keeps its fallback for
      // good; with the other face next in the list, that fallback was a download of its own (an
      // English page fetched IBM Plex Sans Arabic's four files, an Arabic page Inter's two;
      // tests/e2e/budgets.spec.ts saw it under load). Arabic words on English pages (the language
      // switch) are `font-system`. The riyal sign's own face next (api/contract/faces.ts
      // `signFaces`): its range is U+20C1 alone, so it draws the sign and nothing else, and is
      // fetched by a page that shows one.
      sans: `"Inter", "${signFamily}", system-ui, sans-serif`,
    },
  },
  shortcuts: {
    // Directional icons (arrows, chevrons) mirror in right-to-left pages; logos and checks do not.
    'flip-rtl': 'rtl:-scale-x-100',
    // Text in the other language's script (the switcher's label): no web font is fetched for it.
    'font-system': 'font-[system-ui,sans-serif]',
    // Its edge in forced colours: renderer/styles/site.css.
    'btn-primary':
      'inline-flex items-center gap-2 rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700',
    // A form's text input or select, in every island: its focus ring and its invalid state.
    field:
      'block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-700 aria-[invalid=true]:border-2 aria-[invalid=true]:border-error-700 dark:border-neutral-700 dark:bg-neutral-950 dark:text-white dark:aria-[invalid=true]:border-error-400',
    // The frame every page shares (header, language links, footer, skip link): short names, because
    // they are in every page's HTML (renderer/components/Header.tsx).
    // The skip link overlays the header's corner when focused: `!absolute`, since not-sr-only's
    // position: static would otherwise win and push the header down.
    'frame-skip-link':
      'sr-only focus:not-sr-only focus:!absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-neutral-900',
    // A band's background runs the screen's width past the centred column (an outset border image:
    // no layout, no sideways scroll); the page clips what runs past the screen.
    'frame-page': 'min-h-screen overflow-x-clip',
    'frame-header':
      'border-b border-neutral-200 bg-white/90 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/90',
    'frame-header-row': 'mx-auto flex max-w-6xl items-center gap-x-2 px-3 py-3 sm:gap-x-6 sm:px-4',
    'frame-brand': 'flex shrink-0 items-center gap-2 text-neutral-950 dark:text-white',
    'frame-wordmark': 'h-[1.3rem] w-[4.2rem] max-[22.5rem]:hidden',
    'frame-wordmark-ar': 'h-[1.75rem] w-[4.43rem] max-[22.5rem]:hidden',
    'frame-sign-in':
      'hidden rounded-md px-2 py-1.5 text-sm font-medium text-neutral-700 hover:text-primary-700 lg:inline-flex dark:text-neutral-200 dark:hover:text-primary-300',
    'frame-start':
      'hidden h-9 items-center rounded-lg bg-primary-700 px-3.5 text-sm font-semibold text-white hover:bg-primary-800 sm:inline-flex',
    'frame-nav-link':
      'text-neutral-700 hover:text-primary-700 aria-[current=page]:font-semibold aria-[current=page]:text-primary-700 dark:text-neutral-300 dark:hover:text-primary-400 dark:aria-[current=page]:text-primary-400',
    'frame-cart':
      'flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800',
    'frame-cart-count': 'min-w-5 rounded-full bg-primary-700 px-1.5 text-center text-xs font-semibold text-white',
    'frame-locale-link':
      'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-neutral-700 sm:px-3 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800',
    'frame-tooltip':
      'absolute end-0 top-full z-50 mt-2 w-max max-w-xs rounded-md bg-neutral-900 px-2.5 py-1.5 text-sm text-white shadow-md dark:bg-neutral-100 dark:text-neutral-900',
    'frame-menu-button':
      'flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-100 md:hidden dark:text-neutral-100 dark:hover:bg-neutral-800',
    'frame-footer': 'border-t border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900',
    'frame-footer-grid':
      'mx-auto grid max-w-6xl gap-10 px-4 py-12 text-sm text-neutral-600 lg:grid-cols-[16rem_1fr] dark:text-neutral-400',
    'frame-footer-about': 'flex flex-col items-start',
    'frame-footer-columns': 'grid grid-cols-2 gap-8 sm:grid-cols-4',
    'frame-footer-title': 'text-sm font-semibold text-neutral-900 dark:text-white',
    'frame-footer-links': 'mt-3 flex flex-col gap-2.5',
    'frame-footer-link': 'inline-flex items-center gap-1.5 hover:text-primary-700 dark:hover:text-primary-300',
    'frame-footer-legal': 'border-t border-neutral-200 pt-6 text-xs lg:col-span-2 dark:border-neutral-800',
    // The closing call-to-action band (renderer/components/Footer.tsx) and its buttons on ink green.
    'cta-band': 'mt-20 bg-brand-900 text-white dark:border-y dark:border-brand-800 dark:bg-brand-950',
    'btn-on-dark':
      'inline-flex items-center gap-2 rounded-lg bg-accent-400 px-5 py-2.5 font-semibold text-brand-950 hover:bg-accent-300',
    'btn-outline-on-dark':
      'inline-flex items-center gap-2 rounded-lg border border-white/40 px-5 py-2.5 font-semibold text-white hover:bg-white/10',
    'frame-actions': 'ms-auto flex items-center gap-1',
    // Lists that a page repeats row by row (short names, since each row carries them on
    // the page and again in its payload): the status page's components, the fee and service tables,
    // the definition lists, the ticked lists.
    'ink-strong': 'font-semibold text-neutral-900 dark:text-white',
    // A service's vignette (pages/services/+Page.tsx): beside its text from md, mirrored in Arabic.
    vignette: 'hidden shrink-0 md:block md:w-56 lg:w-70 h-auto flip-rtl',
    // A white panel on the page (the checkout's cart and its side panel) and a card inside one.
    panel: 'rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900',
    'panel-card': 'flex flex-col rounded-xl border border-neutral-200 p-5 dark:border-neutral-800',
    'text-link': 'font-medium text-primary-700 hover:underline dark:text-primary-400',
    'ink-muted': 'text-neutral-600 dark:text-neutral-400',
    'st-row-head': 'flex flex-wrap items-center justify-between gap-x-4 gap-y-1',
    'st-scale': 'mt-1 flex justify-between text-xs text-neutral-500 dark:text-neutral-400',
    'st-state': 'inline-flex items-center gap-1.5 text-sm font-medium',
    'st-rule': 'border-t border-neutral-100 dark:border-neutral-800',
    'table-line': 'border-b border-neutral-100 last:border-0 dark:border-neutral-800/60',
    'table-row-head': 'px-4 py-3 text-start font-semibold text-neutral-900 dark:text-white',
    'dd-text': 'mt-0.5 text-neutral-600 dark:text-neutral-400',
    'list-check': 'mt-0.5 size-4 shrink-0 text-primary-700 dark:text-primary-400',
    // The guide search box's input (renderer/components/GuideSearch.tsx), in every guide page's HTML.
    'search-input':
      'w-full rounded-lg border border-neutral-500 bg-white py-2 ps-9 pe-3 text-base text-neutral-900 placeholder:text-neutral-500 dark:bg-neutral-900 dark:text-white dark:placeholder:text-neutral-400',
    // A guide article's frame (pages/guide/article/+Page.tsx), on every guide page.
    'guide-layout': 'lg:grid lg:grid-cols-[minmax(0,48rem)_15rem] lg:gap-x-12',
    'guide-bar': 'border-b border-neutral-200 pb-5 [&_form]:mt-0 dark:border-neutral-800',
    'guide-crumb-sep': 'mx-2 text-neutral-400',
    'guide-crumb': 'text-neutral-500 dark:text-neutral-400',
    // An arrow beside `i-lucide-arrow-left`/`-right` (an icon's class stays its own: one copy of its SVG).
    'guide-arrow': 'size-4 flip-rtl',
    'guide-back': 'inline-flex items-center gap-1 text-primary-700 hover:underline dark:text-primary-400',
    'guide-title': 'mt-4 text-balance text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl dark:text-white',
    'guide-lead': 'mt-3 text-lg text-neutral-600 dark:text-neutral-300',
    'guide-toc': 'mt-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0',
    'guide-toc-box':
      'rounded-xl border border-neutral-200 p-4 lg:sticky lg:top-6 lg:border-0 lg:p-0 dark:border-neutral-800',
    'guide-toc-link':
      '-ms-3 block border-s-2 border-transparent ps-2.5 text-neutral-600 hover:text-primary-700 dark:text-neutral-400 dark:hover:text-primary-400',
    'guide-pager': 'mt-12 grid gap-4 border-t border-neutral-200 pt-6 sm:grid-cols-2 dark:border-neutral-800',
    'guide-pager-link': 'rounded-xl border border-neutral-200 p-4 hover:border-primary-600 dark:border-neutral-800',
    'guide-pager-label': 'flex items-center gap-1 text-sm text-neutral-500 dark:text-neutral-400',
    'guide-pager-title': 'mt-1 block font-semibold text-neutral-900 dark:text-white',
    // A card on the guide index (pages/guide/index/+Page.tsx), one per guide. Its link also carries
    // `group`, which the title's group-hover reads.
    'guide-card':
      'block h-full rounded-xl border border-neutral-200 bg-white p-5 transition-colors hover:border-primary-600 dark:border-neutral-800 dark:bg-neutral-900',
    'guide-card-title':
      'flex items-center justify-between gap-2 font-semibold text-neutral-900 group-hover:text-primary-700 dark:text-white dark:group-hover:text-primary-400',
    'guide-card-arrow': 'size-4 shrink-0 flip-rtl',
    'guide-card-text': 'mt-1 block text-sm text-neutral-600 dark:text-neutral-400',
    // A payment method's tile (renderer/components/PaymentMethods.tsx): white in both schemes, as the
    // brands' marks are drawn for a light ground.
    'pay-tile':
      'flex h-10 w-16 items-center justify-center rounded-lg border border-neutral-200 bg-white dark:border-neutral-700',
    'pay-tile-sm':
      'flex h-8 w-12 items-center justify-center rounded-md border border-neutral-200 bg-white dark:border-neutral-700',
    // The FAQ block: its heading beside the questions from `lg`, both on the page's start edge.
    // The home page's strip of sample merchants' wordmarks, greyed.
    'merchant-strip':
      'mt-4 flex flex-wrap items-center gap-x-10 gap-y-4 text-xl text-neutral-500/80 dark:text-neutral-400/80',
    'faq-block': 'mx-auto mt-20 max-w-6xl px-4 lg:grid lg:grid-cols-[1fr_2fr] lg:gap-x-12',
    // A question of the FAQ (renderer/components/Faq.tsx); its <details> carries `group`.
    'faq-question':
      'flex cursor-pointer list-none items-center justify-between gap-4 rounded py-3 font-medium text-neutral-900 dark:text-white [&::-webkit-details-marker]:hidden',
    'faq-chevron': 'size-4 shrink-0 transition-transform group-open:rotate-180',
    'faq-answer': 'pb-4 text-neutral-600 dark:text-neutral-300',
    // A call to action of a page's first screen: 48 px high.
    'btn-lg': 'h-12 px-6 text-base',
    // Every page's h1 but the home page's display title: 44/52 from `sm`.
    'page-title':
      'text-3xl font-bold tracking-tight text-neutral-950 sm:text-[2.75rem] sm:leading-[3.25rem] dark:text-white',
    'sample-note': 'mt-4 flex items-center gap-1.5 text-[0.8125rem] text-neutral-500 dark:text-neutral-400',
    'card-lift':
      'transition duration-150 hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0',
    'btn-secondary':
      'inline-flex items-center gap-2 rounded-lg border border-neutral-300 px-5 py-2.5 font-semibold text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:text-white dark:hover:bg-neutral-800',
  },
  // Plain CSS in renderer/styles/, and the rules that follow the locale table and the markets.
  preflights: [
    {
      getCSS: () =>
        [tokenCss(), ...stylesheets.map(read), localeCss(), marketCss(), methodsCss(), wordmarkCss()].join('\n'),
    },
  ],
  // Logical properties only: physical utilities produce no CSS, and tests/unit/rules.test.ts
  // fails when one appears in the source.
  blocklist: [
    [/^-?(m|p|scroll-m|scroll-p)[lr]-/, { message: `${physical}: ms-/me-, ps-/pe-` }],
    [/^-?(left|right)-/, { message: `${physical}: start-/end-` }],
    [/^text-(left|right)$/, { message: `${physical}: text-start/text-end` }],
    [/^rounded-(l|r|tl|tr|bl|br)(-|$)/, { message: `${physical}: rounded-s/-e/-ss/-se/-es/-ee` }],
    [/^border-(l|r)(-|$)/, { message: `${physical}: border-s/border-e` }],
    [/^(float|clear)-(left|right)$/, { message: `${physical}: float-start/float-end` }],
  ],
})
