import type { DocPage } from './doc-pages';

// "Self-hosting": one machine with the embedded parts, then past one machine (nginx in front of
// several api instances on PostgreSQL and S3, deploy/ in the repository), and backups.

const ENV_VARS: readonly (readonly [string, string, string])[] = [
  ['PORT', '3000', 'The studio’s port.'],
  ['SANDBOX_PORT', 'PORT+1', 'The sandbox origin where user code (HTML, p5.js, AI code) runs.'],
  ['HOST', 'localhost', 'The address the studio listens on (0.0.0.0 in a container).'],
  ['DATA_DIR', './data', 'Embedded database, object files and the lock file (with PostgreSQL and S3: only the lock file).'],
  ['PUBLIC_ORIGIN', 'http://localhost:PORT', 'The origin users reach, when behind a proxy.'],
  ['SANDBOX_ORIGIN', 'http://127.0.0.1:SANDBOX_PORT', 'The sandbox’s public origin: another site than PUBLIC_ORIGIN.'],
  ['TRUST_PROXY', 'none', 'Proxies in front whose X-Forwarded-For is believed: 1 for one nginx, or their addresses.'],
  ['DATABASE_URL', 'PGlite in DATA_DIR/db', 'PostgreSQL, e.g. postgres://user:pass@host:5432/beamstage. Required with NODE_ENV=production.'],
  [
    'S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION',
    's3rver in DATA_DIR/objects',
    'MinIO, S3 or R2 for media. Required with NODE_ENV=production.',
  ],
  ['AUTH_DOMAIN, AUTH_AUDIENCE, AUTH_CLIENT_ID', 'embedded OpenID provider', 'Auth0 for sign-in.'],
  ['STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_*', 'billing off', 'Stripe billing.'],
  ['AI_BASE_URL, AI_API_KEY, AI_MODEL', 'AI off', 'Any OpenAI-compatible endpoint: OpenAI, Ollama, vLLM, llama.cpp.'],
  ['NODE_ENV', '(unset)', 'production refuses to start on the embedded database or object store (the Docker image sets it).'],
];

