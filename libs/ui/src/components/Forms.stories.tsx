import { Badge, Card } from './Card';
import { Button } from './Button';
import { TextField } from './TextField';

export default { title: 'UI/Forms and cards' };

export const ProjectCard = {
  render: () => (
    <div style={{ maxWidth: 320 }}>
      <Card interactive>
        <h3 style={{ margin: '0 0 6px' }}>Cathedral facade</h3>
        <p style={{ margin: '0 0 12px', color: 'var(--bs-text-dim)' }}>Edited 2 hours ago</p>
        <Badge tone="live">Published</Badge> <Badge tone="muted">Owner</Badge>
      </Card>
    </div>
  ),
};

export const Fields = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 320 }}>
      <TextField label="Project name" defaultValue="Untitled Project" />
      <TextField label="E-mail" type="email" hint="We never share it." />
      <TextField label="Password" type="password" error="Password must be at least 8 characters" />
      <Button variant="primary">Save</Button>
    </div>
  ),
};
