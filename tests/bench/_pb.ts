import { browserBench } from './browser'
const r = await browserBench(100_000, 5)
const { runs, ...m } = r
console.log(JSON.stringify(m), JSON.stringify(runs))
