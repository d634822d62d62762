// The consent versions a contact form may send: those of locales/consent-versions.json, the
// archive of what each said (locales/consent.ts). Written by `npm run i18n:consent`; do not edit.
export const consentVersions = ['en-898b624b0c22', 'ar-3b27e95f5a62'] as const
