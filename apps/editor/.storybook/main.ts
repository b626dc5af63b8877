import type { StorybookConfig } from '@storybook/react-vite';

// Stories of every React project: apps/*/src and libs/*/src.
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx', '../../!(editor)/src/**/*.stories.tsx', '../../../libs/*/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    // The app's router plugin regenerates route files; Storybook needs none of it, nor the app base.
    const plugins = (viteConfig.plugins ?? []).flat().filter((p) => !(p && typeof p === 'object' && 'name' in p && String(p.name).startsWith('tanstack')));
    return { ...viteConfig, base: './', plugins };
  },
};

export default config;
