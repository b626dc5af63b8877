// Internal shaders, GLSL ES 1.00 so one set runs on WebGL2 and the WebGL1 fallback.
// Colours are premultiplied everywhere.

/** Layer vertex shader: a_position is homogeneous canvas pixels (X, Y, W), so a corner pin's
 * texture coordinates interpolate projectively (no seam on the diagonal). */
export const LAYER_VS = `
attribute vec3 a_position;
attribute vec2 a_texcoord;
uniform vec2 u_resolution;
varying vec2 v_uv;
void main() {
  v_uv = a_texcoord;
  float w = a_position.z;
  gl_Position = vec4(a_position.x * 2.0 / u_resolution.x - w, w - a_position.y * 2.0 / u_resolution.y, 0.0, w);
}
`;

/** W3C Compositing and Blending Level 1 blend functions B(cb, cs), on unpremultiplied colour. */
const BLEND_GLSL = `
float bs_lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
vec3 bs_clipColor(vec3 c) {
  float l = bs_lum(c);
  float n = min(min(c.r, c.g), c.b);
  float x = max(max(c.r, c.g), c.b);
  if (n < 0.0) c = l + (c - l) * l / (l - n);
  if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
  return c;
}
vec3 bs_setLum(vec3 c, float l) { return bs_clipColor(c + (l - bs_lum(c))); }
float bs_sat(vec3 c) { return max(max(c.r, c.g), c.b) - min(min(c.r, c.g), c.b); }
vec3 bs_setSat(vec3 c, float s) {
  float mx = max(max(c.r, c.g), c.b);
  float mn = min(min(c.r, c.g), c.b);
  if (mx <= mn) return vec3(0.0);
  return (c - mn) * s / (mx - mn);
}
float bs_dodge(float b, float s) { if (b <= 0.0) return 0.0; if (s >= 1.0) return 1.0; return min(1.0, b / (1.0 - s)); }
float bs_burn(float b, float s) { if (b >= 1.0) return 1.0; if (s <= 0.0) return 0.0; return 1.0 - min(1.0, (1.0 - b) / s); }
float bs_hard(float b, float s) { return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0); }
float bs_soft(float b, float s) {
  if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
  float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
  return b + (2.0 * s - 1.0) * (d - b);
}
vec3 bs_blend(int m, vec3 b, vec3 s) {
  if (m == 1) return b * s;
  if (m == 2) return vec3(bs_hard(s.r, b.r), bs_hard(s.g, b.g), bs_hard(s.b, b.b));
  if (m == 3) return min(b, s);
  if (m == 4) return max(b, s);
  if (m == 5) return vec3(bs_dodge(b.r, s.r), bs_dodge(b.g, s.g), bs_dodge(b.b, s.b));
  if (m == 6) return vec3(bs_burn(b.r, s.r), bs_burn(b.g, s.g), bs_burn(b.b, s.b));
  if (m == 7) return vec3(bs_hard(b.r, s.r), bs_hard(b.g, s.g), bs_hard(b.b, s.b));
  if (m == 8) return vec3(bs_soft(b.r, s.r), bs_soft(b.g, s.g), bs_soft(b.b, s.b));
  if (m == 9) return abs(b - s);
  if (m == 10) return b + s - 2.0 * b * s;
  if (m == 11) return bs_setLum(bs_setSat(s, bs_sat(b)), bs_lum(b));
  if (m == 12) return bs_setLum(bs_setSat(b, bs_sat(s)), bs_lum(b));
  if (m == 13) return bs_setLum(s, bs_lum(b));
  return bs_setLum(b, bs_lum(s));
}
`;

/** Layer fragment shader; features switch on with #defines (SOURCE_COLOR, MASK, FILTERS, SHADER_BLEND). */
export const LAYER_FS_BODY = `
precision highp float;
varying vec2 v_uv;
uniform vec2 u_resolution;
uniform float u_opacity;
#ifdef SOURCE_COLOR
uniform vec4 u_color;
#else
uniform sampler2D u_texture;
uniform float u_flipY;
#endif
#ifdef MASK
uniform sampler2D u_mask;
uniform float u_maskInvert;
#endif
#ifdef FILTERS
uniform mat4 u_colorMatrix;
uniform vec4 u_colorOffset;
#endif
#ifdef SHADER_BLEND
uniform sampler2D u_backdrop;
uniform int u_blendMode;
${BLEND_GLSL}
#endif
void main() {
#ifdef SOURCE_COLOR
  vec4 src = u_color;
#else
  vec2 uv = vec2(v_uv.x, u_flipY > 0.5 ? 1.0 - v_uv.y : v_uv.y);
  vec4 src = texture2D(u_texture, uv);
#endif
#ifdef FILTERS
  vec3 straight = src.a > 0.0 ? src.rgb / src.a : vec3(0.0);
  straight = clamp((u_colorMatrix * vec4(straight, 1.0)).rgb + u_colorOffset.rgb, 0.0, 1.0);
  src = vec4(straight * src.a, src.a);
#endif
  float k = u_opacity;
#ifdef MASK
  vec4 m = texture2D(u_mask, gl_FragCoord.xy / u_resolution);
  float lum = dot(m.rgb, vec3(0.2126, 0.7152, 0.0722));
  k *= u_maskInvert > 0.5 ? 1.0 - lum : lum;
#endif
  src *= k;
#ifdef SHADER_BLEND
  vec4 dst = texture2D(u_backdrop, gl_FragCoord.xy / u_resolution);
  vec3 cs = src.a > 0.0 ? src.rgb / src.a : vec3(0.0);
  vec3 cb = dst.a > 0.0 ? dst.rgb / dst.a : vec3(0.0);
  vec3 mixed = bs_blend(u_blendMode, cb, cs);
  vec3 co = src.rgb * (1.0 - dst.a) + dst.rgb * (1.0 - src.a) + src.a * dst.a * clamp(mixed, 0.0, 1.0);
  gl_FragColor = vec4(co, src.a + dst.a * (1.0 - src.a));
#else
  gl_FragColor = src;
#endif
}
`;

/** Full-screen pass vertex shader (clip-space triangle). */
export const FULLSCREEN_VS = `
attribute vec2 a_position;
varying vec2 v_uv;
void main() {
  v_uv = a_position * 0.5 + 0.5;
  gl_Position = vec4(a_position, 0.0, 1.0);
}
`;

/** Max taps per side of the separable feather blur. */
export const BLUR_TAPS = 16;

/** One direction of a Gaussian blur (sigma = radius / 2) for feathered mask edges. */
export const BLUR_FS = `
precision highp float;
varying vec2 v_uv;
uniform sampler2D u_texture;
uniform vec2 u_step;
uniform float u_radius;
void main() {
  float sigma = max(u_radius * 0.5, 0.001);
  vec4 sum = vec4(0.0);
  float total = 0.0;
  for (int i = -${BLUR_TAPS}; i <= ${BLUR_TAPS}; i++) {
    float d = float(i) * max(u_radius / ${BLUR_TAPS}.0, 1.0);
    if (abs(d) > u_radius) continue;
    float w = exp(-0.5 * d * d / (sigma * sigma));
    sum += texture2D(u_texture, v_uv + u_step * d) * w;
    total += w;
  }
  gl_FragColor = sum / total;
}
`;
