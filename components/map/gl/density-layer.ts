import { type HeatPoints, RAMP_SIZE, heatRadius, heatRamp } from "./density-heat";
import type { CustomLayerInterface, CustomRenderMethodInput, MapLibreMap } from "../maplibre";
import type { MapTheme } from "../map-theme";
import { linkProgram, translatedMatrix } from "./webgl";

/**
 * The density view, drawn by the map's own WebGL context in two passes: before the frame, every point adds a
 * Gaussian glow of its weight into a texture a quarter of the map's size (one instanced draw call, added up by
 * blending); in the frame, each pixel of the map takes the colour of its density from the theme's ramp, on a log
 * scale up to the heaviest point (density-heat.ts). This is what
 * a heatmap layer does, without its GeoJSON source: that one cut every new answer into tiles in MapLibre's worker,
 * which arrived over two or more frames, each costing 40 to 150 ms on a software GPU. Here a new time window is new
 * instance data and one frame.
 */

const SPLAT_VERTEX = `#version 300 es
layout(location = 0) in vec2 a_corner;
layout(location = 1) in vec3 a_point;
uniform mat4 u_matrix;
uniform vec2 u_viewport;
uniform float u_radius;
uniform float u_heaviest;
out vec2 v_offset;
out float v_strength;
// A glow is a Gaussian of the point's weight whose sigma is a third of the radius: at the radius a single trip's has
// faded to this, nothing the ramp shows. A heavier point's glow reaches further before it fades as far.
const float FADED = 0.011108996538242306; // e^-4.5
void main() {
  // In radii.
  float reach = sqrt(max(0.0, 2.0 * log(a_point.z / FADED))) / 3.0;
  v_offset = (a_corner * 2.0 - 1.0) * reach;
  // In heaviest points rather than trips: a half float holds a vehicle's 100,000 trips at one place only so.
  v_strength = a_point.z / u_heaviest;
  vec4 centre = u_matrix * vec4(a_point.xy, 0.0, 1.0);
  vec2 pixels = v_offset * u_radius;
  gl_Position = centre + vec4(pixels.x * 2.0 / u_viewport.x, -pixels.y * 2.0 / u_viewport.y, 0.0, 0.0) * centre.w;
}`;

const SPLAT_FRAGMENT = `#version 300 es
precision highp float;
in vec2 v_offset;
in float v_strength;
out vec4 density;
void main() {
  density = vec4(v_strength * exp(-4.5 * dot(v_offset, v_offset)), 0.0, 0.0, 1.0);
}`;

const COLOUR_VERTEX = `#version 300 es
out vec2 v_uv;
void main() {
  // One triangle over the whole map, from the vertex's number alone: (0, 0), (2, 0), (0, 2).
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  v_uv = corner;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}`;

const COLOUR_FRAGMENT = `#version 300 es
precision highp float;
uniform sampler2D u_density;
uniform sampler2D u_ramp;
uniform float u_heaviest;
in vec2 v_uv;
out vec4 fragColor;
void main() {
  float density = texture(u_density, v_uv).r;
  if (density <= 0.0) discard;
  // rampPlace (density-heat.ts), with the density back in trips.
  float place = clamp(log(1.0 + density * u_heaviest) / log(1.0 + u_heaviest), 0.0, 1.0);
  fragColor = texture(u_ramp, vec2(place, 0.5));
}`;

/** The density texture's size against the map's: glows are smooth, so a quarter is enough and four times cheaper. */
const DOWNSCALE = 4;
/** A unit square as a triangle strip: each point's glow is one instance of it. */
const CORNERS = new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]);

interface Target {
  framebuffer: WebGLFramebuffer;
  texture: WebGLTexture;
  width: number;
  height: number;
}

export class DensityLayer implements CustomLayerInterface {
  readonly type = "custom" as const;
  readonly renderingMode = "2d" as const;
  private map: MapLibreMap | null = null;
  private splat: {
    program: WebGLProgram;
    vao: WebGLVertexArrayObject;
    corners: WebGLBuffer;
    instances: WebGLBuffer;
  } | null = null;
  private colour: { program: WebGLProgram; vao: WebGLVertexArrayObject; ramp: WebGLTexture } | null = null;
  private target: Target | null = null;
  /** Whether the density texture can hold values above one (half floats), rather than 8-bit colour. */
  private floats = false;
  private points: HeatPoints | null = null;
  private pointsUploaded = false;
  private rampUploaded = false;
  /** Whether the density texture holds this frame's glows. */
  private prerendered = false;

  constructor(
    readonly id: string,
    private theme: MapTheme,
  ) {}

