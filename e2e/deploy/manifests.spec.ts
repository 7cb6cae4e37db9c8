/**
 * The deployment files stay in step with the repo: every deployable (the gateway and each folder under services/ with a
 * package.json) must run in docker-compose.yml and in k8s/ from the one image of ./Dockerfile. A new service folder
 * fails this test until it is added to both. No Docker or cluster is needed: the files are parsed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = resolve(__dirname, '../..');
const NAMESPACE = 'jarvis';

/** Every variable the design's configuration table names (DESIGN.md), minus optional *_BASE_URL overrides. */
const REQUIRED_ENV = [
  'NODE_ENV',
  'DATABASE_URL',
  'REDIS_URL',
  'NATS_URL',
  'NATS_SUBJECT_PREFIX',
  'REDIS_PREFIX',
  'LOG_LEVEL',
  'PUBLIC_URL',
  'SESSION_SECRET',
  'ENCRYPTION_KEY',
  'OPENAI_API_KEY',
  'OPENAI_MODEL',
  'OPENAI_MODEL_ENTERPRISE',
  'OPENAI_VISION_MODEL',
  'OPENAI_TTS_MODEL',
  'OPENAI_STT_MODEL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_PHONE_NUMBER',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PREMIUM',
  'STRIPE_PRICE_ENTERPRISE',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_OAUTH_BASE_URL',
  'GOOGLE_API_BASE_URL',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'ELEVENLABS_API_KEY',
  'PERPLEXITY_API_KEY',
  'OPENWEATHER_API_KEY',
  'TICKETMASTER_API_KEY',
  'DISCORD_BOT_TOKEN',
  'DISCORD_CLIENT_SECRET',
  'AUDD_API_TOKEN',
  'SMTP_URL',
  'SUPPORT_EMAIL',
];
/** Credentials: never in the ConfigMap. */
const SECRET_ENV = [
  'DATABASE_URL',
  'SESSION_SECRET',
  'ENCRYPTION_KEY',
  'OPENAI_API_KEY',
  'TWILIO_AUTH_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'VAPID_PRIVATE_KEY',
  'ELEVENLABS_API_KEY',
  'PERPLEXITY_API_KEY',
  'OPENWEATHER_API_KEY',
  'TICKETMASTER_API_KEY',
  'DISCORD_BOT_TOKEN',
  'DISCORD_CLIENT_SECRET',
  'AUDD_API_TOKEN',
  'SMTP_URL',
];

interface Deployable {
  name: string;
  /** The command that starts it, relative to the image's working directory. */
  command: string[];
}

/** The gateway plus every services/<name> that is a workspace package. */
function discoverDeployables(): Deployable[] {
  const services = readdirSync(join(ROOT, 'services'))
    .filter(
      (name) =>
        statSync(join(ROOT, 'services', name)).isDirectory() &&
        existsSync(join(ROOT, 'services', name, 'package.json')),
    )
    .sort();
  return [
    { name: 'gateway', command: ['node', 'gateway/dist/main.js'] },
    ...services.map((name) => ({ name, command: ['node', `services/${name}/dist/main.js`] })),
  ];
}

type Obj = Record<string, any>;

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

function asCommand(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.trim().split(/\s+/);
  return [];
}

const deployables = discoverDeployables();

