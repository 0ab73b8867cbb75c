import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { unavailable } from './required-services';

/**
 * A PostgreSQL and a Redis that a fault test starts, stops and restarts itself, each on a free port and (for
 * PostgreSQL) its own data folder: the machine's shared servers are never touched. Only the processes started
 * here are signalled. In CI (CI=true) a missing binary fails the run (decision 095).
 */

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The newest PostgreSQL's bin folder holding initdb and pg_ctl, or null (with the warning, or the CI failure). */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => path.join(root, v, 'bin')).find((b) => existsSync(path.join(b, 'initdb')) && existsSync(path.join(b, 'pg_ctl')));
  if (bin) return bin;
  unavailable(`initdb and pg_ctl were not found under ${root}/*/bin (install the postgresql server package)`, 'the database fault test');
  return null;
}

export function redisServerBin(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const p = path.join(dir, 'redis-server');
    if (existsSync(p)) return p;
  }
  unavailable('redis-server is not on PATH (install the redis-server package)', 'the Redis fault test');
  return null;
}

export class OwnPostgres {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'tress-own-pg-'));
  private constructor(
    private readonly bin: string,
    readonly port: number,
  ) {}

  /** initdb refuses to run as root: as root, the cluster belongs to the `postgres` system user. */
  private run(tool: string, args: string[]) {
    const cmd = path.join(this.bin, tool);
    const asRoot = process.getuid?.() === 0;
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'pipe', timeout: 60_000 });
  }

  static async create(bin: string): Promise<OwnPostgres> {
    const pg = new OwnPostgres(bin, await freePort());
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(pg.dir, uid, gid);
    }
    pg.run('initdb', ['-D', path.join(pg.dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    pg.start();
    return pg;
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start() {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-o', opts, '-l', path.join(this.dir, 'log'), '-w', 'start']);
  }

  /** `fast` ends every session as an operator's restart does (57P01); `immediate` as a crash does. */
  stop(mode: 'fast' | 'immediate' = 'fast') {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  destroy() {
    try {
      this.stop('immediate');
    } catch {
      /* already stopped */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export class OwnRedis {
  private proc?: ChildProcess;
  private constructor(
    private readonly bin: string,
    readonly port: number,
  ) {}

  static async create(bin: string): Promise<OwnRedis> {
    const r = new OwnRedis(bin, await freePort());
    await r.start();
    return r;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server in the foreground (no persistence) and resolves once it accepts connections. */
  async start() {
    const proc = spawn(this.bin, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (/Ready to accept connections/.test(out)) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
    });
  }

  /** SIGTERM to the one redis-server this helper started, and waits for its exit. */
  async stop() {
    const proc = this.proc;
    this.proc = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await exited;
  }
}
