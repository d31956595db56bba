// `npm run bench -w widgets`
import { runWidgetBench } from './widgets.bench.ts'

await runWidgetBench()
