import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A protocol-faithful OpenID Connect provider on loopback, standing in for accounts.google.com:
 * discovery, authorization code with PKCE, token endpoint (client_secret_basic or _post), RS256
 * id_token, userinfo and JWKS. /authorize approves at once as the configured person.
 */
export async function startFakeOidc(opts: { clientId: string; clientSecret: string; person: { sub: string; email: string; name: string; picture?: string } }) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge?: string; nonce?: string; redirectUri: string }>();
  const tokens = new Set<string>();
  const requests: string[] = [];
  let issuer = '';

  const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
  const sign = (claims: object) => {
    const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'k1' }));
    const body = b64url(JSON.stringify(claims));
    const sig = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey);
    return `${head}.${body}.${b64url(sig)}`;
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, issuer);
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (p.get('client_id') !== opts.clientId || p.get('response_type') !== 'code') return send(400, { error: 'invalid_request' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: p.get('code_challenge') ?? undefined, nonce: p.get('nonce') ?? undefined, redirectUri: p.get('redirect_uri')! });
      const back = new URL(p.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
        : undefined;
      const [id, secret] = basic ?? [form.get('client_id'), form.get('client_secret')];
      if (id !== opts.clientId || secret !== opts.clientSecret) return send(401, { error: 'invalid_client' });
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) return send(400, { error: 'invalid_grant' });
      if (grant.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
          return send(400, { error: 'invalid_grant', error_description: 'PKCE' });
      }
      const access = randomBytes(16).toString('hex');
      tokens.add(access);
      const now = Math.floor(Date.now() / 1000);
      const idToken = sign({
        iss: issuer,
        aud: opts.clientId,
        sub: opts.person.sub,
        email: opts.person.email,
        email_verified: true,
        name: opts.person.name,
        picture: opts.person.picture,
        iat: now,
        exp: now + 3600,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      });
      return send(200, { access_token: access, token_type: 'Bearer', expires_in: 3600, id_token: idToken, scope: 'openid email profile' });
    }
    if (url.pathname === '/userinfo') {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(token)) return send(401, { error: 'invalid_token' });
      return send(200, { sub: opts.person.sub, email: opts.person.email, email_verified: true, name: opts.person.name, picture: opts.person.picture });
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}
