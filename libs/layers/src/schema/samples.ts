// Sample content for new layers (spec section 3, default content by type).

export const SAMPLE_HTML = `<div style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;font-family:sans-serif;color:#fff;background:linear-gradient(135deg,#6a00ff,#00d4ff)">
  <h1>Hello, Beamstage</h1>
</div>`;

export const SAMPLE_VERTEX_SHADER = `attribute vec2 position;
varying vec2 vUv;
void main() {
  vUv = position * 0.5 + 0.5;
  gl_Position = vec4(position, 0.0, 1.0);
}`;

export const SAMPLE_FRAGMENT_SHADER = `precision mediump float;
uniform float time;
uniform vec2 resolution;
varying vec2 vUv;
void main() {
  vec2 uv = gl_FragCoord.xy / resolution;
  vec3 color = 0.5 + 0.5 * cos(time + uv.xyx + vec3(0.0, 2.0, 4.0));
  gl_FragColor = vec4(color, 1.0);
}`;

export const SAMPLE_P5_SKETCH = `function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(0);
  fill(255);
  circle(width / 2 + sin(frameCount * 0.05) * 50, height / 2, 40);
}`;
