/**
 * A small S3-compatible server on loopback for tests and local trials, faithful where our adapter
 * depends on the protocol: path-style object PUT/GET/HEAD/DELETE, AWS Signature V4 verified with the
 * secret key (a wrong secret, a tampered body or a skewed clock is refused as S3 refuses it), payload
 * SHA-256 and CRC32 checksums checked, aws-chunked uploads decoded, S3's XML error bodies. Faults can
 * be injected per request to exercise retries and error mapping.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface Fault {
  status: number;
  code: string;
  message?: string;
}

export interface FakeS3 {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeS3Object>;
  /** Every request the server answered: method, key, status. */
  log: { method: string; key: string; status: number }[];
  /** The next `times` requests (optionally only of one method) fail with this fault. */
  failNext(times: number, fault: Fault, method?: string): void;
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** aws-chunked (unsigned, with trailers): `size;ext\r\n data\r\n … 0\r\n trailer: value\r\n\r\n`. */
function decodeAwsChunked(raw: Buffer): { body: Buffer; trailers: Record<string, string> } {
  const parts: Buffer[] = [];
  let i = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', i);
    if (eol < 0) throw new Error('bad chunk header');
    const size = parseInt(raw.subarray(i, eol).toString('latin1').split(';')[0], 16);
    i = eol + 2;
    if (size === 0) break;
    parts.push(raw.subarray(i, i + size));
    i += size + 2;
  }
  const trailers: Record<string, string> = {};
  for (const line of raw.subarray(i).toString('latin1').split('\r\n')) {
    const c = line.indexOf(':');
    if (c > 0) trailers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  return { body: Buffer.concat(parts), trailers };
}

export async function startFakeS3(opts: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'tress-test';
  const region = opts.region ?? 'us-east-1';
  const accessKeyId = opts.accessKeyId ?? 'AKIAFAKES3TESTKEY';
  const secretAccessKey = opts.secretAccessKey ?? 'fake-s3-secret-key-for-tests-only';
  const objects = new Map<string, FakeS3Object>();
  const log: FakeS3['log'] = [];
  const faults: { fault: Fault; method?: string }[] = [];

  const sendError = (res: ServerResponse, status: number, code: string, message: string, resource: string) => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${crypto.randomUUID()}</RequestId></Error>`;
    res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body), 'x-amz-request-id': crypto.randomUUID() });
    res.end(body);
  };

  /** Recomputes the request's SigV4 signature; returns an S3 error code when it does not hold. */
  function verifySignature(req: IncomingMessage, rawPath: string, query: URLSearchParams): string | null {
    const auth = req.headers.authorization ?? '';
    const m = auth.match(/^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/);
    if (!m) return 'AccessDenied';
    const [, keyId, day, reqRegion, signedHeaders, signature] = m;
    if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
    if (reqRegion !== region) return 'AuthorizationHeaderMalformed';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const when = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!Number.isFinite(when) || !amzDate.startsWith(day)) return 'AccessDenied';
    if (Math.abs(Date.now() - when) > 15 * 60 * 1000) return 'RequestTimeTooSkewed';
    const names = signedHeaders.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
    const canonicalHeaders = names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalQuery = [...query.entries()]
      .map(([k, v]) => [rfc3986(k), rfc3986(v)])
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) return 'AccessDenied';
    const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
    return createHmac('sha256', key).update(stringToSign).digest('hex') === signature ? null : 'SignatureDoesNotMatch';
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const rawPath = (req.url ?? '/').split('?')[0];
    const [, reqBucket = '', ...rest] = rawPath.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const done = (status: number) => log.push({ method, key, status });

    const fi = faults.findIndex((f) => !f.method || f.method === method);
    if (fi >= 0) {
      const { fault } = faults.splice(fi, 1)[0];
      done(fault.status);
      return sendError(res, fault.status, fault.code, fault.message ?? fault.code, rawPath);
    }
    const sigProblem = verifySignature(req, rawPath, url.searchParams);
    if (sigProblem) {
      done(403);
      return sendError(res, 403, sigProblem, 'The request signature we calculated does not match the signature you provided.', rawPath);
    }
    if (reqBucket !== bucket) {
      done(404);
      return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', rawPath);
    }
    if (!key) {
      done(501);
      return sendError(res, 501, 'NotImplemented', 'Only object operations are implemented', rawPath);
    }
    const id = `${bucket}/${key}`;

    if (method === 'PUT') {
      const declared = String(req.headers['x-amz-content-sha256']);
      let body = raw;
      let trailers: Record<string, string> = {};
      if (declared.startsWith('STREAMING-')) {
        if (declared !== 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') {
          done(501);
          return sendError(res, 501, 'NotImplemented', `${declared} is not implemented`, rawPath);
        }
        ({ body, trailers } = decodeAwsChunked(raw));
        const decodedLength = Number(req.headers['x-amz-decoded-content-length']);
        if (decodedLength !== body.byteLength) {
          done(400);
          return sendError(res, 400, 'IncompleteBody', 'The request body terminated unexpectedly', rawPath);
        }
      } else if (declared !== 'UNSIGNED-PAYLOAD' && declared !== sha256(raw)) {
        done(400);
        return sendError(res, 400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", rawPath);
      }
      const crc = String(req.headers['x-amz-checksum-crc32'] ?? trailers['x-amz-checksum-crc32'] ?? '');
      if (crc) {
        const b = Buffer.alloc(4);
        b.writeUInt32BE(crc32(body) >>> 0);
        if (b.toString('base64') !== crc) {
          done(400);
          return sendError(res, 400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.', rawPath);
        }
      }
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(id, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), etag, lastModified: new Date() });
      done(200);
      res.writeHead(200, { etag, 'content-length': 0 });
      return res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const obj = objects.get(id);
      if (!obj) {
        done(404);
        if (method === 'HEAD') {
          res.writeHead(404);
          return res.end();
        }
        return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', rawPath);
      }
      done(200);
      res.writeHead(200, {
        'content-type': obj.contentType,
        'content-length': obj.body.byteLength,
        etag: obj.etag,
        'last-modified': obj.lastModified.toUTCString(),
        'accept-ranges': 'bytes',
      });
      return res.end(method === 'HEAD' ? undefined : obj.body);
    }
    if (method === 'DELETE') {
      objects.delete(id);
      done(204);
      res.writeHead(204);
      return res.end();
    }
    done(405);
    return sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', rawPath);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendError(res, 500, 'InternalError', String(err), req.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    log,
    failNext(times, fault, method) {
      for (let i = 0; i < times; i++) faults.push({ fault, method });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
