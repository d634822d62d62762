import { defineConfig, presetIcons, presetWind4 } from 'unocss'
import { colors } from '@unocss/preset-wind4/colors'

const physical = 'physical left/right utilities break the Arabic layout; use the logical one'

export default defineConfig({
  presets: [
    // Dark mode follows the system setting (CONTENT.md, issue 7): `dark:` utilities are media queries.
    presetWind4({ dark: 'media' }),
    // Icons become CSS at build time: no icon request at run time (BEHAVIOUR.md section 8).
    presetIcons({
      collections: { lucide: () => import('@iconify-json/lucide/icons.json').then((m) => m.default as any) },
    }),
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
    'btn-primary':
      'inline-flex items-center gap-2 rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700',
    'btn-secondary':
      'inline-flex items-center gap-2 rounded-lg border border-neutral-300 px-5 py-2.5 font-semibold text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:text-white dark:hover:bg-neutral-800',
  },
  preflights: [
    {
      getCSS: () => `
html { color-scheme: light dark; -webkit-text-size-adjust: 100%; }
body { background: #fff; color: #0f172a; }
@media (prefers-color-scheme: dark) { body { background: #020617; color: #e2e8f0; } }
:focus-visible { outline: 2px solid #16a34a; outline-offset: 2px; }
@media (prefers-reduced-motion: reduce) { *, ::before, ::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; } }
html[lang="ar"] body { line-height: 1.7; }
html[lang="ar"] body { font-family: "IBM Plex Sans Arabic", "Inter", system-ui, sans-serif; }
.page-background { background: radial-gradient(60rem 30rem at 50% -10rem, rgb(34 197 94 / 0.14), transparent 70%); }
@keyframes toast-in { from { opacity: 0; transform: translateY(0.5rem); } }
@keyframes toast-out { to { opacity: 0; } }
.toast[data-state="open"] { animation: toast-in 200ms ease-out; }
.toast[data-state="closed"], .toast[data-swipe="end"] { animation: toast-out 200ms ease-in forwards; }
.toast[data-swipe="move"] { transform: translateX(var(--radix-toast-swipe-move-x)); }
.toast[data-swipe="cancel"] { transform: translateX(0); transition: transform 200ms ease-out; }
.site-menu { margin: 0; padding: 0; border: 0; background: none; color: inherit; }
.site-menu a { display: block; }
@media (min-width: 768px) { .site-menu { display: flex; position: static; inset: auto; gap: 1.25rem; overflow: visible; font-size: 0.875rem; } }
@media (max-width: 767.98px) {
  .site-menu:popover-open { position: fixed; inset: 3.75rem 0 auto; width: 100%; padding: 0.5rem 1rem 1rem; background: #fff; border-block-end: 1px solid #e2e8f0; box-shadow: 0 10px 24px rgb(15 23 42 / 0.12); display: grid; gap: 0.25rem; }
  .site-menu:popover-open a { padding: 0.625rem 0.75rem; border-radius: 0.375rem; font-size: 1rem; }
  .site-menu:popover-open a:hover { background: #f1f5f9; }
}
@media (max-width: 767.98px) and (prefers-color-scheme: dark) { .site-menu:popover-open { background: #020617; border-color: #1e293b; } .site-menu:popover-open a:hover { background: #0f172a; } }
.segmented { border: 0; padding: 0; margin: 0; min-inline-size: 0; }
.segmented-options { display: inline-flex; flex-wrap: wrap; gap: 0.25rem; padding: 0.25rem; border-radius: 0.75rem; background: rgb(148 163 184 / 0.18); }
.segmented label { position: relative; }
.segmented input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.segmented label > span { display: inline-flex; align-items: center; border-radius: 0.5rem; padding: 0.375rem 0.875rem; font-size: 0.875rem; font-weight: 500; }
.segmented input:checked + span { background: #fff; color: #0f172a; box-shadow: 0 1px 2px rgb(15 23 42 / 0.12); }
.segmented input:focus-visible + span { outline: 2px solid #15803d; outline-offset: 2px; }
@media (prefers-color-scheme: dark) { .segmented input:checked + span { background: #1e293b; color: #fff; } }
.pricing:has(#billing-yearly:checked) [data-billing="monthly"], .pricing:has(#billing-monthly:checked) [data-billing="yearly"] { display: none; }
.pricing:has(#market-sa:checked) [data-market]:not([data-market="sa"]),
.pricing:has(#market-ae:checked) [data-market]:not([data-market="ae"]),
.pricing:has(#market-eg:checked) [data-market]:not([data-market="eg"]) { display: none; }
.guide-prose { line-height: 1.75; }
.guide-prose h2 { font-size: 1.5rem; font-weight: 700; margin-block: 2.25rem 0.75rem; scroll-margin-block-start: 1rem; }
.guide-prose h3 { font-size: 1.2rem; font-weight: 600; margin-block: 1.75rem 0.5rem; scroll-margin-block-start: 1rem; }
.guide-prose blockquote { border-inline-start: 4px solid #16a34a; padding-inline-start: 1rem; color: inherit; margin-block: 1rem; }
.guide-prose p, .guide-prose ul, .guide-prose ol, .guide-prose table, .guide-prose pre { margin-block: 0.875rem; }
.guide-prose ul { list-style: disc; padding-inline-start: 1.5rem; }
.guide-prose ol { list-style: decimal; padding-inline-start: 1.5rem; }
.guide-prose a { color: var(--colors-primary-700, #15803d); text-decoration: underline; }
.guide-prose :not(pre) > code { background: rgb(148 163 184 / 0.18); border-radius: 0.25rem; padding-inline: 0.3em; font-size: 0.9em; unicode-bidi: isolate; }
.code-block { margin-block: 1.25rem; border-radius: 0.75rem; overflow: hidden; background: #0f172a; color: #e2e8f0; text-align: start; border: 1px solid #1e293b; }
.code-bar { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding-block: 0.25rem; padding-inline: 1rem 0.375rem; border-block-end: 1px solid #1e293b; font-size: 0.75rem; color: #94a3b8; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.code-copy { display: inline-flex; align-items: center; gap: 0.375rem; border-radius: 0.375rem; padding: 0.25rem 0.5rem; font-family: inherit; font-size: 0.75rem; color: #cbd5e1; cursor: pointer; }
html[lang="ar"] .code-copy { font-family: "IBM Plex Sans Arabic", system-ui, sans-serif; }
.code-copy:hover { background: #1e293b; color: #fff; }
.code-copy[data-state="copied"] { color: #86efac; }
.code-copy[data-state="failed"] { color: #fca5a5; }
.guide-prose .code-block pre { margin: 0; padding: 1rem 1.25rem; overflow-x: auto; font-size: 0.8125rem; line-height: 1.65; }
.guide-prose pre, .guide-prose code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.hljs-comment, .hljs-quote, .hljs-meta { color: #94a3b8; font-style: italic; }
.hljs-keyword, .hljs-selector-tag, .hljs-type { color: #ff7b72; }
.hljs-string, .hljs-regexp, .hljs-addition { color: #a5d6ff; }
.hljs-number, .hljs-literal, .hljs-variable, .hljs-template-variable { color: #79c0ff; }
.hljs-title, .hljs-title.function_, .hljs-section { color: #d2a8ff; }
.hljs-attr, .hljs-attribute, .hljs-property, .hljs-name { color: #7ee787; }
.hljs-built_in, .hljs-symbol, .hljs-params { color: #ffa657; }
.hljs-deletion { color: #ffa198; }
.toc a { display: block; }
.guide-prose li:has(> .task-box), .guide-prose li:has(> p > .task-box) { list-style: none; margin-inline-start: -1.5rem; }
.task-box { display: inline-block; inline-size: 1rem; block-size: 1rem; margin-inline-end: 0.375rem; vertical-align: -0.15em; border: 2px solid #16a34a; border-radius: 0.25rem; }
.task-done { background: #16a34a; }
.table-scroll { overflow-x: auto; margin-block: 0.875rem; }
.guide-prose :not(pre) > code { overflow-wrap: anywhere; }
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
