/** 时钟与日期 of the title bar: local time to the second, date and weekday in Chinese. */
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']

/** Text of the clock at a moment. */
export function clockText(d: Date): { time: string; date: string } {
  return { time: dayjs(d).format('HH:mm:ss'), date: `${dayjs(d).format('YYYY年MM月DD日')} ${WEEKDAYS[d.getDay()]}` }
}

/** The current time, updated every second. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(t)
  }, [])
  return now
}
