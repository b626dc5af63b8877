import type { FastifyInstance } from 'fastify';
import { signTestToken } from './test-app';

/** A signed-in test user: its token header and users.id (created by calling /api/me). */
export interface TestUser {
  sub: string;
  email: string;
  id: string;
  headers: { authorization: string };
}

/** Signs a token for `sub` and makes sure its users row exists. */
export async function makeUser(app: FastifyInstance, sub: string): Promise<TestUser> {
  const email = `${sub}@example.test`;
  const headers = { authorization: `Bearer ${await signTestToken(app, { sub, email, name: sub })}` };
  const me = await app.inject({ url: '/api/me', headers });
  if (me.statusCode !== 200) throw new Error(`makeUser ${sub}: ${me.statusCode} ${me.body}`);
  return { sub, email, id: me.json().id, headers };
}

/** A small valid project body with two image layers, a scene and keyframes. */
export function sampleProjectBody(name = 'Stage A') {
  const layer = (id: string, x: number) => ({
    id,
    type: 'image',
    name: `Image ${id}`,
    visible: true,
    opacity: 1,
    locked: false,
    blendMode: 'normal',
    x,
    y: 300,
    width: 200,
    height: 200,
    content: { src: 'https://example.test/a.png' },
    properties: { fitMode: 'contain' },
  });
  return {
    version: '1.0',
    name,
    description: 'A test stage',
    canvas: { width: 800, height: 600, background: '#000000', blendMode: 'normal' },
    layers: [layer('layer_a', 300), layer('layer_b', 500)],
    scenes: [{ id: 'scene_1', name: 'Primary', layers: [] }],
    timeline: {
      duration: 30000,
      fps: 30,
      keyframes: [
        { id: 'kf_1', layerId: 'layer_a', property: 'x', time: 0, value: 300, easing: 'linear' },
        { id: 'kf_2', layerId: 'layer_b', property: 'x', time: 1000, value: 500, easing: 'linear' },
      ],
      timelineScenes: [{ id: 'ts_1', sceneId: 'scene_1', startTime: 0, duration: 1000 }],
      markers: [],
      sceneTransitions: [],
    },
  };
}
