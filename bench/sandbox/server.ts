// The sandbox for `npm run bench:sandbox`, started as `server/sandbox/main.ts` starts it, that
// also answers the benchmark's request for its host index over IPC (bench/reference).
import '../reference/index-responder.ts'
import '../../server/sandbox/main.ts'
