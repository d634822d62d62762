// The consent versions a contact form may send: those of locales/consent-versions.json, the
// archive of what each said (locales/consent.ts). Written by `npm run i18n:consent`; do not edit.
export const consentVersions = [
  'en-a6726826ab2b',
  'ar-5f820d6ed6b8',
  'en-40e2a7c4fa97',
  'ar-8b2a05f4ebb6',
  'ar-fc181878e6b9',
  'en-f4339001f796',
  'ar-9393f5e12223',
  'en-5935d18c4b8a',
  'ar-a3668f0be1dd',
  'en-d4ce69e155c4',
  'ar-879a3e75d958',
] as const
