// npm run sandbox -- --vehicles 2000 [--port 4010] [--seed 7] [--json] [--rate-limit 50] [--latency 30]
// Starts the sandbox portal, prints its base URL and integration token, serves until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxOptions } from './index';

const USAGE = `Usage: npm run sandbox -- [options]

  --vehicles <n>       vehicles in stock (default 50, up to 100000)
  --port <n>           port (default: chosen by the OS)
  --host <addr>        address to bind (default 127.0.0.1)
  --seed <n>           seed of the generated stock and faults (default 1)
  --token <text>       integration token (default: random)
  --expiration <text>  JWT expiration text, e.g. 1d, 2h, 30s (default 1d)
  --rate-limit <n>     requests per window per client (default: no limit)
  --rate-window <ms>   rate-limit window (default 10000)
  --latency <ms>       delay added to every API request (default 0)
  --queue-delay <ms>   delay before queued writes apply (default 0)
  --url-delay <ms>     delay before a listing url appears after an edit (default 2700000 = 45 min)
  --photos <style>     tiny (64×48 blocks, default) or studio (studio shots of each listing's vehicle)
  --json               print one JSON line {"baseUrl","integrationToken",...} instead of text
  -h, --help           show this help`;

class UsageError extends Error {}

function int(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} must be an integer >= ${min}, got "${value}"`);
  return Number(value);
}

function parse(argv: string[]): { options: SandboxOptions; json: boolean; help: boolean } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      vehicles: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      token: { type: 'string' },
      expiration: { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window': { type: 'string' },
      latency: { type: 'string' },
      'queue-delay': { type: 'string' },
      'url-delay': { type: 'string' },
      photos: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const port = int('port', values.port, 0);
  if (port !== undefined && port > 65535) throw new UsageError('--port must be <= 65535');
  const rateLimit = int('rate-limit', values['rate-limit'], 1);
  const latency = int('latency', values.latency, 0);
  if (values.expiration !== undefined && !/^\d+(\.\d+)?(ms|s|m|h|d|w)$/i.test(values.expiration)) {
    throw new UsageError(`--expiration must be a duration like 1d, 2h, 30s; got "${values.expiration}"`);
  }
  const photos = values.photos;
  if (photos !== undefined && photos !== 'tiny' && photos !== 'studio') throw new UsageError(`--photos must be tiny or studio, got "${photos}"`);
  const options: SandboxOptions = {
    vehicles: int('vehicles', values.vehicles, 0) ?? 50,
    port,
    host: values.host,
    seed: int('seed', values.seed, 0),
    integrationToken: values.token,
    expiration: values.expiration,
    rateLimit: rateLimit === undefined ? false : { limit: rateLimit, windowMs: int('rate-window', values['rate-window'], 1) ?? 10_000 },
    queueDelayMs: int('queue-delay', values['queue-delay'], 0),
    urlDelayMs: int('url-delay', values['url-delay'], 0),
    faults: latency ? { latencyMs: latency } : undefined,
    photos,
  };
  return { options, json: values.json, help: values.help };
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`sandbox: ${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const sandbox = await startSandbox(parsed.options);
  const info = {
    baseUrl: sandbox.baseUrl,
    integrationToken: sandbox.integrationToken,
    origin: sandbox.origin,
    controlUrl: `${sandbox.origin}/_sandbox`,
    vehicles: sandbox.data.count(),
    seed: sandbox.seed,
  };
  if (parsed.json) process.stdout.write(`${JSON.stringify(info)}\n`);
  else {
    process.stdout.write(
      [
        'Showroom sandbox portal is running.',
        `  Base URL:          ${info.baseUrl}`,
        `  Integration token: ${info.integrationToken}`,
        `  Vehicles:          ${info.vehicles} (seed ${info.seed})`,
        `  Control:           ${info.controlUrl}`,
        'Press Ctrl+C to stop.',
        '',
      ].join('\n'),
    );
  }
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    if (!parsed.json) process.stdout.write(`\nStopping (${signal})...\n`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: error while closing: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
