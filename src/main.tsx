import './styles.css'
import { holdEarlyInput } from './app/replay-early-input'
import { startTheme } from './lib/theme'

// Before the first render, so the page never shows the other theme first.
startTheme()
const earlyInput = holdEarlyInput()

// Server-rendered markup paints before the app's script runs (decision 0043): run as soon as it
// arrived, the script came before the first frame in some loads, and a page that was ready to
// show waited for it. The HTML preloads the script, so it is fetched and compiled meanwhile.
const serverRendered = document.getElementById('root')?.firstElementChild != null
const painted = serverRendered
  ? new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  : Promise.resolve()
painted
  .then(() => import('./app/start'))
  .then(({ start }) => start(earlyInput))
  .catch(console.error)
