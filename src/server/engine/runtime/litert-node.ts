/**
 * Runs LiteRT.js (@litertjs/core, pinned 2.5.3) in plain Node. Its loader is written for browsers, so this
 * module provides the few globals it expects: `self`, a `navigator` without WebGPU, and an `importScripts`
 * that evaluates the Emscripten factory script as CommonJS (the factory itself knows how to read its
 * .wasm from disk under Node). One LiteRT instance per thread (worker); the compat (SIMD128) build is used
 * because relaxed SIMD is behind a flag in Node 20 (see docs/decisions/021-litert-in-node.md).
 *
 * This relies on package internals; `litert-node.test.ts` is the smoke test that fails loudly when the
 * runtime package changes under it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import type * as LiteRtNs from '@litertjs/core';

const require = createRequire(import.meta.url);

export const LITERT_VERSION = '2.5.3';
const COMPAT_FILE = 'litert_wasm_compat_internal.js';
const RELAXED_FILE = 'litert_wasm_internal.js';

/** Which LiteRT build this thread runs: 'relaxed-simd' (faster) or 'compat' (SIMD128). */
export let litertBuild: 'relaxed-simd' | 'compat' | null = null;

/**
 * Relaxed SIMD is shipped in V8 but behind a flag in Node 20; LiteRT's fastest single-thread build needs
 * it (26 ms vs 33 ms per inference here). The flag only enables an instruction set for wasm compiled
 * afterwards. If anything about it fails, the compat build is used.
 */
function enableRelaxedSimd(): boolean {
  try {
    // WebAssembly.validate of a tiny module using a relaxed-SIMD opcode (f32x4.relaxed_madd)
    const probe = new Uint8Array([
      0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 15, 1, 13, 0, 65, 1, 253, 15, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 11,
    ]);
    if (WebAssembly.validate(probe)) return true;
    v8.setFlagsFromString('--experimental-wasm-relaxed-simd');
    return true;
  } catch {
    return false;
  }
}

export type LiteRtModule = typeof LiteRtNs;
export type CompiledModel = Awaited<ReturnType<LiteRtModule['loadAndCompile']>>;

let loaded: Promise<LiteRtModule> | null = null;

function litertWasmDir(): string {
  const pkgJson = require.resolve('@litertjs/core/package.json');
  const pkg = JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string };
  if (pkg.version !== LITERT_VERSION) {
    throw new Error(
      `@litertjs/core ${pkg.version} is installed but the Node loader was written for ${LITERT_VERSION}; re-check the shim (src/server/engine/runtime/litert-node.ts) before changing the pin.`,
    );
  }
  return path.join(path.dirname(pkgJson), 'wasm');
}

function installBrowserShims(): void {
  const g = globalThis as Record<string, unknown>;
  if (!g.self) g.self = globalThis;
  if (!g.navigator || !(g.navigator as { gpu?: unknown }).gpu) {
    // Node 20 has no navigator; Node 21+ has one without `gpu`. LiteRT probes WebGPU through it.
    const base = (g.navigator as object | undefined) ?? { hardwareConcurrency: 1 };
    Object.defineProperty(g, 'navigator', {
      value: Object.assign(Object.create(base), { gpu: { requestAdapter: async () => null } }),
      configurable: true,
      writable: true,
    });
  }
  g.importScripts = (url: string) => {
    const file = url.startsWith('file:') ? new URL(url).pathname : url;
    const src = readFileSync(file, 'utf8');
    const mod: { exports: unknown } = { exports: {} };
    // The Emscripten factory is CommonJS-shaped (`module.exports = ModuleFactory`); it is LiteRT's own
    // code from node_modules, evaluated once per thread.
    const fn = new Function('module', 'exports', 'require', '__filename', '__dirname', src);
    fn(mod, mod.exports, require, file, path.dirname(file));
    const factory = (mod.exports as { default?: unknown }).default ?? mod.exports;
    if (typeof factory !== 'function') throw new Error(`LiteRT: ${path.basename(file)} did not export a module factory`);
    g.ModuleFactory = factory;
  };
}

/** Loads the LiteRT runtime once for this thread. */
function loadLiteRtNode(opts: { build?: 'auto' | 'compat' } = {}): Promise<LiteRtModule> {
  if (!loaded) {
    loaded = (async () => {
      const dir = litertWasmDir();
      installBrowserShims();
      const lrt = await import('@litertjs/core');
      const relaxed = opts.build !== 'compat' && enableRelaxedSimd() && (await lrt.supportsFeature('relaxedSimd'));
      try {
        await lrt.loadLiteRt(path.join(dir, relaxed ? RELAXED_FILE : COMPAT_FILE));
        litertBuild = relaxed ? 'relaxed-simd' : 'compat';
      } catch (err) {
        if (!relaxed) throw err;
        lrt.unloadLiteRt?.();
        await lrt.loadLiteRt(path.join(dir, COMPAT_FILE));
        litertBuild = 'compat';
      }
      return lrt;
    })().catch((err: unknown) => {
      loaded = null;
      throw err;
    });
  }
  return loaded;
}

/** Loads and compiles a .tflite model from bytes for CPU (XNNPACK) inference on this thread. */
export async function compileTflite(bytes: Uint8Array, threads = 1, build: 'auto' | 'compat' = 'auto'): Promise<{ lrt: LiteRtModule; model: CompiledModel }> {
  const lrt = await loadLiteRtNode({ build });
  const model = await lrt.loadAndCompile(bytes, { accelerator: 'wasm', cpuOptions: { numThreads: threads } } as never);
  return { lrt, model };
}
