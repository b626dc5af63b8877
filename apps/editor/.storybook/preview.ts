import type { Preview } from '@storybook/react-vite';
import '../../../libs/ui/src/base.css';
import '../src/shell/app-chrome.css';
import '../src/shell/dialog.css';
import '../src/auth/auth.css';
import '../src/dashboard/dashboard-page.css';
import '../src/workspace/editor-page.css';
import '../src/workspace/workspace.css';

const preview: Preview = {
  parameters: {
    backgrounds: { disable: true },
    controls: { matchers: { color: /(background|color)$/i } },
  },
  decorators: [
    (Story) => {
      document.documentElement.dataset['theme'] = 'lumencore2';
      return Story();
    },
  ],
};

export default preview;