export const SELF_HOSTING_PAGE: DocPage = {
  path: 'self-hosting',
  title: 'Self-hosting',
  section: 'Reference',
  body: (
    <>
      <p className="prose__lead">One command runs the whole studio on one machine, with embedded parts you can swap for production services.</p>
      <pre>
        <code>npm install &amp;&amp; npm start</code>
      </pre>
      <p>
        The studio starts at <code>http://localhost:3000</code> and prints a demo account. Data lives under <code>./data</code>: the database, uploaded media
        and a lock file.
      </p>
      <h2>Environment variables</h2>
      <table className="doc-table">
        <thead>
          <tr>
            <th>Variable</th>
            <th>Default</th>
            <th>Meaning</th>
          </tr>
        </thead>
        <tbody>
          {ENV_VARS.map(([name, def, meaning]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>{def}</td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Beyond one machine</h2>
      <p>
        Run any number of api instances on one PostgreSQL (<code>DATABASE_URL</code>) and one S3 bucket (<code>S3_ENDPOINT</code>), each with its own{' '}
        <code>DATA_DIR</code>, behind nginx with the configuration kept in the repository, <code>deploy/nginx/beamstage.conf</code>:
      </p>
      <ul>
        <li>
          Pages and <code>/api</code> requests go round-robin: any instance answers any request (sessions, sign-in keys and sync tickets are in the database).
        </li>
        <li>
          Live rooms open at <code>/sync/&#123;projectId&#125;</code>, and nginx picks the instance by hashing the project id (consistent hashing), so every
          editor, projector and player of a project meets on one instance. The instance still checks the socket’s single-use ticket, and refuses one issued for
          another project.
        </li>
        <li>
          When an instance stops answering, nginx sends its projects to the next instance on the hash ring (only those; the other projects stay where they are).
          Open editors reconnect by themselves; the new instance loads each document from the database, where every edit was stored before it was confirmed as
          saved. When the instance comes back, the next peer of a project that lands there claims the room (a PostgreSQL notification) and the other instance
          hands its sockets over: peers of a project never stay split over two instances.
        </li>
        <li>
          Health: open-source nginx checks instances passively (a refused or timed-out connection takes an instance out for 5 seconds and the request goes to
          the next). Let your orchestrator poll each instance’s <code>/api/health</code> and restart it; an instance whose Automerge or database module dies
          exits by itself.
        </li>
        <li>Websocket upgrades pass through; live sockets time out after two minutes of silence (the studio pings every few seconds); bodies up to 8 MB.</li>
      </ul>
      <p>
        The file is included inside nginx’s <code>http</code> block and reads four small files beside the main <code>nginx.conf</code>:{' '}
        <code>beamstage/instances.conf</code> (one <code>server host:3000 max_fails=1 fail_timeout=5s;</code> line per instance),{' '}
        <code>beamstage/sandbox-instances.conf</code> (their <code>SANDBOX_PORT</code>), and <code>beamstage/listen.conf</code> and{' '}
        <code>beamstage/sandbox-listen.conf</code> (where nginx listens for the studio and the sandbox origin). Set <code>TRUST_PROXY=1</code> on the instances.
        Instances starting together take turns to apply the database migrations.
      </p>
      <h2>Docker Compose</h2>
      <p>
        <code>deploy/compose.yaml</code> runs PostgreSQL, MinIO, two api instances built from the repository’s <code>Dockerfile</code> (Node 20 slim, built web
        apps, a non-root user, <code>npm start</code> with <code>NODE_ENV=production</code>) and nginx with the same configuration file:
      </p>
      <pre>
        <code>{`BEAMSTAGE_HOST=studio.lan BEAMSTAGE_SANDBOX_HOST=192.168.1.20 \\
POSTGRES_PASSWORD=… MINIO_ROOT_USER=beamstage MINIO_ROOT_PASSWORD=… \\
docker compose -f deploy/compose.yaml up -d --build`}</code>
      </pre>
      <p>
        The studio answers at <code>http://BEAMSTAGE_HOST:8080</code>, user code at <code>http://BEAMSTAGE_SANDBOX_HOST:8081</code> (another site). Uploads go
        from the browser straight to MinIO on port 9000 under the same host name, so <code>BEAMSTAGE_HOST</code> must be a name both the browsers and the
        containers reach this machine by, not <code>localhost</code>. Put TLS in front (or in nginx) for anything public.
      </p>
      <h2>Scaling out</h2>
      <p>
        Add instances (<code>api3</code>, … in the compose file, or anywhere that reaches the database and the bucket) and list them in both instance files,
        then reload nginx (<code>nginx -s reload</code>). Only the projects whose place on the hash ring moves change instance, and their peers reconnect there.
        Measure what one instance carries on your hardware with <code>npm run bench:capacity</code> (rooms of 5 editors and a projector dragging at 30 Hz).
      </p>
      <h2>Backups</h2>
      <p>
        Everything a studio holds is in two places: the database (projects and their documents, users, members, plans, sign-in keys) and the object store
        (uploaded media).
      </p>
      <ul>
        <li>
          PostgreSQL: <code>pg_dump --format=custom --file=beamstage.dump "$DATABASE_URL"</code> while the studio runs (a consistent snapshot), plus the bucket
          (<code>mc mirror</code> or <code>aws s3 sync</code>). Restore: stop the instances,{' '}
          <code>pg_restore --clean --if-exists --dbname="$DATABASE_URL" beamstage.dump</code>, copy the bucket back, start them.
        </li>
        <li>
          One machine (<code>DATA_DIR</code>): stop the studio, copy the whole <code>DATA_DIR</code>, start it again. Restore: stop it, put the copy in place of
          the damaged folder, start it; the start-up check reads every table again and names anything damaged.
        </li>
        <li>An edit shown as Saved is in the database, so a backup taken after it holds it.</li>
      </ul>
    </>
  ),
};
