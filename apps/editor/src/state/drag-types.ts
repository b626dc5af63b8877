/** The drag-and-drop type a scene travels under from the Scenes panel to the timeline's scene track. */
export const SCENE_DRAG_TYPE = 'application/x-beamstage-scene';
