import { afterEach, beforeEach } from 'vitest';

/**
 * An unexpected console.error fails the test that caused it: React's warnings, a swallowed promise or a
 * connection error would otherwise pass silently. The message is still printed where it happened.
 */
const original = console.error;
/** Messages a dependency prints on its own that say nothing is wrong, each with why. */
const EXPECTED = [
  // LiteRT.js tries WebGPU first and says so when there is none; it then runs on the CPU, as the engine intends
  /^Failed to create default WebGPU device/,
  // LiteRT's WebAssembly runtime writes its own start-up log ("INFO: [environment.cc:36] …") to stderr
  /^(INFO|WARNING): (\[[\w.]+:\d+\]|Created TensorFlow Lite)/,
];
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  console.error = (...args: unknown[]) => {
    if (!EXPECTED.some((re) => re.test(String(args[0])))) calls.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (calls.length) throw new Error(`console.error was called ${calls.length} time(s) during this test; first: ${calls[0].map(String).join(' ')}`);
});
