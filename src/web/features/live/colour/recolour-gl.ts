import type { ShadeMapParams } from '@shared/hair/shade-map';

/**
 * Recolour on the GPU (WebGL2): the same OKLab distribution mapping as the server engine (decision 022),
 * per pixel, with the hair model's 512×512 mask upsampled edge-aware (a joint bilateral filter guided by the
 * frame's own colours, so the mask follows the hair's outline rather than the model's coarse grid).
 * `mapPixel` below mirrors `mapPixel` of src/shared/hair/shade-map.ts line for line; its uniforms are
 * `shadeMapParams`, computed in JavaScript whenever a new mask brings new hair statistics.
 */
const VERTEX = `#version 300 es
out vec2 vUv;
void main() {
  // one triangle covering the canvas; vUv is (0,0) at the top left, as the video's rows are uploaded
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
  vUv = vec2(p.x, 1.0 - p.y);
}`;

const FRAGMENT = `#version 300 es
precision highp float;
in vec2 vUv;
out vec4 outColor;
uniform sampler2D uFrame;
uniform sampler2D uMask;
uniform vec2 uMaskStep;   // one mask texel in uv
uniform float uSplit;     // share of the width (from the left) that shows the original
uniform float uMirror;    // 1.0: show as a mirror
uniform float uOn;        // 0.0: no shade chosen or no hair statistics yet
uniform vec3 uMu;         // muL, muA, muB
uniform vec4 uP0;         // sdL, tL, gPos, gNeg
uniform vec4 uP1;         // gA, gB, shine0, shine1
uniform vec3 uP2;         // tA, tB, cMax
uniform vec4 uP3;         // hiKnee, hiRoom, loKnee, loRoom
uniform vec2 uP4;         // white0, white1
uniform float uLineX;     // split line position in pixels, < 0 for none

vec3 toLinear(vec3 c) { return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c)); }
vec3 toSrgb(vec3 v) { v = clamp(v, 0.0, 1.0); return mix(v * 12.92, 1.055 * pow(v, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, v)); }
vec3 cbrt3(vec3 v) { return sign(v) * pow(abs(v), vec3(1.0 / 3.0)); }
vec3 linearToOklab(vec3 c) {
  vec3 lms = cbrt3(mat3(0.4122214708, 0.2119034982, 0.0883024619, 0.5363325363, 0.6806995451, 0.2817188376, 0.0514459929, 0.1073969566, 0.6299787005) * c);
  return mat3(0.2104542553, 1.9779984951, 0.0259040371, 0.793617785, -2.428592205, 0.7827717662, -0.0040720468, 0.4505937099, -0.808675766) * lms;
}
vec3 oklabToLinear(vec3 c) {
  vec3 lms = mat3(1.0, 1.0, 1.0, 0.3963377774, -0.1055613458, -0.0894841775, 0.2158037573, -0.0638541728, -1.291485548) * c;
  lms = lms * lms * lms;
  return mat3(4.0767416621, -1.2684380046, -0.0041960863, -3.3077115913, 2.6097574011, -0.7034186147, 0.2309699292, -0.3413193965, 1.707614701) * lms;
}
float smooth01(float e0, float e1, float x) { float t = clamp((x - e0) / (e1 - e0), 0.0, 1.0); return t * t * (3.0 - 2.0 * t); }

// mapPixel of src/shared/hair/shade-map.ts, for the GPU (decisions 022 and 083).
vec3 mapPixel(vec3 lab) {
  float sdL = uP0.x, tL = uP0.y, gPos = uP0.z, gNeg = uP0.w;
  float u = (lab.x - uMu.x) / sdL;
  float au = abs(u);
  if (au > 2.0) u = sign(u) * (2.0 + 1.5 * tanh(min(3.0, (au - 2.0) / 1.5)));
  float nL = tL + u * sdL * (u < 0.0 ? gNeg : gPos);
  float cf = 1.0;
  if (lab.x > uP1.z) {
    float s = smooth01(uP1.z, uP1.w, lab.x);
    nL += (lab.x - uP1.z) * 0.35 * s;
    cf *= 1.0 - 0.55 * s;
  }
  if (nL > uP3.x) nL = uP3.x + uP3.y * tanh((nL - uP3.x) / uP3.y);
  else if (nL < uP3.z) nL = uP3.z - uP3.w * tanh((uP3.z - nL) / uP3.w);
  if (nL < 0.3) cf *= 0.35 + 0.65 * (nL / 0.3);
  cf *= 1.0 - 0.7 * smooth01(uP4.x, uP4.y, nL);
  vec2 ab = (uP2.xy + (lab.yz - uMu.yz) * uP1.xy) * cf;
  float c = length(ab);
  if (c > uP2.z) ab *= uP2.z / c;
  return vec3(nL, ab);
}

// Joint bilateral upsampling: the mask's neighbours count more where the frame's colour matches this pixel's.
float hairAlpha(vec2 uv, vec3 here) {
  float wSum = 0.0, aSum = 0.0;
  for (int j = -1; j <= 1; j++) {
    for (int i = -1; i <= 1; i++) {
      vec2 o = vec2(float(i), float(j)) * uMaskStep;
      vec3 c = texture(uFrame, uv + o).rgb;
      vec3 d = c - here;
      float w = exp(-dot(d, d) * 40.0) * (1.0 / (1.0 + float(i * i + j * j)));
      wSum += w;
      aSum += w * texture(uMask, uv + o).r;
    }
  }
  return smoothstep(0.25, 0.75, aSum / wSum);
}

void main() {
  vec2 uv = vec2(mix(vUv.x, 1.0 - vUv.x, uMirror), vUv.y);
  vec3 src = texture(uFrame, uv).rgb;
  vec3 colour = src;
  if (uOn > 0.5 && vUv.x >= uSplit) {
    float a = hairAlpha(uv, src);
    if (a > 0.0) {
      vec3 lin = toLinear(src);
      vec3 mapped = oklabToLinear(mapPixel(linearToOklab(lin)));
      colour = toSrgb(mix(lin, mapped, a));
    }
  }
  if (uLineX >= 0.0 && abs(gl_FragCoord.x - uLineX) < 1.0) colour = vec3(1.0);
  outColor = vec4(colour, 1.0);
}`;

