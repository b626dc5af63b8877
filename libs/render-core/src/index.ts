export { createGl2Context } from './context';
