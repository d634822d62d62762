import { useIntl } from 'react-intl'

/** Figures and times on the monitoring page, in its language, the times in `timeZone`. */
export function useFormat(timeZone: string) {
  const intl = useIntl()
  return {
    percent: (bp: number, digits = 2) =>
      intl.formatNumber(bp / 10000, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }),
    date: (iso: string) => intl.formatDate(new Date(iso), { day: 'numeric', month: 'long', year: 'numeric', timeZone }),
    dateTime: (iso: string) =>
      intl.formatDate(new Date(iso), {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
    time: (iso: string) =>
      intl.formatTime(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  }
}
