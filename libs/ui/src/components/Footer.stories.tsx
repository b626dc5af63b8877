import { Footer } from './Footer';

export default { title: 'UI/Footer', component: Footer, parameters: { layout: 'fullscreen' } };

export const Default = {};
export const FixedYear = { args: { year: 2026 } };
