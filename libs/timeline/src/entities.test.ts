import { describe, expect, it } from 'vitest';
import { createKeyframe, isAnimatableProperty } from './keyframe';
import { createMarker } from './marker';
import { createTimelineScene, placeTimelineScene, placeTimelineSceneStart } from './timeline-scene';
import { createTransition, isTransitionActive } from './transition';
import { contentDuration, createEmptyTimelineData } from './timeline-data';

describe('timeline entities', () => {
  it('keyframes default to smooth easing', () => {
    const k = createKeyframe({ id: 'k1', layerId: 'l1', property: 'x', time: 10, value: 5 });
    expect(k).toEqual({ id: 'k1', layerId: 'l1', property: 'x', time: 10, value: 5, easing: 'smooth' });
    const withRef = createKeyframe({ id: 'k2', layerId: 'l1', property: 'x', time: 0, value: 1, sceneReference: { type: 'scene-property', sceneId: 's1' } });
    expect(withRef.sceneReference).toEqual({ type: 'scene-property', sceneId: 's1' });
  });

  it('knows the animatable properties of spec section 3', () => {
    for (const p of ['position', 'x', 'y', 'scale', 'scaleX', 'scaleY', 'rotation', 'opacity', 'visible', 'warp']) expect(isAnimatableProperty(p)).toBe(true);
    expect(isAnimatableProperty('width')).toBe(false);
  });

  it('scene entries default to 1000 ms', () => {
    expect(createTimelineScene({ id: 'e', sceneId: 's', startTime: 0, created: 7 })).toEqual({
      id: 'e',
      sceneId: 's',
      startTime: 0,
      duration: 1000,
      metadata: { created: 7, modified: 7 },
    });
  });

  it('transitions default to start 0, 1000 ms, smooth, and list their animated properties', () => {
    const t = createTransition({
      id: 't',
      timestamp: 1,
      animations: [
        { layerId: 'a', propertyName: 'opacity', from: 0, to: 1, fromSceneId: 's1', toSceneId: 's2' },
        { layerId: 'b', propertyName: 'opacity', from: 0, to: 1, fromSceneId: 's1', toSceneId: 's2' },
      ],
    });
    expect(t).toMatchObject({ startTime: 0, duration: 1000, easing: 'smooth', animatedProperties: ['opacity'] });
    expect(isTransitionActive(t, 0)).toBe(true);
    expect(isTransitionActive(t, 999)).toBe(true);
    expect(isTransitionActive(t, 1000)).toBe(false);
  });

  it('markers default to #ff4444', () => {
    expect(createMarker({ id: 'm', name: 'Drop', time: 5, created: 3 })).toEqual({
      id: 'm',
      name: 'Drop',
      time: 5,
      color: '#ff4444',
      metadata: { created: 3 },
    });
  });

  it('placement moves the start to the end of the overlapping entry', () => {
    const a = createTimelineScene({ id: 'a', sceneId: 's', startTime: 0, duration: 1000, created: 0 });
    const b = createTimelineScene({ id: 'b', sceneId: 's', startTime: 1000, duration: 500, created: 0 });
    expect(placeTimelineSceneStart([a], 500, 1000)).toBe(1000);
    // Moving past a lands on b, so it moves again past b.
    expect(placeTimelineSceneStart([b, a], 200, 1000)).toBe(1500);
    // Touching is not overlapping.
    expect(placeTimelineSceneStart([a], 1000, 1000)).toBe(1000);
    // A free slot stays where it is.
    expect(placeTimelineSceneStart([b], 0, 1000)).toBe(0);
    // The moved entry itself is not an obstacle.
    const moved = { ...a, startTime: 100 };
    expect(placeTimelineScene([a, b], moved).startTime).toBe(1500);
    expect(placeTimelineScene([b], a)).toBe(a);
  });

  it('content duration is the latest content end, capped at the duration, or the duration when empty', () => {
    const data = createEmptyTimelineData();
    expect(contentDuration(data)).toBe(30000);
    data.keyframes.push(createKeyframe({ id: 'k', layerId: 'l', property: 'x', time: 4000, value: 1 }));
    expect(contentDuration(data)).toBe(4000);
    data.timelineScenes.push(createTimelineScene({ id: 'e', sceneId: 's', startTime: 4500, duration: 1000, created: 0 }));
    expect(contentDuration(data)).toBe(5500);
    data.sceneTransitions.push(createTransition({ id: 't', timestamp: 0, startTime: 40000 }));
    expect(contentDuration(data)).toBe(30000);
  });
});
