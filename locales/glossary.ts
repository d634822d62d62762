// The glossary as data: one word per idea, in each language, and the words never to use for it.
// `npm run i18n:verify` and the build fail when a catalog message or guide prose holds a `never`
// word (build/terms.ts), and docs/content.md shows this table (tests/unit/glossary.test.ts keeps it
// current). Arabic is matched without diacritics, as a whole word that may carry a proclitic (و ف ب
// ل ك) and the article, in any of its forms (plural, dual, feminine, pronoun suffix: build/terms.ts);
// an entry's `exact` words match only as written (no article added).

export interface Term {
  /** The idea, in English. */
  idea: string
  en?: string
  ar?: string
  never?: { en?: readonly string[]; ar?: readonly string[] }
  /** Words that match only as written, with no proclitic or article in front. */
  exact?: { ar?: readonly string[] }
  note?: string
}

export const glossary: readonly Term[] = [
  { idea: 'a payment (one transaction)', en: 'payment', ar: 'عملية دفع', never: { ar: ['دفعة', 'دفعات'] } },
  { idea: 'accept payments', en: 'accept payments, get paid', ar: 'استقبال المدفوعات', note: 'تحصيل is capture' },
  { idea: 'capture', en: 'capture', ar: 'التحصيل، التحصيل الجزئي' },
  { idea: "the merchant's business", en: 'business', ar: 'المنشأة، النشاط التجاري', never: { ar: ['أعمالك'] } },
  { idea: 'merchant', en: 'merchant', ar: 'التاجر' },
  { idea: "the merchant's customer (buyer)", en: 'customer', ar: 'العميل' },
  { idea: 'client-side code', en: 'client-side code', ar: 'الشيفرة في المتصفح أو التطبيق', note: 'never لدى العميل' },
  {
    idea: 'settlement',
    en: 'settlement; settle to your bank account',
    ar: 'التسوية؛ تُحوَّل المبالغ إلى حسابك البنكي',
    never: { ar: ['تسوى إلى'] },
  },
  { idea: 'payout', en: 'payout', ar: 'تحويل المستحقات' },
  {
    idea: 'when money arrives (settlement time)',
    en: 'the next business day; within # business days',
    ar: 'يوم العمل التالي؛ خلال # أيام عمل',
    note: 'one statement, tied to the fee table',
  },
  {
    idea: 'the monthly or yearly choice of a plan',
    en: 'subscription period',
    ar: 'مدة الاشتراك',
    note: 'الفوترة is invoicing (الفوترة الإلكترونية), not this',
  },
  {
    idea: 'a currency on a page',
    en: '⃁ 1.00 next to figures (the riyal sign, named "Saudi riyals"); Saudi riyals in prose',
    ar: '1.00 ⃁ بجانب الأرقام؛ الريال السعودي في النص',
    note: 'the sign named «ريال سعودي» for a screen reader; no ISO code in Arabic outside code, nor ر.س.; docs/content.md, "Sample numbers and money"',
  },
  {
    idea: 'Tabby and Tamara (what they are)',
    en: 'buy now, pay later',
    ar: 'اشترِ الآن وادفع لاحقًا',
    never: { en: ['pay in instalments'], ar: ['الدفع على أقساط'] },
  },
  {
    idea: 'the guide section; its items',
    en: 'Integration guide; articles',
    ar: 'دليل الربط؛ مقالات',
    never: { en: ['all guides'] },
  },
  { idea: 'API key', en: 'API key', ar: 'مفتاح API', never: { ar: ['مفتاح الواجهة البرمجية'] } },
  {
    idea: 'the API (the interface)',
    en: 'API',
    ar: 'الواجهة البرمجية',
    note: 'first use in an article: واجهة رصيد البرمجية (API)',
  },
  { idea: 'authentication', en: 'authentication', ar: 'المصادقة', never: { ar: ['توثيق'] } },
  {
    idea: 'webhook',
    en: 'webhook',
    ar: 'Webhook (أحداث Webhook for the feature)',
    never: { ar: ['الإشعارات الفورية'] },
  },
  {
    idea: 'sandbox; live',
    en: 'sandbox; live',
    ar: 'بيئة الاختبار؛ التشغيل الفعلي',
    never: { ar: ['المدفوعات الفعلية'] },
  },
  { idea: 'production environment', en: 'production', ar: 'بيئة الإنتاج', note: 'the environment, not the live mode' },
  { idea: 'contactless', en: 'contactless', ar: 'الدفع اللاتلامسي', never: { ar: ['الدفع باللمس'] } },
  {
    idea: 'payment service provider',
    en: 'payment service provider',
    ar: 'مقدّم خدمات المدفوعات',
    never: { ar: ['مزود', 'مزودي'] },
  },
  {
    idea: 'sample data',
    en: 'sample data, for illustration',
    ar: 'بيانات للعرض فقط',
    never: { ar: ['نموذجي', 'نموذجية', 'للتوضيح', 'توضيحية', 'خيالية'] },
  },
  { idea: 'service health', en: 'service health', ar: 'جاهزية الخدمات', never: { ar: ['سلامة الخدمات'] } },
  {
    idea: 'the status page (its name in links, title and heading)',
    en: 'Service status',
    ar: 'حالة الخدمة',
    never: { en: ['system status'], ar: ['حالة الأنظمة', 'حالة الخدمات', 'حالة خدمات'] },
    // As written only: «تُحمِّل هذه الصفحة الحالة المباشرة» (the page loads the live status) is fine.
    exact: { ar: ['صفحة الحالة'] },
    note: 'on the page itself: في هذه الصفحة / on this page',
  },
  {
    idea: 'incident (status page, feed, banner)',
    en: 'incident',
    ar: 'عطل؛ الأعطال',
    never: { ar: ['حادث', 'حوادث', 'بلاغ'] },
    note: 'حادث reads as an accident, بلاغ is a report (reporting one: الإبلاغ عنه)',
  },
  { idea: 'article (guide)', en: 'article', ar: 'مقالة', never: { ar: ['مقال'] } },
  {
    idea: 'failed (payment, payout, delivery)',
    en: 'failed',
    ar: 'أخفق، إخفاق؛ to buyers: تعذّر',
    never: { ar: ['فشل', 'يفشل', 'تفشل', 'فشلت', 'فشلها', 'فاشل', 'فاشلة'] },
  },
  { idea: 'embedded form', en: 'embedded form', ar: 'النموذج المدمج', never: { ar: ['مضمن'] } },
  {
    idea: 'chargeback; chargeback fee',
    en: 'chargeback; chargeback fee',
    ar: 'الاعتراض (Chargeback)؛ رسوم الاعتراض',
    never: { en: ['dispute fee'], ar: ['النزاع', 'نزاع'] },
  },
  {
    idea: 'card security code',
    en: 'security code (CVC)',
    ar: 'رمز الأمان (CVC)',
    never: { ar: ['رمز التحقق (CVC)'] },
  },
  { idea: 'one-time code', en: 'one-time code', ar: 'رمز التحقق لمرة واحدة' },
  {
    idea: 'international cards',
    en: 'international cards',
    ar: 'البطاقات الدولية',
    never: { en: ['cards issued abroad'], ar: ['خارج البلد'] },
  },
  {
    idea: 'POS terminal',
    en: 'POS terminal',
    ar: 'جهاز نقاط البيع',
    never: {
      en: ['in-store terminal', 'in-store terminals', 'in-store payments'],
      ar: ['أجهزة الدفع في المتجر', 'جهاز الدفع في المتجر'],
    },
  },
  { idea: 'payment gateway', en: 'payment gateway', ar: 'بوابة الدفع الإلكتروني' },
  { idea: 'queue', en: 'queue', ar: 'طابور', never: { ar: ['قائمة الإرسال', 'قوائم الإرسال'] } },
  {
    idea: 'close an incident',
    en: 'close the incident',
    ar: 'إعلان حلّ العطل',
    never: { ar: ['إغلاق العطل', 'إغلاق هذا العطل'] },
  },
  {
    idea: 'the privacy page',
    en: 'privacy policy',
    ar: 'سياسة الخصوصية',
    never: { en: ['privacy notice'] },
    note: 'the term of the Saudi PDPL',
  },
  {
    idea: 'work email (a field of the sales form)',
    en: 'work email',
    ar: 'البريد الإلكتروني المهني',
    never: { ar: ['البريد الإلكتروني للعمل', 'بريدك الإلكتروني للعمل'] },
  },
  {
    idea: "the merchant's balance with Rasid",
    en: 'your balance',
    ar: 'مستحقاتك لدى رصيد؛ الرصيد (with the article)',
    exact: { ar: ['رصيد حسابك', 'رصيد غير كاف'] },
    note: 'رصيد without the article is the brand',
  },
  { idea: 'credit note (tax)', en: 'credit note', ar: 'إشعار دائن' },
  {
    idea: 'PCI DSS',
    en: 'PCI DSS Level 1 compliant',
    ar: 'ملتزم بمعيار PCI DSS',
    never: { en: ['PCI DSS certified', 'certified environment'], ar: ['شهادة PCI DSS'] },
  },
  {
    idea: 'Oxford spelling (-ize)',
    en: 'authorize, recognize, organization',
    never: {
      en: [
        'authorise',
        'authorised',
        'authorising',
        'authorisation',
        'authorisations',
        'recognise',
        'recognised',
        'organise',
        'organised',
        'organisation',
        'organisations',
        'serialise',
        'serialised',
        'synchronise',
        'synchronised',
        'customise',
        'customised',
        'prioritise',
        'minimise',
        'summarise',
        'finalise',
        'realise',
        'utilise',
        'optimise',
        'standardise',
        'categorise',
        'localise',
        'localised',
        'normalise',
        'normalised',
      ],
    },
  },
]
