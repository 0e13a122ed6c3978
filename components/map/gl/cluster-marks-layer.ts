import {
  CIRCLE_FLOATS,
  type ClusterMark,
  GLYPH_FLOATS,
  type GlyphAtlas,
  type MarkBuffers,
  markAt,
  markBuffers,
} from "./cluster-marks";
import { drawGlyphAtlas, loadCountFont } from "./count-glyphs";
import type { CustomLayerInterface, CustomRenderMethodInput, MapLibreMap } from "../maplibre";
import { MAP_PALETTES, type MapTheme } from "../map-theme";
import { linkProgram, rgbOf, translatedMatrix } from "./webgl";

/**
 * The clusters view's circles and counts, drawn by the map's own WebGL context: two instanced draw calls, one for
 * the circles and one for the counts' characters (count-glyphs.ts). A new time window or view on screen is new
 * instance data and one frame. As a GeoJSON source with circle and symbol layers, each answer was cut into tiles in
 * MapLibre's worker, arrived tile by tile over two or three frames, and every frame with new text placed it again
 * in one more: four frames a switch, where each costs 40 to 150 ms on a software GPU.
 */

const QUAD_VERTEX = `
layout(location = 0) in vec2 a_corner;
uniform mat4 u_matrix;
uniform vec2 u_viewport;
uniform float u_ratio;
/** Clip space of a point of the map moved by device pixels (y down, as on screen). */
vec4 placed(vec2 position, vec2 pixels) {
  vec4 centre = u_matrix * vec4(position, 0.0, 1.0);
  return centre + vec4(pixels.x * 2.0 / u_viewport.x, -pixels.y * 2.0 / u_viewport.y, 0.0, 0.0) * centre.w;
}`;

const CIRCLE_VERTEX = `#version 300 es
${QUAD_VERTEX}
layout(location = 1) in vec2 a_position;
layout(location = 2) in vec2 a_size;
layout(location = 3) in vec4 a_fill;
out vec2 v_offset;
out vec2 v_radii;
out vec4 v_fill;
void main() {
  float outer = (a_size.x + a_size.y) * u_ratio;
  v_offset = (a_corner * 2.0 - 1.0) * (outer + 1.0);
  v_radii = vec2(a_size.x * u_ratio, outer);
  v_fill = a_fill;
  gl_Position = placed(a_position, v_offset);
}`;

const CIRCLE_FRAGMENT = `#version 300 es
precision mediump float;
uniform vec4 u_stroke;
in vec2 v_offset;
in vec2 v_radii;
in vec4 v_fill;
out vec4 fragColor;
void main() {
  float distance = length(v_offset);
  float coverage = 1.0 - smoothstep(v_radii.y - 0.5, v_radii.y + 0.5, distance);
  if (coverage <= 0.0) discard;
  float stroke = smoothstep(v_radii.x - 0.5, v_radii.x + 0.5, distance);
  fragColor = mix(v_fill, u_stroke, stroke) * coverage;
}`;

const GLYPH_VERTEX = `#version 300 es
${QUAD_VERTEX}
layout(location = 1) in vec2 a_anchor;
layout(location = 2) in vec4 a_box;
layout(location = 3) in vec4 a_uv;
out vec2 v_uv;
void main() {
  v_uv = mix(a_uv.xy, a_uv.zw, a_corner);
  gl_Position = placed(a_anchor, mix(a_box.xy, a_box.zw, a_corner) * u_ratio);
}`;

const GLYPH_FRAGMENT = `#version 300 es
precision mediump float;
uniform sampler2D u_atlas;
in vec2 v_uv;
out vec4 fragColor;
void main() {
  fragColor = texture(u_atlas, v_uv);
}`;

/** A unit square as a triangle strip: each circle and each character is one instance of it. */
const CORNERS = new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]);

/** A circle whose outer radius is -1 pixel: its quad's corners meet in one point, so nothing is drawn. */
const INVISIBLE_CIRCLE = Float32Array.from({ length: CIRCLE_FLOATS }, (_, i) => (i === 2 ? -1 : 0));
/** A character with an empty box: nothing is drawn. */
const INVISIBLE_GLYPH = new Float32Array(GLYPH_FLOATS);

