import type { CustomLayerInterface, CustomRenderMethodInput, MapLibreMap } from "../maplibre";
import { type TripLines, lineAlpha, linesNear } from "./trip-lines";
import { linkProgram, mercatorX, mercatorY, rgbOf, translatedMatrix } from "./webgl";

/**
 * Thousands of trips as one-pixel straight lines from start to end, drawn by the map's own WebGL context in one draw
 * call. MapLibre's line layers are made for styled roads: each trip would be cut into tiles, triangulated with joins
 * and anti-aliased edges in the map's worker, and rasterised as a strip a few pixels wide. For 10,000 overlapping
 * trips that costs over a second here (most of it rasterising); as plain `LINES` from one buffer, the data is ready
 * in milliseconds and each line costs its length in pixels.
 *
 * Coordinates are Web Mercator in [0, 1], stored relative to an origin inside the data (webgl.ts).
 */

const VERTEX_SHADER = `#version 300 es
uniform mat4 u_matrix;
in vec2 a_position;
void main() {
  gl_Position = u_matrix * vec4(a_position, 0.0, 1.0);
}`;

const FRAGMENT_SHADER = `#version 300 es
precision mediump float;
uniform vec4 u_color;
out vec4 fragColor;
void main() {
  fragColor = u_color;
}`;

export class TripLinesLayer implements CustomLayerInterface {
  readonly type = "custom" as const;
  readonly renderingMode = "2d" as const;
  private gl: WebGL2RenderingContext | null = null;
  private map: MapLibreMap | null = null;
  private program: WebGLProgram | null = null;
  private buffer: WebGLBuffer | null = null;
  private lines: TripLines | null = null;
  private uploaded = true;
  /** Premultiplied RGBA, 0 to 1. */
  private color: [number, number, number, number] = [0, 0, 0, 0];
  private rgb: [number, number, number] = [0, 0, 0];

  constructor(readonly id: string) {}

  onAdd(map: MapLibreMap, gl: WebGL2RenderingContext): void {
    this.map = map;
    this.gl = gl;
    this.program = linkProgram(gl, VERTEX_SHADER, FRAGMENT_SHADER, "trip lines");
    this.buffer = gl.createBuffer();
    this.uploaded = false;
  }

  onRemove(_map: MapLibreMap, gl: WebGL2RenderingContext): void {
    if (this.program) gl.deleteProgram(this.program);
    if (this.buffer) gl.deleteBuffer(this.buffer);
    this.program = null;
    this.buffer = null;
    this.gl = null;
    this.map = null;
  }

  /** The lines to draw from the next frame on; uploaded to the GPU once, when first drawn. */
  setLines(lines: TripLines | null): void {
    this.lines = lines;
    this.uploaded = false;
    this.updateColor();
    this.map?.triggerRepaint();
  }

  /** The store entries of the lines within `tolerance` CSS pixels of a point of the canvas (none before any). */
  linesAt(point: { x: number; y: number }, tolerance: number): number[] {
    const { map, lines } = this;
    if (!map || !lines || lines.count === 0) return [];
    const here = map.unproject([point.x, point.y]);
    const aside = map.unproject([point.x + tolerance, point.y]);
    return linesNear(
      lines,
      [mercatorX(here.lng), mercatorY(here.lat)],
      Math.abs(mercatorX(aside.lng) - mercatorX(here.lng)),
    );
  }

  /** The lines' colour as `#rrggbb`; their opacity follows how many there are. */
  setColor(hex: string): void {
    this.rgb = rgbOf(hex);
    this.updateColor();
    this.map?.triggerRepaint();
  }

  private updateColor(): void {
    const alpha = lineAlpha(this.lines?.count ?? 0);
    const [r, g, b] = this.rgb;
    this.color = [r * alpha, g * alpha, b * alpha, alpha];
  }

  render(gl: WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const lines = this.lines;
    if (!this.program || !this.buffer || !lines || lines.count === 0) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    if (!this.uploaded) {
      gl.bufferData(gl.ARRAY_BUFFER, lines.vertices, gl.STATIC_DRAW);
      this.uploaded = true;
    }
    gl.useProgram(this.program);
    // The mercator-unit matrix: `modelViewProjectionMatrix` takes world pixels, in which the whole data would sit
    // within a pixel of the world's corner.
    gl.uniformMatrix4fv(
      gl.getUniformLocation(this.program, "u_matrix"),
      false,
      translatedMatrix(options.defaultProjectionData.mainMatrix, lines.origin),
    );
    gl.uniform4fv(gl.getUniformLocation(this.program, "u_color"), this.color);
    const position = gl.getAttribLocation(this.program, "a_position");
    gl.enableVertexAttribArray(position);
    gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
    // Blending is set up by the map for custom layers: premultiplied colour over what is drawn. Drawn in layer order
    // over a flat map, the lines need no depth test (the map leaves one on, and resets its GL state afterwards).
    gl.disable(gl.DEPTH_TEST);
    gl.drawArrays(gl.LINES, 0, lines.count * 2);
    gl.disableVertexAttribArray(position);
  }
}
