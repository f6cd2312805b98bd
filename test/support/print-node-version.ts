import { execFileSync } from 'node:child_process'

// vitest's workers run on the Node that runs vitest; what the tests spawn (npx tsx, npm run …)
// runs on the `node` found on PATH. Printed once per run so a log says which Node was tested.
export default function printNodeVersion(): void {
  const onPath = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim()
  console.log(`Tests run on Node ${process.version}; the node on PATH is ${onPath}.`)
}