interface Drawing {
  program: WebGLProgram;
  vao: WebGLVertexArrayObject;
  instances: WebGLBuffer;
  uniforms: Record<string, WebGLUniformLocation | null>;
}

/** A program and its vertex array: the corners at location 0, then the instance attributes, `sizes` floats each. */
function drawing(
  gl: WebGL2RenderingContext,
  corners: WebGLBuffer,
  vertex: string,
  fragment: string,
  sizes: number[],
  uniforms: string[],
): Drawing {
  const program = linkProgram(gl, vertex, fragment, "clusters");
  const vao = gl.createVertexArray();
  const instances = gl.createBuffer();
  gl.bindVertexArray(vao);
  gl.bindBuffer(gl.ARRAY_BUFFER, corners);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  gl.bindBuffer(gl.ARRAY_BUFFER, instances);
  const stride = sizes.reduce((sum, size) => sum + size, 0) * 4;
  let offset = 0;
  sizes.forEach((size, i) => {
    gl.enableVertexAttribArray(i + 1);
    gl.vertexAttribPointer(i + 1, size, gl.FLOAT, false, stride, offset);
    gl.vertexAttribDivisor(i + 1, 1);
    offset += size * 4;
  });
  gl.bindVertexArray(null);
  return {
    program,
    vao,
    instances,
    uniforms: Object.fromEntries(uniforms.map((name) => [name, gl.getUniformLocation(program, name)])),
  };
}

export class ClusterMarksLayer implements CustomLayerInterface {
  readonly type = "custom" as const;
  readonly renderingMode = "2d" as const;
  private map: MapLibreMap | null = null;
  private gl: WebGL2RenderingContext | null = null;
  private corners: WebGLBuffer | null = null;
  private circles: Drawing | null = null;
  private glyphs: Drawing | null = null;
  private texture: WebGLTexture | null = null;
  private atlas: { atlas: GlyphAtlas; image: HTMLCanvasElement } | null = null;
  private textureUploaded = false;
  private marks: readonly ClusterMark[] = [];
  private buffers: MarkBuffers | null = null;
  private uploaded = false;
  /** Whether its programs have been drawn with once (warmUp). */
  private warmed = false;
  private stroke: [number, number, number, number] = [1, 1, 1, 1];

  constructor(
    readonly id: string,
    private theme: MapTheme,
  ) {}

