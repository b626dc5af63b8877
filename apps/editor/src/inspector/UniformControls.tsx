import type { ShaderLayer } from '@beamstage/layers';
import { CheckboxField } from './fields';
import { NumberField } from './NumberField';
import type { LayerSectionProps } from './section-props';
import { hexToRgb, parseUniforms, rgbToHex, uniformJson, uniformValue } from './uniforms';
import type { UniformDecl } from './uniforms';

const COMPONENTS = ['x', 'y', 'z', 'w'] as const;

/**
 * One control per uniform the fragment source declares: float and int numbers (float with a
 * 0..1 slider), vectors as numbers, colour-named vec3/vec4 as a picker, bool as a checkbox;
 * time and resolution are set by the renderer and shown read-only.
 */
export function UniformControls({ layer, update, disabled }: LayerSectionProps<ShaderLayer>) {
  const decls = parseUniforms(layer.content.fragmentSrc);
  const stored = layer.content.uniforms;
  // content.uniforms is what the stage draws; properties.uniforms is the spec's second copy, kept equal.
  const write = (decl: UniformDecl, values: number[]) => {
    const value = uniformJson(decl, values);
    update({ content: { uniforms: { [decl.name]: value } }, properties: { uniforms: { [decl.name]: value } } }, `uniform.${decl.name}`);
  };
  if (decls.length === 0) return <p className="inspector-hint">This shader declares no uniforms.</p>;
  return (
    <div className="inspector-uniforms" data-testid="inspector-uniforms">
      {decls.map((decl) => {
        const values = uniformValue(decl, stored[decl.name]);
        const head = (
          <span className="inspector-uniform__name">
            {decl.name} <small>{decl.type}</small>
          </span>
        );
        switch (decl.control) {
          case 'automatic':
            return (
              <div className="inspector-uniform" key={decl.name}>
                {head}
                <span className="inspector-hint">set by the renderer ({decl.name === 'time' ? 'seconds since start' : 'layer size in px'})</span>
              </div>
            );
          case 'unsupported':
            return (
              <div className="inspector-uniform" key={decl.name}>
                {head}
                <span className="inspector-hint">not editable here</span>
              </div>
            );
          case 'bool':
            return (
              <div className="inspector-uniform" key={decl.name}>
                <CheckboxField label={decl.name} checked={values[0] === 1} disabled={disabled} onChange={(on) => write(decl, [on ? 1 : 0])} />
              </div>
            );
          case 'float':
          case 'int':
            return (
              <div className="inspector-uniform" key={decl.name}>
                {head}
                <div className="inspector-opacity">
                  <NumberField
                    label="="
                    title={decl.name}
                    integer={decl.control === 'int'}
                    step={decl.control === 'int' ? 1 : 0.01}
                    value={values[0] ?? 0}
                    disabled={disabled}
                    onCommit={(v) => write(decl, [v])}
                  />
                  {decl.control === 'float' ? (
                    <input
                      type="range"
                      aria-label={`${decl.name} slider`}
                      min={Math.min(0, values[0] ?? 0)}
                      max={Math.max(1, values[0] ?? 0)}
                      step={0.01}
                      value={values[0] ?? 0}
                      disabled={disabled}
                      onChange={(e) => write(decl, [Number(e.target.value)])}
                    />
                  ) : null}
                </div>
              </div>
            );
          case 'color':
            return (
              <div className="inspector-uniform" key={decl.name}>
                {head}
                <div className="inspector-grid">
                  <input
                    type="color"
                    aria-label={`${decl.name} colour`}
                    value={rgbToHex(values)}
                    disabled={disabled}
                    onChange={(e) => {
                      const rgb = hexToRgb(e.target.value);
                      if (rgb) write(decl, decl.size === 4 ? [...rgb, values[3] ?? 1] : rgb);
                    }}
                  />
                  {decl.size === 4 ? (
                    <NumberField
                      label="A"
                      title={`${decl.name} alpha`}
                      min={0}
                      max={1}
                      step={0.01}
                      value={values[3] ?? 1}
                      disabled={disabled}
                      onCommit={(a) => write(decl, [values[0] ?? 0, values[1] ?? 0, values[2] ?? 0, a])}
                    />
                  ) : null}
                </div>
              </div>
            );
          case 'vector':
            return (
              <div className="inspector-uniform" key={decl.name}>
                {head}
                <div className="inspector-grid">
                  {values.map((v, i) => (
                    <NumberField
                      key={COMPONENTS[i]}
                      label={COMPONENTS[i] ?? String(i)}
                      title={`${decl.name}.${COMPONENTS[i]}`}
                      integer={decl.type.startsWith('i')}
                      step={decl.type.startsWith('i') ? 1 : 0.01}
                      value={v}
                      disabled={disabled}
                      onCommit={(nv) =>
                        write(
                          decl,
                          values.map((old, j) => (j === i ? nv : old)),
                        )
                      }
                    />
                  ))}
                </div>
              </div>
            );
        }
      })}
    </div>
  );
}
