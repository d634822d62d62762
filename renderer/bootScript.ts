import { pickLocale } from '../locales/pickLocale'
import { defaultLocale, locales } from '../locales/locales'

import { cookieMaxAge, cookieName } from './client/cookie'

/**
 * Inline <head> script, run before anything is painted (BEHAVIOUR.md section 3):
 * - on `/` only, detect the locale (cookie, then navigator.languages) and replace the location
 *   with `/ar` when Arabic wins;
 * - otherwise write the `i18n_redirected` cookie with the locale of the page it landed on;
 * - when the document's language is not the URL's (the host served the English 404.html for an
 *   /ar/ address), switch <html lang dir> and hide the page until build/postbuild.ts's script has
 *   put the Arabic markup in place, so English never flashes.
 */
export function bootScript(): string {
  const cfg = {
    cookie: cookieName,
    maxAge: cookieMaxAge,
    languages: locales.map((l) => l.language),
    rtl: locales.filter((l) => l.dir === 'rtl').map((l) => l.code),
    prefixed: locales.filter((l) => l.code !== defaultLocale).map((l) => l.code),
    fallback: defaultLocale,
  }
  return `(function(c,pick){var d=document,h=d.documentElement,l=location,p=l.pathname,loc=c.fallback,i,m;
for(i=0;i<c.prefixed.length;i++)if(p==='/'+c.prefixed[i]||p.indexOf('/'+c.prefixed[i]+'/')===0)loc=c.prefixed[i];
try{if(p==='/'){m=d.cookie.match(new RegExp('(?:^|; )'+c.cookie+'=([^;]*)'));var t=pick(m&&m[1],navigator.languages||[navigator.language],c.languages);
if(t&&t!==loc){l.replace('/'+t+l.search+l.hash);return}}
d.cookie=c.cookie+'='+loc+'; Max-Age='+c.maxAge+'; Path=/; SameSite=Lax'+(l.protocol==='https:'?'; Secure':'')}catch(e){}
if(h.lang!==loc){h.lang=loc;h.dir=c.rtl.indexOf(loc)>=0?'rtl':'ltr';h.style.visibility='hidden'}
})(${JSON.stringify(cfg)},${pickLocale.toString()})`
}