describe('deployables discovered from the repo', () => {
  it('finds the gateway and the seven services of the design', () => {
    const names = deployables.map((d) => d.name);
    expect(names).toContain('gateway');
    for (const name of ['chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'])
      expect(names).toContain(name);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = [...dockerfile.matchAll(/^FROM\s+\S+(?:\s+AS\s+(\S+))?/gim)];

  it('is multi-stage, ends in a non-root runtime whose default process is the gateway', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const last = dockerfile.slice(stages.at(-1)!.index);
    expect(last).toMatch(/^USER\s+(?!root\b|0\b)\S+/m);
    expect(last).toMatch(/NODE_ENV=production/);
    const cmd = last.match(/^CMD\s+(\[.*\])\s*$/m);
    expect(cmd, 'exec-form CMD in the last stage').toBeTruthy();
    expect(JSON.parse(cmd![1])).toEqual(['node', 'gateway/dist/main.js']);
  });

  it('builds everything with nx and ships the services probe', () => {
    expect(dockerfile).toMatch(/nx run-many -t build/);
    expect(dockerfile).toMatch(/k8s\/probe\/nats-health\.cjs/);
    expect(existsSync(join(ROOT, 'k8s/probe/nats-health.cjs'))).toBe(true);
  });

  it('has a .dockerignore that keeps node_modules, build output and .env out of the context', () => {
    const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '.env', '.git']) expect(ignore).toContain(entry);
  });
});

