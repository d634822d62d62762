// The consent versions a contact form may send: those of locales/consent-versions.json, the
// archive of what each said (locales/consent.ts). Written by `npm run i18n:consent`; do not edit.
export const consentVersions = ['en-7dd28b52feac', 'ar-77bcca65986d'] as const