  onAdd(map: MapLibreMap, gl: WebGL2RenderingContext): void {
    this.map = map;
    this.floats = gl.getExtension("EXT_color_buffer_float") !== null;
    const corners = gl.createBuffer();
    const instances = gl.createBuffer();
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, corners);
    gl.bufferData(gl.ARRAY_BUFFER, CORNERS, gl.STATIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, instances);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 3, gl.FLOAT, false, 0, 0);
    gl.vertexAttribDivisor(1, 1);
    gl.bindVertexArray(null);
    this.splat = { program: linkProgram(gl, SPLAT_VERTEX, SPLAT_FRAGMENT, "density"), vao, corners, instances };
    // The colour pass reads no attributes: its vertex array is empty.
    this.colour = {
      program: linkProgram(gl, COLOUR_VERTEX, COLOUR_FRAGMENT, "density"),
      vao: gl.createVertexArray(),
      ramp: gl.createTexture(),
    };
    this.pointsUploaded = false;
    this.rampUploaded = false;
  }

  onRemove(_map: MapLibreMap, gl: WebGL2RenderingContext): void {
    if (this.splat) {
      gl.deleteProgram(this.splat.program);
      gl.deleteVertexArray(this.splat.vao);
      gl.deleteBuffer(this.splat.corners);
      gl.deleteBuffer(this.splat.instances);
    }
    if (this.colour) {
      gl.deleteProgram(this.colour.program);
      gl.deleteVertexArray(this.colour.vao);
      gl.deleteTexture(this.colour.ramp);
    }
    if (this.target) {
      gl.deleteFramebuffer(this.target.framebuffer);
      gl.deleteTexture(this.target.texture);
    }
    this.splat = this.colour = this.target = null;
    this.map = null;
  }

  /** The points to draw from the next frame on. */
  setPoints(points: HeatPoints): void {
    this.points = points;
    this.pointsUploaded = false;
    this.map?.triggerRepaint();
  }

  setTheme(theme: MapTheme): void {
    this.theme = theme;
    this.rampUploaded = false;
    this.map?.triggerRepaint();
  }

  /** Before the frame: the glows of every point, added up in the density texture. */
  prerender(gl: WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const { points, splat, map } = this;
    this.prerendered = false;
    if (!points || points.count === 0 || !splat || !map) return;
    const target = this.targetFor(gl);
    if (!target) return;
    if (!this.pointsUploaded) {
      gl.bindBuffer(gl.ARRAY_BUFFER, splat.instances);
      gl.bufferData(gl.ARRAY_BUFFER, points.data, gl.DYNAMIC_DRAW);
      this.pointsUploaded = true;
    }
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.viewport(0, 0, target.width, target.height);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.STENCIL_TEST);
    gl.disable(gl.CULL_FACE);
    gl.colorMask(true, true, true, true);
    // Glows add up where they overlap: the density is their sum.
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE);
    gl.useProgram(splat.program);
    gl.uniformMatrix4fv(
      gl.getUniformLocation(splat.program, "u_matrix"),
      false,
      translatedMatrix(options.defaultProjectionData.mainMatrix, points.origin),
    );
    // The glows' sizes in the map's device pixels: the texture covers the same clip space with a quarter of them.
    gl.uniform2f(gl.getUniformLocation(splat.program, "u_viewport"), gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.uniform1f(gl.getUniformLocation(splat.program, "u_radius"), heatRadius(map.getZoom()) * map.getPixelRatio());
    gl.uniform1f(gl.getUniformLocation(splat.program, "u_heaviest"), points.heaviest);
    gl.bindVertexArray(splat.vao);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, CORNERS.length / 2, points.count);
    gl.bindVertexArray(null);
    // The map binds its own framebuffer and viewport again after this pass.
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.prerendered = true;
  }

  /** In the frame: each pixel coloured by its density, over the layers below. */
  render(gl: WebGL2RenderingContext): void {
    const { colour, target, points } = this;
    if (!this.prerendered || !colour || !target || !points) return;
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, colour.ramp);
    if (!this.rampUploaded) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, RAMP_SIZE, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, heatRamp(this.theme));
      setSampling(gl);
      this.rampUploaded = true;
    }
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, target.texture);
    gl.disable(gl.DEPTH_TEST);
    gl.useProgram(colour.program);
    gl.uniform1i(gl.getUniformLocation(colour.program, "u_density"), 0);
    gl.uniform1i(gl.getUniformLocation(colour.program, "u_ramp"), 1);
    gl.uniform1f(gl.getUniformLocation(colour.program, "u_heaviest"), points.heaviest);
    gl.bindVertexArray(colour.vao);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindVertexArray(null);
  }

  /** The density texture at a quarter of the map's size, made again when the map's size changed. */
  private targetFor(gl: WebGL2RenderingContext): Target | null {
    const width = Math.max(1, Math.ceil(gl.drawingBufferWidth / DOWNSCALE));
    const height = Math.max(1, Math.ceil(gl.drawingBufferHeight / DOWNSCALE));
    if (this.target && this.target.width === width && this.target.height === height) return this.target;
    if (this.target) {
      gl.deleteFramebuffer(this.target.framebuffer);
      gl.deleteTexture(this.target.texture);
      this.target = null;
    }
    const texture = gl.createTexture();
    const framebuffer = gl.createFramebuffer();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    setSampling(gl);
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    const allocate = (floats: boolean) => {
      if (floats) gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA16F, width, height, 0, gl.RGBA, gl.HALF_FLOAT, null);
      else gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
      return gl.checkFramebufferStatus(gl.FRAMEBUFFER) === gl.FRAMEBUFFER_COMPLETE;
    };
    // Half floats keep a single trip's glow beside a place of thousands; 8-bit colour where they cannot be drawn
    // into (a glow under 1/255 of the heaviest point's is then lost).
    if (this.floats && !allocate(true)) this.floats = false;
    const complete = this.floats || allocate(false);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    if (!complete) {
      gl.deleteFramebuffer(framebuffer);
      gl.deleteTexture(texture);
      return null;
    }
    this.target = { framebuffer, texture, width, height };
    return this.target;
  }
}

/** Smooth between texels, never wrapping around an edge. */
function setSampling(gl: WebGL2RenderingContext): void {
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
}
