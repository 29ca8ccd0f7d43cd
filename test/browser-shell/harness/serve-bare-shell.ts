// A bare browser shell in a process of its own (./bare-shell.ts), for tests that must see whether
// a request can stop the process: prints one JSON line (port, origin, a login address), then
// serves until SIGTERM.
import { startBareShell } from './bare-shell';

const dir = process.argv[2];
if (!dir) throw new Error('usage: serve-bare-shell.ts DIR');
const server = await startBareShell(dir);
process.stdout.write(`${JSON.stringify({ port: server.port, origin: server.origin, loginUrl: server.loginUrl() })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
