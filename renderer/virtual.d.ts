// Modules made by build/runtimeMessages.ts.
declare module 'virtual:error-views' {
  export const errorViews: import('./shared/dom').ErrorViews
}
declare module 'virtual:toast-messages' {
  export const toastMessages: Record<import('../locales/locales').Locale, import('../locales/pickMessages').Messages>
}
