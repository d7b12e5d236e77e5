/**
 * Certificates made on the spot (node-forge, pure JS, so `npm ci` is all a machine needs): a private
 * CA, and leaf certificates it signs for 127.0.0.1 (valid, expired, or for another host name); and
 * an HTTPS front on 127.0.0.1 that terminates TLS and passes the bytes to a plain target.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createConnection, type AddressInfo } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls';
import forge from 'node-forge';
import { openSocketsOf } from './open-sockets.js';

export interface Pem {
  cert: string;
  key: string;
}

function keyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e), pem: privateKey };
}

let serial = 1;

function certificate(
  subjectCn: string,
  publicKey: forge.pki.rsa.PublicKey,
  issuer: { cn: string; key: forge.pki.rsa.PrivateKey },
  options: { ca?: boolean; notBefore: Date; notAfter: Date; altNames?: { ip?: string; dns?: string }[] },
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = options.notBefore;
  cert.validity.notAfter = options.notAfter;
  cert.setSubject([{ name: 'commonName', value: subjectCn }]);
  cert.setIssuer([{ name: 'commonName', value: issuer.cn }]);
  const extensions: object[] = [{ name: 'basicConstraints', cA: options.ca === true, critical: true }];
  if (options.ca) extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  else extensions.push({ name: 'keyUsage', digitalSignature: true, keyEncipherment: true }, { name: 'extKeyUsage', serverAuth: true });
  if (options.altNames)
    extensions.push({
      name: 'subjectAltName',
      altNames: options.altNames.map((a) => (a.ip ? { type: 7, ip: a.ip } : { type: 2, value: a.dns })),
    });
  cert.setExtensions(extensions);
  cert.sign(issuer.key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

const DAY = 86_400_000;

export interface TestPki {
  ca: string;
  /** For 127.0.0.1, valid now. */
  valid: Pem;
  /** For 127.0.0.1, expired yesterday. */
  expired: Pem;
  /** Valid now, but for another host name only. */
  otherHost: Pem;
}

export function makePki(): TestPki {
  const ca = keyPair();
  const caCn = 'banklink-conformance test CA';
  const caCert = certificate(
    caCn,
    ca.publicKey,
    { cn: caCn, key: ca.privateKey },
    { ca: true, notBefore: new Date(Date.now() - DAY), notAfter: new Date(Date.now() + 30 * DAY) },
  );
  const leaf = (cn: string, altNames: { ip?: string; dns?: string }[], from: number, to: number): Pem => {
    const pair = keyPair();
    return {
      cert: certificate(
        cn,
        pair.publicKey,
        { cn: caCn, key: ca.privateKey },
        { notBefore: new Date(from), notAfter: new Date(to), altNames },
      ),
      key: pair.pem,
    };
  };
  const now = Date.now();
  return {
    ca: caCert,
    valid: leaf('127.0.0.1', [{ ip: '127.0.0.1' }, { dns: 'localhost' }], now - DAY, now + 30 * DAY),
    expired: leaf('127.0.0.1', [{ ip: '127.0.0.1' }, { dns: 'localhost' }], now - 30 * DAY, now - DAY),
    otherHost: leaf('staging.example.com', [{ dns: 'staging.example.com' }], now - DAY, now + 30 * DAY),
  };
}

export interface TlsFront {
  url: string;
  close(): Promise<void>;
}

/** https://127.0.0.1:PORT that terminates TLS with `pem` and passes each connection to 127.0.0.1:targetPort. */
export async function startTlsFront(pem: Pem, targetPort: number): Promise<TlsFront> {
  // Every socket either side is destroyed on close (open-sockets.ts says why).
  const server: TlsServer = createTlsServer({ key: pem.key, cert: pem.cert });
  const open = openSocketsOf(server);
  server.on('secureConnection', (socket: TLSSocket) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    open.track(upstream);
    socket.pipe(upstream).pipe(socket);
    const end = (): void => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', end);
    upstream.on('error', end);
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: open.close,
  };
}