function compile(gl: WebGL2RenderingContext, type: number, src: string): WebGLShader {
  const s = gl.createShader(type)!;
  gl.shaderSource(s, src);
  gl.compileShader(s);
  if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(`shader: ${gl.getShaderInfoLog(s) ?? 'failed'}`);
  return s;
}

export interface DrawOptions {
  /** 0–1: the share of the width, from the left, that shows the original. */
  split: number;
  mirror: boolean;
}

/** Only checks whether the browser offers WebGL2 at all (old browsers and some locked-down setups do not). */
export function hasWebGl2(): boolean {
  try {
    return !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}

export class HairRecolourer {
  private readonly gl: WebGL2RenderingContext;
  private readonly program: WebGLProgram;
  private readonly frameTex: WebGLTexture;
  private readonly maskTex: WebGLTexture;
  private readonly u: Record<string, WebGLUniformLocation | null>;
  private params: ShadeMapParams | null = null;
  private hasMask = false;

  constructor(readonly canvas: HTMLCanvasElement | OffscreenCanvas) {
    // preserveDrawingBuffer: the picture can be read back (capture, tests) after it is shown
    const gl = canvas.getContext('webgl2', { alpha: false, antialias: false, depth: false, preserveDrawingBuffer: true }) as WebGL2RenderingContext | null;
    if (!gl) throw new Error('WebGL2 is not available');
    this.gl = gl;
    const p = gl.createProgram();
    gl.attachShader(p, compile(gl, gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(p, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(p);
    if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`program: ${gl.getProgramInfoLog(p) ?? 'failed'}`);
    this.program = p;
    gl.useProgram(p);
    gl.bindVertexArray(gl.createVertexArray());
    const names = ['uFrame', 'uMask', 'uMaskStep', 'uSplit', 'uMirror', 'uOn', 'uMu', 'uP0', 'uP1', 'uP2', 'uP3', 'uP4', 'uLineX'];
    this.u = Object.fromEntries(names.map((n) => [n, gl.getUniformLocation(p, n)]));
    this.frameTex = this.texture(0);
    this.maskTex = this.texture(1);
    gl.uniform1i(this.u.uFrame, 0);
    gl.uniform1i(this.u.uMask, 1);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  }

  private texture(unit: number): WebGLTexture {
    const gl = this.gl;
    const t = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return t;
  }

  /** The picture to draw (a playing video, an image, a bitmap); the canvas takes its size. */
  setFrame(source: TexImageSource, width: number, height: number): void {
    const gl = this.gl;
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.frameTex);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
  }

  /** Hair probability 0–255, `size`² over the whole frame (stretched). */
  setMask(mask: Uint8Array, size: number): void {
    const gl = this.gl;
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.maskTex);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, size, size, 0, gl.RED, gl.UNSIGNED_BYTE, mask);
    gl.uniform2f(this.u.uMaskStep, 1 / size, 1 / size);
    this.hasMask = true;
  }

  /** null shows the frame unchanged. */
  setParams(params: ShadeMapParams | null): void {
    this.params = params;
  }

  draw(opts: DrawOptions): void {
    const gl = this.gl;
    const p = this.params;
    const on = p && this.hasMask;
    gl.viewport(0, 0, this.canvas.width, this.canvas.height);
    gl.uniform1f(this.u.uSplit, opts.split);
    gl.uniform1f(this.u.uMirror, opts.mirror ? 1 : 0);
    gl.uniform1f(this.u.uOn, on ? 1 : 0);
    gl.uniform1f(this.u.uLineX, opts.split > 0 && opts.split < 1 ? opts.split * this.canvas.width : -1);
    if (p) {
      gl.uniform3f(this.u.uMu, p.muL, p.muA, p.muB);
      gl.uniform4f(this.u.uP0, p.sdL, p.tL, p.gPos, p.gNeg);
      gl.uniform4f(this.u.uP1, p.gA, p.gB, p.shine0, p.shine1);
      gl.uniform3f(this.u.uP2, p.tA, p.tB, p.cMax);
      gl.uniform4f(this.u.uP3, p.hiKnee, p.hiRoom, p.loKnee, p.loRoom);
      gl.uniform2f(this.u.uP4, p.white0, p.white1);
    }
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  /** Waits for the GPU to finish the frame: used to measure the recolour's cost honestly. */
  finish(): void {
    this.gl.finish();
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteTexture(this.frameTex);
    gl.deleteTexture(this.maskTex);
    gl.deleteProgram(this.program);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
