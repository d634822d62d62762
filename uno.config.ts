import { defineConfig, presetIcons, presetWind4 } from 'unocss'
import { colors } from '@unocss/preset-wind4/colors'

const physical = 'physical left/right utilities break the Arabic layout; use the logical one'

export default defineConfig({
  presets: [
    presetWind4(),
    // Icons become CSS at build time: no icon request at run time (BEHAVIOUR.md section 8).
    presetIcons({ collections: { lucide: () => import('@iconify-json/lucide/icons.json').then((m) => m.default as any) } }),
  ],
  // BEHAVIOUR.md section 8: the seed's theme (Tailwind palettes), light and dark.
  theme: {
    colors: {
      primary: colors.green,
      secondary: colors.blue,
      success: colors.green,
      info: colors.blue,
      warning: colors.yellow,
      error: colors.red,
      neutral: colors.slate,
    },
    font: {
      sans: '"Inter", "IBM Plex Sans Arabic", system-ui, sans-serif',
    },
  },
  shortcuts: {
    // Directional icons (arrows, chevrons) mirror in right-to-left pages; logos and checks do not.
    'flip-rtl': 'rtl:-scale-x-100',
    // Text in the other language's script (the switcher's label): no web font is fetched for it.
    'font-system': 'font-[system-ui,sans-serif]',
    'btn-primary': 'inline-flex items-center gap-2 rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700',
    'btn-secondary': 'inline-flex items-center gap-2 rounded-lg border border-neutral-300 px-5 py-2.5 font-semibold text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:text-white dark:hover:bg-neutral-800',
  },
  preflights: [
    {
      getCSS: () => `
html[lang="ar"] body { font-family: "IBM Plex Sans Arabic", "Inter", system-ui, sans-serif; }
.page-background { background: radial-gradient(60rem 30rem at 50% -10rem, rgb(34 197 94 / 0.14), transparent 70%); }
@keyframes toast-in { from { opacity: 0; transform: translateY(0.5rem); } }
@keyframes toast-out { to { opacity: 0; } }
.toast[data-state="open"] { animation: toast-in 200ms ease-out; }
.toast[data-state="closed"], .toast[data-swipe="end"] { animation: toast-out 200ms ease-in forwards; }
.toast[data-swipe="move"] { transform: translateX(var(--radix-toast-swipe-move-x)); }
.toast[data-swipe="cancel"] { transform: translateX(0); transition: transform 200ms ease-out; }
.guide-prose { line-height: 1.75; }
.guide-prose h2 { font-size: 1.5rem; font-weight: 700; margin-block: 2.25rem 0.75rem; }
.guide-prose h3 { font-size: 1.2rem; font-weight: 600; margin-block: 1.75rem 0.5rem; }
.guide-prose p, .guide-prose ul, .guide-prose ol, .guide-prose table, .guide-prose pre { margin-block: 0.875rem; }
.guide-prose ul { list-style: disc; padding-inline-start: 1.5rem; }
.guide-prose ol { list-style: decimal; padding-inline-start: 1.5rem; }
.guide-prose a { color: var(--colors-primary-700, #15803d); text-decoration: underline; }
.guide-prose :not(pre) > code { background: rgb(148 163 184 / 0.18); border-radius: 0.25rem; padding-inline: 0.3em; font-size: 0.9em; unicode-bidi: isolate; }
.guide-prose pre { background: #0f172a; color: #e2e8f0; border-radius: 0.75rem; padding: 1rem 1.25rem; overflow-x: auto; font-size: 0.875rem; line-height: 1.6; text-align: start; }
.guide-prose table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
.guide-prose th, .guide-prose td { border-block-end: 1px solid rgb(148 163 184 / 0.4); padding: 0.5rem; text-align: start; vertical-align: top; }
.guide-prose strong { font-weight: 600; }
`,
    },
  ],
  // Logical properties only (STYLE.md): physical utilities produce no CSS, and
  // tests/unit/logicalCss.test.ts fails when one appears in the source.
  blocklist: [
    [/^-?(m|p|scroll-m|scroll-p)[lr]-/, { message: `${physical}: ms-/me-, ps-/pe-` }],
    [/^-?(left|right)-/, { message: `${physical}: start-/end-` }],
    [/^text-(left|right)$/, { message: `${physical}: text-start/text-end` }],
    [/^rounded-(l|r|tl|tr|bl|br)(-|$)/, { message: `${physical}: rounded-s/-e/-ss/-se/-es/-ee` }],
    [/^border-(l|r)(-|$)/, { message: `${physical}: border-s/border-e` }],
    [/^(float|clear)-(left|right)$/, { message: `${physical}: float-start/float-end` }],
  ],
})
