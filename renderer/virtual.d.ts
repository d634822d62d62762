// Modules made by build/runtimeMessages.ts.
declare module 'virtual:runtime-text' {
  export const runtimeText: Record<
    import('../locales/locales').Locale,
    { title: string; heading: string; message: string; backHome: string }
  >
}
declare module 'virtual:toast-messages' {
  export const toastMessages: Record<import('../locales/locales').Locale, import('../locales/messages').Messages>
}
