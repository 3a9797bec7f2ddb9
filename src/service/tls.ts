import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import { generate } from 'selfsigned';
import type { TlsOption } from './config';
import { StartupError } from './startup-errors';

/** A certificate and key ready for the HTTPS server, with what the banner shows. */
export interface TlsMaterial {
  cert: string;
  key: string;
  /** SHA-256 fingerprint of the certificate, `AB:CD:…`, to compare with what a tablet shows. */
  fingerprint: string;
  /** The self-signed certificate's file (to trust or `curl --cacert`); undefined for given files. */
  selfSignedFile?: string;
  /** When the certificate stops being valid. */
  validTo: Date;
}

/** Days a new self-signed certificate is valid; it is renewed at start 30 days before the end. */
const SELF_SIGNED_DAYS = 365;
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;

/**
 * Reads `--tls-cert`/`--tls-key`, or makes (once, then reuses) a self-signed certificate in
 * `{dataDir}/tls/` valid for localhost, this machine's name and every address of it, so a tablet
 * on the LAN can open the https kiosk (and its camera) after accepting it once.
 * @throws StartupError naming the option and what to do (missing file, not PEM, key not matching).
 */
export async function loadTls(option: TlsOption, dataDir: string, now = new Date()): Promise<TlsMaterial> {
  if (option.kind === 'files') {
    const cert = readPem(option.certFile, '--tls-cert');
    const key = readPem(option.keyFile, '--tls-key');
    const names = { cert: `--tls-cert ${option.certFile}`, key: `--tls-key ${option.keyFile}` };
    return { cert, key, ...check(cert, key, names) };
  }
  const folder = join(dataDir, 'tls');
  const certFile = join(folder, 'self-signed-cert.pem');
  const keyFile = join(folder, 'self-signed-key.pem');
  const names = localNames();
  if (existsSync(certFile) && existsSync(keyFile)) {
    const cert = readFileSync(certFile, 'utf8');
    const key = readFileSync(keyFile, 'utf8');
    const x509 = new X509Certificate(cert);
    const covered = names.every((n) =>
      n.type === 7 ? x509.checkIP(n.ip) : x509.checkHost(n.value, { subject: 'never' }),
    );
    if (covered && new Date(x509.validTo).getTime() - now.getTime() > RENEW_BEFORE_MS) {
      return { cert, key, selfSignedFile: certFile, ...check(cert, key, { cert: certFile, key: keyFile }) };
    }
  }
  const pems = await generate([{ name: 'commonName', value: 'Portal (self-signed)' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + SELF_SIGNED_DAYS * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: names },
    ],
  });
  mkdirSync(folder, { recursive: true });
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  writeFileSync(certFile, pems.cert);
  return {
    cert: pems.cert,
    key: pems.private,
    selfSignedFile: certFile,
    ...check(pems.cert, pems.private, { cert: certFile, key: keyFile }),
  };
}

type AltName = { type: 2; value: string; ip?: undefined } | { type: 7; ip: string; value?: undefined };

/** localhost, this machine's host name (and `.local`), and every IPv4/IPv6 address it has. */
function localNames(): AltName[] {
  const dns = new Set(['localhost', hostname(), `${hostname()}.local`]);
  const ips = new Set(['127.0.0.1', '::1']);
  for (const address of Object.values(networkInterfaces()).flat()) {
    if (address && !address.address.startsWith('fe80')) ips.add(address.address);
  }
  return [
    ...[...dns].map((value): AltName => ({ type: 2, value })),
    ...[...ips].map((ip): AltName => ({ type: 7, ip })),
  ];
}

function readPem(file: string, option: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'file not found' : code === 'EACCES' ? 'not readable' : String(code);
    throw new StartupError(`${option} ${file}: ${why}; give the path of a PEM file`);
  }
}

/**
 * Checks that cert and key are PEM and belong together; answers fingerprint and end of validity.
 * `names` say where each came from (`--tls-cert server.pem`), for the message.
 */
function check(
  cert: string,
  key: string,
  names: { cert: string; key: string },
): { fingerprint: string; validTo: Date } {
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) {
    throw new StartupError(`${names.cert}: not a PEM certificate (no "-----BEGIN CERTIFICATE-----" line)`);
  }
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)) {
    throw new StartupError(`${names.key}: not a PEM private key (no "-----BEGIN … PRIVATE KEY-----" line)`);
  }
  try {
    createSecureContext({ cert, key });
    const x509 = new X509Certificate(cert);
    return { fingerprint: x509.fingerprint256, validTo: new Date(x509.validTo) };
  } catch (err) {
    const reason = (err as Error).message.replace(/^error:[0-9A-F]+:/, '');
    if (/key values mismatch/i.test(reason)) {
      throw new StartupError(
        `${names.key} does not belong to the certificate ${names.cert}: give the matching key`,
      );
    }
    throw new StartupError(`${names.cert} / ${names.key}: not usable (${reason}); check the files`);
  }
}
