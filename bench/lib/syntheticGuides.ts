// The synthetic guides of `npm run bench -- --guides N`: n short articles per language, the same
// slugs in both, in the format build/guides.ts reads (front matter, then Markdown), made of a few
// topics and sentences of a payments guide so that their length and words are a real guide's.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { guideGroups } from '../../build/guides'

const en = {
  topics: [
    'webhooks',
    'refunds',
    'payouts',
    'disputes',
    'sandbox testing',
    'invoices',
    'subscriptions',
    'currency conversion',
    'card payments',
    'team roles',
  ],
  sentences: [
    'Every request to the API is authenticated with a key that belongs to one account and one mode.',
    'Sandbox payments behave like live ones but never move money, so you can try every path safely.',
    'A webhook tells your server about an event as soon as it happens, and retries until it is acknowledged.',
    'Refunds go back to the card or account the customer paid with, usually within five to ten business days.',
    'Amounts are always given in the smallest unit of the currency, for example halalas for Saudi riyals.',
    'The dashboard shows each payment with its status, its fees and the payout it belongs to.',
    'Keep secret keys on your server, rotate them when someone leaves the team, and never commit them to a repository.',
    'When a request fails, the response carries an error code and a message that explains what to change.',
    'Idempotency keys let you retry a request after a network error without creating a second payment.',
    'Reports can be exported as CSV for your accounting software at the end of each day or month.',
  ],
}
const ar = {
  topics: [
    'أحداث Webhook',
    'المبالغ المستردة',
    'التحويلات',
    'الاعتراضات',
    'بيئة الاختبار',
    'الفواتير',
    'الاشتراكات',
    'تحويل العملات',
    'مدفوعات البطاقات',
    'أدوار الفريق',
  ],
  sentences: [
    'يُوثَّق كل طلب إلى الواجهة البرمجية بمفتاح يخص حسابًا واحدًا ووضعًا واحدًا.',
    'تعمل مدفوعات بيئة الاختبار مثل المدفوعات الحقيقية لكنها لا تنقل أي أموال، فيمكنك تجربة كل مسار بأمان.',
    'يُخبر الإشعار الفوري خادمك بالحدث فور وقوعه، ويعيد المحاولة حتى يصله التأكيد.',
    'تعود المبالغ المستردة إلى البطاقة أو الحساب الذي دفع منه العميل، عادةً خلال خمسة إلى عشرة أيام عمل.',
    'تُكتب المبالغ دائمًا بأصغر وحدة في العملة، مثل الهللة للريال السعودي.',
    'تعرض لوحة التحكم كل عملية دفع مع حالتها ورسومها والتحويل الذي تنتمي إليه.',
    'احفظ المفاتيح السرية على خادمك، وغيّرها عندما يغادر أحد أعضاء الفريق، ولا تضعها أبدًا في مستودع الشيفرة.',
    'عندما يُخفق طلب، تحمل الاستجابة رمز خطأ ورسالة توضح ما يجب تغييره.',
    'تتيح مفاتيح منع التكرار إعادة الطلب بعد خطأ في الشبكة دون إنشاء عملية دفع ثانية.',
    'يمكن تصدير التقارير بصيغة CSV لبرنامج المحاسبة في نهاية كل يوم أو شهر.',
  ],
}

/** Writes n short guides per language into dir/en and dir/ar (same slugs), in the format build/guides.ts reads. */
export function writeGuides(dir: string, n: number) {
  const width = Math.max(4, String(n).length)
  for (const [locale, text] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    mkdirSync(join(dir, locale), { recursive: true })
    const heading = locale === 'en' ? 'In practice' : 'عمليًا'
    for (let i = 1; i <= n; i++) {
      const id = String(i).padStart(width, '0')
      const topic = text.topics[i % text.topics.length]!
      const s = (k: number) => text.sentences[(i * 3 + k) % text.sentences.length]!
      const title = locale === 'en' ? `Guide ${id}: ${topic}` : `الدليل ${id}: ${topic}`
      const description =
        locale === 'en'
          ? `How ${topic} work in Rasid, with the steps to set them up.`
          : `كيف تعمل ${topic} في رصيد، مع خطوات إعدادها.`
      const body = [
        `${s(0)} ${s(1)} ${s(2)}`,
        `## ${heading}`,
        `${s(3)} ${s(4)} ${s(5)}`,
        `${s(6)} ${s(7)} ${s(8)}`,
      ].join('\n\n')
      const section = join(dir, locale, guideGroups[i % guideGroups.length]!)
      mkdirSync(section, { recursive: true })
      writeFileSync(
        join(section, `bench-${id}.md`),
        `---\ntitle: ${title}\ndescription: ${description}\norder: ${100 + i}\n---\n${body}\n`,
      )
    }
  }
}
