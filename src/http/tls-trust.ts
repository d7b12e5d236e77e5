/**
 * Certificates: --ca-cert FILE (PEM, also CONFORMANCE_CA_CERT) read once, and the TLS failures
 * told apart, so an untrusted certificate, an expired one or a host-name mismatch is one sentence
 * that says which and what to do, not "could not reach the target".
 */
import { readFileSync } from 'node:fs';

export class CaCertError extends Error {}

/** The PEM text of the file, or a CaCertError that says why it cannot be used. */
export function readCaCert(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CaCertError(
      `--ca-cert ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give the path of the CA certificate in PEM`,
    );
  }
  if (!/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.test(text)) {
    throw new CaCertError(
      `--ca-cert ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----); convert a DER file with: openssl x509 -inform der -in FILE -out FILE.pem`,
    );
  }
  return text;
}

/** OpenSSL's codes for a certificate chain that leads to no trusted root. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const EXPIRED = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const HOST_MISMATCH = new Set(['ERR_TLS_CERT_ALTNAME_INVALID']);

export function isTlsFailure(code: string | undefined): boolean {
  return code !== undefined && (UNTRUSTED.has(code) || EXPIRED.has(code) || HOST_MISMATCH.has(code));
}

/** The sentence for a TLS failure of the target at `baseUrl`; undefined when `code` is not one. */
export function tlsFailureSentence(code: string | undefined, baseUrl: string): string | undefined {
  const host = new URL(baseUrl).host;
  if (code !== undefined && UNTRUSTED.has(code)) {
    return `the certificate of ${host} is not trusted (${code}): it is self-signed or signed by a CA this machine does not know; pass that CA with --ca-cert FILE (PEM) or CONFORMANCE_CA_CERT`;
  }
  if (code !== undefined && EXPIRED.has(code)) {
    return `the certificate of ${host} is expired or not yet valid (${code}); the server must renew it (--ca-cert adds a trusted CA, it does not accept an expired certificate)`;
  }
  if (code !== undefined && HOST_MISMATCH.has(code)) {
    return `the certificate of ${host} is for another host name (${code}); use the host name the certificate names in --base-url (--ca-cert adds a trusted CA, it does not accept a certificate for another host)`;
  }
  return undefined;
}
