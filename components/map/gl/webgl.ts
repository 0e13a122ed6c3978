/**
 * What the map's custom WebGL layers share (trip-lines-layer.ts, cluster-marks-layer.ts): Web Mercator units, their
 * programs, the matrix that places data stored relative to an origin, and colours as the shaders take them.
 */

/** Web Mercator x of a longitude, in [0, 1]. */
export const mercatorX = (lng: number) => (lng + 180) / 360;

/** Web Mercator y of a latitude, in [0, 1] (0 at the north edge). */
export const mercatorY = (lat: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};

function compile(gl: WebGL2RenderingContext, type: number, source: string, what: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error(`the ${what}' shader could not be created`);
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
    throw new Error(`the ${what}' shader did not compile: ${gl.getShaderInfoLog(shader) ?? ""}`);
  return shader;
}

/** A linked program of a vertex and a fragment shader; `what` names the layer in errors ("the trip lines"). */
export function linkProgram(gl: WebGL2RenderingContext, vertex: string, fragment: string, what: string): WebGLProgram {
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertex, what));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragment, what));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS))
    throw new Error(`the ${what}' program did not link: ${gl.getProgramInfoLog(program) ?? ""}`);
  return program;
}

/**
 * `matrix × translate(origin)`, in float64 before it becomes the shader's float32: vertices are stored relative to
 * an origin inside the data, since float32 far from their origin would lose metres of precision.
 */
export function translatedMatrix(matrix: ArrayLike<number>, [x, y]: readonly [number, number]): Float32Array {
  const out = Float32Array.from(matrix as ArrayLike<number>);
  for (let row = 0; row < 4; row++)
    out[12 + row] = (matrix[row] ?? 0) * x + (matrix[4 + row] ?? 0) * y + (matrix[12 + row] ?? 0);
  return out;
}

/** `#rrggbb` as RGB in [0, 1]. */
export function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/** `#rrggbb` or `rgba(r, g, b, a)` as RGBA in [0, 1], not premultiplied. */
export function rgbaOf(colour: string): [number, number, number, number] {
  const rgba = /^rgba\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([\d.]+)\s*\)$/.exec(colour);
  if (!rgba) return [...rgbOf(colour), 1];
  const [, r = "0", g = "0", b = "0", a = "1"] = rgba;
  return [Number(r) / 255, Number(g) / 255, Number(b) / 255, Number(a)];
}
