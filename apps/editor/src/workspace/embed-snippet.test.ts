import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet';

describe('embedSnippet', () => {
  it('names the studio player script and the project', () => {
    expect(embedSnippet('https://studio.example', 'proj_1_abc')).toBe(
      '<script type="module" src="https://studio.example/embed/player.js"></script>\n<beamstage-player project="proj_1_abc" autoplay muted loop></beamstage-player>',
    );
  });

  it('escapes attribute values', () => {
    expect(embedSnippet('http://localhost:3000', 'a"b<c&d')).toContain('project="a&quot;b&lt;c&amp;d"');
  });
});
