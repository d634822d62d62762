// Every line the operator commands' shared helper (./cli.ts) writes, and the help of `npm run api`'s
// commands, in English and Arabic: one table, as the catalogs of locales/ are (flat ids, `{name}`
// arguments), so that it moves there whole. A command picks the language with `--lang ar`, its own
// variable (STATUS_LANG, DEPLOY_LANG) or RASID_LANG (docs/development.md, "The scripts"). In Arabic,
// an option is preceded by U+200E (LEFT-TO-RIGHT MARK) so that its dashes stay in front of it.

export type Lang = 'en' | 'ar'
export type Bilingual = { en: string; ar: string }

const lrm = '\u200E'

const table = {
  // The one-line answer to wrong usage: what is wrong, the command's form, where its help is.
  'cli.usage.line': {
    en: '{problem}. Usage: {synopsis}. Run {help} for the details.',
    ar: '{problem}. الاستخدام: {synopsis}. للتفاصيل شغّل {help}',
  },
  'cli.usage.unknownOption': { en: 'unknown option {option}', ar: `الخيار ${lrm}{option} غير معروف` },
  'cli.usage.notAnOptionOf': {
    en: '{option} is not an option of {command}',
    ar: `الخيار ${lrm}{option} لا يُستعمل مع الأمر {command}`,
  },
  'cli.usage.needsValue': { en: '{option} needs a value', ar: `الخيار ${lrm}{option} يحتاج إلى قيمة` },
  'cli.usage.takesNoValue': { en: '{option} takes no value', ar: `الخيار ${lrm}{option} لا يأخذ قيمة` },
  'cli.usage.unknownCommand': { en: 'unknown command "{command}"', ar: 'الأمر «{command}» غير معروف' },
  'cli.usage.nameCommand': { en: 'name a command: {commands}', ar: 'اذكر أحد الأوامر: {commands}' },
  'cli.usage.unexpectedArgument': {
    en: 'unexpected argument "{argument}"',
    ar: 'لا يقبل الأمر الوسيط «{argument}»',
  },
  'cli.usage.missingArgument': {
    en: '{command} needs <{argument}>',
    ar: 'الأمر {command} يحتاج إلى <{argument}>',
  },
  'cli.usage.lang': {
    en: '--lang is en or ar, not "{value}"',
    ar: `قيمة ${lrm}--lang هي en أو ar، لا «{value}»`,
  },

  // A failure, in one line: what failed and what to check.
  'cli.fail.region': { en: 'no AWS region: set {settings}', ar: 'لم تُحدَّد منطقة AWS: اضبط {settings}' },
  'cli.fail.badRegion': {
    en: '"{region}" is not an AWS region: set {settings} to one, such as me-south-1',
    ar: '«{region}» ليست منطقة من مناطق AWS: اضبط {settings} على منطقة صحيحة، مثل me-south-1',
  },
  'cli.fail.noCredentials': {
    en: 'no AWS credentials: give them as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, SSO or an instance role',
    ar: 'لا توجد بيانات اعتماد لـ AWS: قدّمها في AWS_ACCESS_KEY_ID وAWS_SECRET_ACCESS_KEY، أو AWS_PROFILE، أو SSO، أو دور IAM مرتبط بالخادم',
  },
  'cli.fail.badCredentials': {
    en: 'AWS refused the credentials ({code}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE',
    ar: 'رفضت AWS بيانات الاعتماد ({code}): تحقّق من AWS_ACCESS_KEY_ID وAWS_SECRET_ACCESS_KEY، أو من AWS_PROFILE',
  },
  'cli.fail.deniedBucket': {
    en: 'AWS denied access to the bucket "{name}" ({code}): check the permissions of the credentials in use, and {settings}',
    ar: 'رفضت AWS الوصول إلى الحاوية «{name}» ({code}): تحقّق من صلاحيات بيانات الاعتماد المستخدمة، ومن {settings}',
  },
  'cli.fail.deniedTable': {
    en: 'AWS denied access to the table "{name}" ({code}): check the permissions of the credentials in use, and {settings}',
    ar: 'رفضت AWS الوصول إلى الجدول «{name}» ({code}): تحقّق من صلاحيات بيانات الاعتماد المستخدمة، ومن {settings}',
  },
  'cli.fail.denied': {
    en: 'AWS denied access ({code}): check the permissions of the credentials in use',
    ar: 'رفضت AWS الوصول ({code}): تحقّق من صلاحيات بيانات الاعتماد المستخدمة',
  },
  'cli.fail.noBucket': {
    en: 'the bucket "{name}" does not exist: check {settings}',
    ar: 'الحاوية «{name}» غير موجودة: تحقّق من {settings}',
  },
  'cli.fail.noTable': {
    en: 'the table "{name}" does not exist: check {settings}',
    ar: 'الجدول «{name}» غير موجود: تحقّق من {settings}',
  },
  'cli.fail.noKeyValueStore': {
    en: 'the key value store "{name}" does not exist: check {settings}',
    ar: 'مخزن المفاتيح والقيم «{name}» غير موجود: تحقّق من {settings}',
  },
  'cli.fail.notFound': {
    en: 'AWS found no such resource ({message})',
    ar: 'لم تجد AWS المورد المطلوب ({message})',
  },
  'cli.fail.refused': {
    en: 'nothing answers at {endpoint} (connection refused): check {settings}',
    ar: 'لا شيء يجيب على {endpoint} (رُفض الاتصال): تحقّق من {settings}',
  },
  'cli.fail.refusedHere': {
    en: 'nothing answers at {endpoint} (connection refused): is it running?',
    ar: 'لا شيء يجيب على {endpoint} (رُفض الاتصال): هل هو قيد التشغيل؟',
  },
  'cli.fail.noHost': {
    en: 'the host {host} is not found (DNS): check {settings}',
    ar: 'لم يُعثر على المضيف {host} في نظام أسماء النطاقات (DNS): تحقّق من {settings}',
  },
  'cli.fail.noHostHere': {
    en: 'the host {host} is not found (DNS): check the address and the network',
    ar: 'لم يُعثر على المضيف {host} في نظام أسماء النطاقات (DNS): تحقّق من العنوان ومن الشبكة',
  },
  'cli.fail.unreachable': {
    en: '{endpoint} could not be reached ({code}): check {settings} and the network',
    ar: 'تعذّر الوصول إلى {endpoint} ({code}): تحقّق من {settings} ومن الشبكة',
  },
  'cli.fail.unreachableHere': {
    en: '{endpoint} could not be reached ({code}): check the address and the network',
    ar: 'تعذّر الوصول إلى {endpoint} ({code}): تحقّق من العنوان ومن الشبكة',
  },
  'cli.fail.portInUse': {
    en: 'port {port} on {address} is in use: stop what listens there, or set {setting}',
    ar: 'المنفذ {port} على {address} مشغول: أوقف ما يستمع عليه، أو اضبط {setting}',
  },
  'cli.fail.other': { en: 'failed: {message}', ar: 'تعذّر التنفيذ: {message}' },

  // `npm run api` and its commands (api/server/node.ts).
  'api.usage.server': {
    en: `Usage: npm run api [-- export|forward|subject|migrate ...]

With no command: the API on http://127.0.0.1:$PORT (8787). It starts only with a payment provider
named (PAYMENT_PROVIDER=sandbox npm run api on this machine), and stores in API_STORE: sqlite at
DB_PATH (.data/rasid.sqlite), or dynamodb at DDB_TABLE. Every setting: docs/api.md.

Commands (each answers --help):
  export contacts [--since DATE] [--format csv|json] [--spam]   prints the leads that arrived
  forward [--retry-failed]              delivers the leads due now to LEAD_WEBHOOK_URL
  subject show|erase --email <address>  a data subject's request: what is held, or erase it
  migrate                               gives a DynamoDB table's older items the keys they lack

  --lang en|ar   the language of these lines (RASID_LANG)

Exit codes: 0 done, 1 failed (the reason in one line), 2 wrong usage.`,
    ar: `الاستخدام: npm run api [-- export|forward|subject|migrate ...]

دون أمر: تعمل الواجهة البرمجية على http://127.0.0.1:$PORT (8787). ولا تبدأ إلا إذا حُدّد مقدّم خدمة الدفع
(PAYMENT_PROVIDER=sandbox npm run api على هذا الجهاز)، وتحفظ بياناتها في المخزن الذي يحدده API_STORE:
sqlite في الملف DB_PATH (${lrm}.data/rasid.sqlite)، أو dynamodb في الجدول DDB_TABLE. الإعدادات كلها: docs/api.md.

الأوامر (يعرض كلٌّ منها طريقة استخدامه مع ${lrm}--help):
  export contacts [--since DATE] [--format csv|json] [--spam]   يطبع رسائل التواصل التي وصلت
  forward [--retry-failed]              يسلّم رسائل التواصل المستحقة الآن إلى LEAD_WEBHOOK_URL
  subject show|erase --email <address>  طلب صاحب البيانات: عرض ما يُحتفظ به عنه، أو حذفه
  migrate                               يضيف إلى عناصر جدول DynamoDB القديمة المفاتيح التي تنقصها

  --lang en|ar   لغة هذه الأسطر (أو RASID_LANG)

رموز الخروج: 0 تم التنفيذ، 1 تعذّر التنفيذ (والسبب في سطر واحد)، 2 استخدام خاطئ.`,
  },
  'api.usage.export': {
    en: `Usage: npm run api -- export contacts [--since DATE] [--format csv|json] [--spam]

  --since DATE    only leads received at or after DATE (ISO 8601: 2026-11-01 or 2026-11-01T08:00:00Z)
  --format        csv (default: one row per lead, a header row, UTF-8) or json (an array)
  --spam          include submissions whose honeypot was filled (column spam)

Reads the store of API_STORE (sqlite at DB_PATH by default, or dynamodb at DDB_TABLE).`,
    ar: `الاستخدام: npm run api -- export contacts [--since DATE] [--format csv|json] [--spam]

  --since DATE    رسائل التواصل التي وصلت في DATE أو بعده فقط (ISO 8601: 2026-11-01 أو 2026-11-01T08:00:00Z)
  --format        csv (الافتراضي: صف لكل رسالة بعد صف العناوين، بترميز UTF-8) أو json (مصفوفة)
  --spam          يضمّ الرسائل التي مُلئ فيها حقل مصيدة الرسائل المزعجة (العمود spam)

يقرأ من مخزن API_STORE (sqlite في DB_PATH افتراضيًا، أو dynamodb في DDB_TABLE).`,
  },
  'api.usage.forward': {
    en: `Usage: npm run api -- forward [--retry-failed]

  --retry-failed  first put every lead whose forwarding failed for good back in the queue

Delivers the leads due now to LEAD_WEBHOOK_URL (with the server's settings: API_STORE, DB_PATH,
DDB_TABLE, LEAD_WEBHOOK_SECRET, ...), prints one JSON line per attempt and a summary, and exits 1
when a lead is still not delivered (it stays queued: the server or the schedule retries it).`,
    ar: `الاستخدام: npm run api -- forward [--retry-failed]

  --retry-failed  يعيد أولًا إلى قائمة الانتظار كل رسالة تواصل فشل تحويلها نهائيًا

يسلّم رسائل التواصل المستحقة الآن إلى LEAD_WEBHOOK_URL (بإعدادات الخادم: API_STORE وDB_PATH وDDB_TABLE
وLEAD_WEBHOOK_SECRET وغيرها)، ويطبع سطر JSON لكل محاولة ثم ملخصًا، ويخرج بالرمز 1 إذا بقيت رسالة لم
تُسلَّم (تبقى في قائمة الانتظار، ويعيد الخادم أو الجدولة المحاولة).`,
  },
  'api.usage.subject': {
    en: `Usage: npm run api -- subject show --email <address>
       npm run api -- subject erase --email <address>

  show   prints, as JSON, every lead sent from the address (the form's fields, the consent it was
         sent with and its text, its forwarding to the CRM, when it is due for deletion)
  erase  deletes those leads, their place in the forwarding queue and their idempotency records,
         and prints what it removed (ids, not the data)

The address is compared without case. Reads the store of API_STORE (sqlite at DB_PATH by default,
or dynamodb at DDB_TABLE).`,
    ar: `الاستخدام: npm run api -- subject show --email <address>
           npm run api -- subject erase --email <address>

  show   يطبع بصيغة JSON كل رسائل التواصل المرسلة من العنوان (حقول النموذج، والموافقة التي أُرسلت بها
         ونصها، وتحويلها إلى نظام إدارة علاقات العملاء، وموعد حذفها)
  erase  يحذف تلك الرسائل ومكانها في قائمة انتظار التحويل وسجلات منع تكرار الطلبات التي أجابتها، ويطبع
         ما حذفه (المعرّفات دون البيانات)

يُقارَن العنوان دون تمييز بين الأحرف الكبيرة والصغيرة. يقرأ من مخزن API_STORE (sqlite في DB_PATH
افتراضيًا، أو dynamodb في DDB_TABLE).`,
  },
  'api.usage.migrate': {
    en: `Usage: npm run api -- migrate

On DynamoDB (API_STORE=dynamodb, DDB_TABLE, DDB_ENDPOINT), gives the table's items from before
them the keys a data subject's request and the retention sweep need, and prints what it changed
as one JSON line. SQLite migrates whenever it is opened: with sqlite this opens DB_PATH and says so.`,
    ar: `الاستخدام: npm run api -- migrate

على DynamoDB (API_STORE=dynamodb وDDB_TABLE وDDB_ENDPOINT): يضيف إلى عناصر الجدول الأقدم منها المفاتيح
التي يحتاجها طلب صاحب البيانات والحذف الدوري، ويطبع ما غيّره في سطر JSON واحد. أما SQLite فيُرحَّل كلما
فُتح: مع sqlite يفتح هذا الأمر الملف DB_PATH ويقول ذلك.`,
  },
  'api.export.format': {
    en: '--format is csv or json, not {value}',
    ar: `قيمة ${lrm}--format هي csv أو json، لا {value}`,
  },
  'api.export.since': {
    en: '--since needs an ISO 8601 date (2026-11-01), not {value}',
    ar: `يحتاج ${lrm}--since إلى تاريخ بصيغة ISO 8601 (2026-11-01)، لا {value}`,
  },
  'api.subject.emailMissing': {
    en: '--email is required: the address the person wrote from',
    ar: `الخيار ${lrm}--email مطلوب: العنوان الذي راسلنا منه الشخص`,
  },
  'api.subject.emailShape': {
    en: '--email needs an email address (name@domain)',
    ar: `يحتاج ${lrm}--email إلى عنوان بريد إلكتروني (name@domain)`,
  },
  'api.forward.nowhere': {
    en: 'LEAD_WEBHOOK_URL is not set: there is nowhere to forward to',
    ar: 'لم يُضبط LEAD_WEBHOOK_URL: لا توجد وجهة تُحوَّل إليها رسائل التواصل',
  },
  'api.store.kind': {
    en: 'API_STORE must be sqlite, dynamodb or memory, not {value}',
    ar: 'يجب أن يكون API_STORE واحدًا من sqlite أو dynamodb أو memory، لا {value}',
  },
  'api.store.table': {
    en: 'API_STORE=dynamodb needs DDB_TABLE, the table name',
    ar: 'يحتاج API_STORE=dynamodb إلى DDB_TABLE، اسم الجدول',
  },
} satisfies Record<string, Bilingual>

export type TextId = keyof typeof table

/** The message `id` in both languages, its `{name}` arguments filled in. */
export function cliText(id: TextId, values: Record<string, string | number> = {}): Bilingual {
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
  return { en: fill(table[id].en), ar: fill(table[id].ar) }
}