  onAdd(map: MapLibreMap, gl: WebGL2RenderingContext): void {
    this.map = map;
    this.gl = gl;
    this.corners = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.corners);
    gl.bufferData(gl.ARRAY_BUFFER, CORNERS, gl.STATIC_DRAW);
    const uniforms = ["u_matrix", "u_viewport", "u_ratio"];
    this.circles = drawing(gl, this.corners, CIRCLE_VERTEX, CIRCLE_FRAGMENT, [2, 2, 4], [...uniforms, "u_stroke"]);
    this.glyphs = drawing(gl, this.corners, GLYPH_VERTEX, GLYPH_FRAGMENT, [2, 4, 4], [...uniforms, "u_atlas"]);
    this.texture = gl.createTexture();
    this.uploaded = false;
    this.textureUploaded = false;
    this.warmed = false;
    this.rebuild();
    void loadCountFont().then((family) => {
      this.atlas = drawGlyphAtlas(family);
      this.textureUploaded = false;
      this.rebuild();
    });
  }

  onRemove(_map: MapLibreMap, gl: WebGL2RenderingContext): void {
    for (const drawn of [this.circles, this.glyphs]) {
      if (!drawn) continue;
      gl.deleteProgram(drawn.program);
      gl.deleteVertexArray(drawn.vao);
      gl.deleteBuffer(drawn.instances);
    }
    if (this.corners) gl.deleteBuffer(this.corners);
    if (this.texture) gl.deleteTexture(this.texture);
    this.circles = this.glyphs = null;
    this.corners = this.texture = null;
    this.map = this.gl = null;
  }

  /** The marks to draw from the next frame on. */
  setMarks(marks: readonly ClusterMark[]): void {
    this.marks = marks;
    this.rebuild();
  }

  setTheme(theme: MapTheme): void {
    this.theme = theme;
    this.rebuild();
  }

  /** The mark under a point of the map's canvas (CSS pixels), as drawn now. */
  markAt(point: { x: number; y: number }): ClusterMark | null {
    const map = this.map;
    return map ? markAt(this.marks, point, (mark) => map.project([mark.lng, mark.lat])) : null;
  }

  private rebuild(): void {
    this.buffers = markBuffers(this.marks, this.theme, this.atlas?.atlas ?? null);
    const [r, g, b] = rgbOf(MAP_PALETTES[this.theme].markerStroke);
    this.stroke = [r, g, b, 1];
    this.uploaded = false;
    this.map?.triggerRepaint();
  }

  render(gl: WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const { buffers, circles, glyphs, map } = this;
    if (!buffers || !circles || !glyphs || !map) return;
    if (buffers.circleCount === 0) {
      this.warmUp(gl, options, buffers);
      return;
    }
    if (!this.uploaded) {
      this.upload(gl, buffers.circles, buffers.glyphs);
      this.uploaded = true;
    }
    this.drawInstances(gl, options, buffers);
  }

  /**
   * A software GPU compiles a program for the state it is drawn with at its first draw, which makes the frame
   * that first shows marks several times as long as later ones. An empty map draws one invisible mark and one
   * invisible character instead (each a quad of no area), once the count font is in, so that this happens while
   * the map loads rather than when the first marks arrive.
   */
  private warmUp(gl: WebGL2RenderingContext, options: CustomRenderMethodInput, buffers: MarkBuffers): void {
    if (this.warmed || !this.labelled()) return;
    this.warmed = true;
    this.upload(gl, INVISIBLE_CIRCLE, INVISIBLE_GLYPH);
    this.uploaded = false;
    this.drawInstances(gl, options, { ...buffers, circleCount: 1, glyphCount: 1 });
  }

  private labelled(): boolean {
    return this.atlas !== null && this.texture !== null;
  }

  private upload(gl: WebGL2RenderingContext, circleData: Float32Array, glyphData: Float32Array): void {
    const { circles, glyphs } = this;
    if (!circles || !glyphs) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, circles.instances);
    gl.bufferData(gl.ARRAY_BUFFER, circleData, gl.DYNAMIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, glyphs.instances);
    gl.bufferData(gl.ARRAY_BUFFER, glyphData, gl.DYNAMIC_DRAW);
  }

  private drawInstances(gl: WebGL2RenderingContext, options: CustomRenderMethodInput, buffers: MarkBuffers): void {
    const { circles, glyphs, map } = this;
    if (!circles || !glyphs || !map) return;
    const matrix = translatedMatrix(options.defaultProjectionData.mainMatrix, buffers.origin);
    const viewport = [gl.drawingBufferWidth, gl.drawingBufferHeight];
    const ratio = map.getPixelRatio();
    // Drawn in layer order over a flat map: no depth test (the map leaves one on, and resets its GL state after).
    gl.disable(gl.DEPTH_TEST);

    gl.useProgram(circles.program);
    gl.uniformMatrix4fv(circles.uniforms.u_matrix ?? null, false, matrix);
    gl.uniform2fv(circles.uniforms.u_viewport ?? null, viewport);
    gl.uniform1f(circles.uniforms.u_ratio ?? null, ratio);
    gl.uniform4fv(circles.uniforms.u_stroke ?? null, this.stroke);
    gl.bindVertexArray(circles.vao);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, CORNERS.length / 2, buffers.circleCount);

    if (this.labelled() && buffers.glyphCount > 0) {
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, this.texture);
      if (!this.textureUploaded && this.atlas) {
        // The canvas's colours times their alpha, as the map blends (premultiplied); then the default again.
        gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, this.atlas.image);
        gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        this.textureUploaded = true;
      }
      gl.useProgram(glyphs.program);
      gl.uniformMatrix4fv(glyphs.uniforms.u_matrix ?? null, false, matrix);
      gl.uniform2fv(glyphs.uniforms.u_viewport ?? null, viewport);
      gl.uniform1f(glyphs.uniforms.u_ratio ?? null, ratio);
      gl.uniform1i(glyphs.uniforms.u_atlas ?? null, 0);
      gl.bindVertexArray(glyphs.vao);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, CORNERS.length / 2, buffers.glyphCount);
    }
    gl.bindVertexArray(null);
  }
}