describe('docker-compose.yml', () => {
  let compose: Obj;
  beforeAll(() => {
    compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Obj;
  });

  it('runs postgres with a volume and a healthcheck, redis, and nats with JetStream', () => {
    const { postgres, redis, nats } = compose.services;
    expect(postgres.image).toMatch(/^postgres:1[67]/);
    expect(postgres.volumes?.length).toBeGreaterThan(0);
    expect(postgres.healthcheck?.test).toBeTruthy();
    expect(redis.image).toMatch(/^redis:7/);
    expect(nats.image).toMatch(/^nats:2/);
    const natsArgs = asCommand(nats.command);
    expect(natsArgs).toContain('-js');
    expect(natsArgs).toContain('-sd');
    expect(nats.volumes?.length).toBeGreaterThan(0);
  });

  it.each(deployables)('runs $name from the one Dockerfile with its own command', ({ name, command }) => {
    const service = compose.services[name];
    expect(service, `compose service "${name}"`).toBeTruthy();
    const build = typeof service.build === 'string' ? { context: service.build } : service.build;
    expect(build, `${name} is built from ./Dockerfile`).toBeTruthy();
    expect(resolve(ROOT, build.context ?? '.')).toBe(ROOT);
    expect(build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
    expect(asCommand(service.command)).toEqual(command);
    expect(service.environment?.SERVICE_NAME).toBe(name);
    expect(service.environment?.NODE_ENV).toBe('production');
    for (const infra of ['postgres', 'redis', 'nats'])
      expect(service.depends_on?.[infra]?.condition).toBe('service_healthy');
    const envFiles = (service.env_file ?? []) as Obj[];
    expect(
      envFiles.some((f) => f.path === '.env' && f.required === false),
      `${name} reads an optional .env`,
    ).toBe(true);
  });

  it('builds every Jarvis process from the same image', () => {
    const images = new Set(deployables.map(({ name }) => compose.services[name]?.image));
    expect(images.size).toBe(1);
  });

  it('publishes the gateway on port 3000 and scales telephony', () => {
    expect((compose.services.gateway.ports as string[]).some((p) => String(p).endsWith(':3000'))).toBe(true);
    expect(compose.services.telephony.deploy?.replicas).toBeGreaterThanOrEqual(2);
  });

  it.each(deployables)("serves $name's GET /metrics on the port named metrics (9464), only on the host's loopback", ({ name }) => {
    const service = compose.services[name];
    expect(String(service.environment?.METRICS_PORT)).toBe('9464');
    const metrics = ((service.ports ?? []) as (string | Obj)[]).filter((p): p is Obj => typeof p === 'object' && p.name === 'metrics');
    expect(metrics, `${name}'s metrics port`).toEqual([{ name: 'metrics', target: 9464, host_ip: '127.0.0.1' }]);
    // A fixed host port would stop a second replica (docker compose up --scale) from starting.
    expect(metrics[0].published).toBeUndefined();
  });
});

describe('k8s/', () => {
  const docs: Obj[] = [];
  const files: Record<string, string> = {};
  beforeAll(() => {
    for (const file of yamlFiles(join(ROOT, 'k8s'))) {
      for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
        expect(doc.errors, file).toEqual([]);
        const value = doc.toJS() as Obj | null;
        if (value && value.kind && value.kind !== 'Kustomization') {
          docs.push(value);
          files[`${value.kind}/${value.metadata?.name}`] = relative(ROOT, file);
        }
      }
    }
  });
  const find = (kind: string, name?: string) =>
    docs.filter((d) => d.kind === kind && (name === undefined || d.metadata?.name === name));
  const one = (kind: string, name: string) => {
    const found = find(kind, name);
    expect(found, `${kind} ${name}`).toHaveLength(1);
    return found[0];
  };

  it('has the namespace, a ConfigMap and a Secret template', () => {
    expect(find('Namespace', NAMESPACE)).toHaveLength(1);
    expect(find('ConfigMap')).toHaveLength(1);
    expect(find('Secret')).toHaveLength(1);
    expect(files[`Secret/${find('Secret')[0].metadata.name}`]).toBe('k8s/secret.template.yaml');
    for (const doc of docs.filter((d) => d.kind !== 'Namespace'))
      expect(doc.metadata?.namespace, `${doc.kind} ${doc.metadata?.name}`).toBe(NAMESPACE);
  });

  it('puts every configuration variable in the ConfigMap or the Secret, and credentials only in the Secret', () => {
    const config = find('ConfigMap')[0].data as Obj;
    const secret = find('Secret')[0];
    const secretKeys = Object.keys({ ...secret.stringData, ...secret.data });
    for (const name of REQUIRED_ENV) expect(name in config || secretKeys.includes(name), name).toBe(true);
    for (const name of SECRET_ENV) {
      expect(secretKeys, name).toContain(name);
      expect(config, name).not.toHaveProperty(name);
    }
    expect(config.NODE_ENV).toBe('production');
  });

  it.each(deployables)(
    'runs $name as a Deployment of the one image with its command, config and secrets',
    ({ name, command }) => {
      const deployment = one('Deployment', name);
      expect(deployment.metadata.namespace).toBe(NAMESPACE);
      const containers = deployment.spec.template.spec.containers as Obj[];
      expect(containers).toHaveLength(1);
      const [container] = containers;
      expect(container.image).toMatch(/^jarvis(:|$)/);
      expect(asCommand(container.command)).toEqual(command);
      expect(container.livenessProbe, `${name} liveness`).toBeTruthy();
      expect(container.readinessProbe, `${name} readiness`).toBeTruthy();
      expect(container.env?.find((e: Obj) => e.name === 'SERVICE_NAME')?.value).toBe(name);
      const selector = deployment.spec.selector.matchLabels as Obj;
      for (const [key, value] of Object.entries(selector))
        expect(deployment.spec.template.metadata.labels[key]).toBe(value);
      if (name !== 'gateway') {
        const probe = asCommand(container.livenessProbe.exec?.command);
        expect(probe).toEqual(['node', 'k8s/probe/nats-health.cjs', name]);
      }
    },
  );

  it('reads every environment variable of every Deployment from the ConfigMap or the Secret', () => {
    const configName = find('ConfigMap')[0].metadata.name;
    const config = find('ConfigMap')[0].data as Obj;
    const secret = find('Secret')[0];
    const secretKeys = Object.keys({ ...secret.stringData, ...secret.data });
    for (const deployment of find('Deployment')) {
      for (const container of deployment.spec.template.spec.containers as Obj[]) {
        const where = `${deployment.metadata.name}/${container.name}`;
        const refs = (container.envFrom ?? []) as Obj[];
        expect(refs.map((r) => r.configMapRef?.name).filter(Boolean), where).toEqual([configName]);
        expect(refs.map((r) => r.secretRef?.name).filter(Boolean), where).toEqual([secret.metadata.name]);
        for (const env of (container.env ?? []) as Obj[]) {
          if (env.name === 'SERVICE_NAME') continue; // which process this is: set per Deployment, not configuration
          const cm = env.valueFrom?.configMapKeyRef;
          const sk = env.valueFrom?.secretKeyRef;
          expect(cm || sk, `${where} ${env.name} comes from the ConfigMap or the Secret`).toBeTruthy();
          if (cm) expect(cm.name === configName && cm.key in config, `${where} ${env.name}`).toBe(true);
          if (sk)
            expect(
              sk.name === secret.metadata.name && secretKeys.includes(sk.key),
              `${where} ${env.name}`,
            ).toBe(true);
        }
      }
    }
  });

  it('exposes the gateway through a Service and an Ingress', () => {
    const deployment = one('Deployment', 'gateway');
    const port = (deployment.spec.template.spec.containers[0].ports as Obj[])[0];
    expect(port.containerPort).toBe(3000);
    const services = find('Service').filter(
      (s) =>
        Object.entries(s.spec.selector ?? {}).every(
          ([k, v]) => deployment.spec.template.metadata.labels[k] === v,
        ) && s.spec.selector,
    );
    const gatewayServices = services.filter((s) => s.metadata.name === 'gateway');
    expect(gatewayServices).toHaveLength(1);
    const servicePorts = gatewayServices[0].spec.ports as Obj[];
    expect(servicePorts.some((p) => p.targetPort === 3000 || p.targetPort === port.name)).toBe(true);
    const ingresses = find('Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const backends = ingresses.flatMap((i) =>
      (i.spec.rules as Obj[]).flatMap((r) => (r.http.paths as Obj[]).map((p) => p.backend.service.name)),
    );
    expect(backends).toContain('gateway');
  });

  it('gives telephony its own replica count, scaled by KEDA (observability.spec.ts checks the ScaledObject)', () => {
    const telephony = one('Deployment', 'telephony');
    expect(telephony.spec.replicas).toBeGreaterThanOrEqual(2);
    const scaled = find('ScaledObject').filter((s) => s.spec.scaleTargetRef?.name === 'telephony');
    expect(scaled).toHaveLength(1);
    expect(scaled[0].spec.minReplicaCount).toBe(telephony.spec.replicas);
    expect(scaled[0].spec.maxReplicaCount).toBeGreaterThan(scaled[0].spec.minReplicaCount);
  });

  it('runs Postgres, Redis and NATS with JetStream in the cluster, at the addresses the config names', () => {
    for (const name of ['postgres', 'redis', 'nats']) {
      one('StatefulSet', name);
      one('Service', name);
    }
    const nats = one('StatefulSet', 'nats').spec.template.spec.containers[0];
    expect(asCommand(nats.args)).toContain('-js');
    const config = find('ConfigMap')[0].data as Obj;
    expect(config.NATS_URL).toContain('nats.jarvis.svc');
    expect(config.REDIS_URL).toContain('redis.jarvis.svc');
  });

  it('lists every manifest except the Secret template and the alternatives in kustomization.yaml', () => {
    // A folder listed as a resource is a kustomization of its own (observability/): follow it.
    const listedIn = (dir: string): string[] => {
      const kustomization = parse(readFileSync(join(ROOT, dir, 'kustomization.yaml'), 'utf8')) as Obj;
      return (kustomization.resources as string[]).flatMap((r) => {
        const path = join(dir, r);
        expect(existsSync(join(ROOT, path)), path).toBe(true);
        return statSync(join(ROOT, path)).isDirectory() ? listedIn(path) : [path];
      });
    };
    const listed = new Set(listedIn('k8s'));
    for (const [key, file] of Object.entries(files)) {
      if (key.startsWith('Secret/') || file.startsWith('k8s/alternatives/')) expect(listed.has(file), `${file} must not be applied`).toBe(false);
      else expect(listed.has(file), `${file} (${key}) in kustomization.yaml`).toBe(true);
    }
  });

});
