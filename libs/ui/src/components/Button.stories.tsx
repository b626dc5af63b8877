import { Button, LinkButton } from './Button';

export default { title: 'UI/Button', component: Button };

export const Primary = { args: { variant: 'primary', children: 'New project' } };
export const Secondary = { args: { variant: 'secondary', children: 'Open projector' } };
export const Ghost = { args: { variant: 'ghost', children: 'Cancel' } };
export const Danger = { args: { variant: 'danger', children: 'Delete' } };
export const Large = { args: { variant: 'primary', size: 'lg', children: 'Start mapping free' } };
export const AsLink = {
  render: () => (
    <LinkButton variant="primary" href="#">
      Read the docs
    </LinkButton>
  ),
};
