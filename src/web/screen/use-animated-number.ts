/** A number that counts from its previous value to the new one (KPI cards, issue 6). */
import { useEffect, useRef, useState } from 'react'

/** The value to show now; ends exactly on `target`. */
export function useAnimatedNumber(target: number, durationMs = 1200): number {
  const [shown, setShown] = useState(0)
  const from = useRef(0)
  useEffect(() => {
    const start = performance.now()
    const begin = from.current
    let frame = 0
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs)
      // ease-out: fast at first, settling on the figure
      const v = begin + (target - begin) * (1 - (1 - t) ** 3)
      setShown(t === 1 ? target : v)
      from.current = t === 1 ? target : v
      if (t < 1) frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    // frames may stall (a wall's GPU busy, a hidden tab): the figure still ends on the target on time
    const settle = window.setTimeout(() => {
      cancelAnimationFrame(frame)
      from.current = target
      setShown(target)
    }, durationMs + 100)
    return () => {
      cancelAnimationFrame(frame)
      window.clearTimeout(settle)
    }
  }, [target, durationMs])
  return shown
}
