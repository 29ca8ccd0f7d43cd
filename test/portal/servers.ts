// Tiny local servers for what the sandbox cannot be: something that is not the portal, a TLS
// server with a bad certificate, a port nobody listens on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LocalServer {
  url: string;
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

async function listen(server: Server, scheme: 'http' | 'https', requests: LocalServer['requests']): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startHttpServer(handler: Handler): Promise<LocalServer> {
  const requests: LocalServer['requests'] = [];
  const server = createHttpServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  return listen(server, 'http', requests);
}

export interface CertificateFiles {
  key: string;
  cert: string;
}

/** A self-signed certificate for 127.0.0.1; `expired` makes one valid only in January 2020. */
export function makeCertificate(options: { expired?: boolean } = {}): CertificateFiles {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-cert-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    const quiet = { stdio: 'ignore' as const, cwd: dir };
    if (!options.expired) {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-days',
          '2',
        ],
        quiet,
      );
    } else {
      execFileSync(
        'openssl',
        [
          'req',
          '-new',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          key,
          '-out',
          join(dir, 'req.csr'),
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        quiet,
      );
      writeFileSync(join(dir, 'index.txt'), '');
      writeFileSync(join(dir, 'serial'), '01\n');
      writeFileSync(
        join(dir, 'ca.cnf'),
        '[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\npolicy=p\ncopy_extensions=copy\nunique_subject=no\n[p]\ncommonName=supplied\n',
      );
      execFileSync(
        'openssl',
        [
          'ca',
          '-batch',
          '-config',
          'ca.cnf',
          '-selfsign',
          '-keyfile',
          key,
          '-in',
          'req.csr',
          '-out',
          cert,
          '-startdate',
          '20200101000000Z',
          '-enddate',
          '20200102000000Z',
        ],
        quiet,
      );
    }
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function startHttpsServer(certificate: CertificateFiles, handler: Handler): Promise<LocalServer> {
  const requests: LocalServer['requests'] = [];
  const server = createHttpsServer(certificate, (req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  return listen(server, 'https', requests);
}

/** A loopback port that was free a moment ago and has no listener. */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}
