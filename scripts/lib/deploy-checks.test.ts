import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// npm run deploy's checks before it builds anything (issue #58): a secret in an environment file
// is refused, naming the command that puts it in Secret Manager instead.
const root = join(import.meta.dirname, '..', '..');
const project = 'versus-deploy-check';
const envFile = join(root, 'functions', `.env.${project}`);
const deploy = () =>
  spawnSync('node', ['scripts/deploy.mjs', '--project', project, '--dry-run'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      VITE_USE_EMULATORS: 'false',
      VITE_FIREBASE_API_KEY: 'key',
      VITE_FIREBASE_AUTH_DOMAIN: 'versus.example',
      VITE_FIREBASE_PROJECT_ID: project,
      VITE_PAYPAL_CLIENT_ID: 'client',
      VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: 'site-key',
    },
  });

describe('npm run deploy', () => {
  afterEach(() => rmSync(envFile, { force: true }));

  it('refuses a secret in an environment file, before building, and says how to set it', () => {
    writeFileSync(
      envFile,
      'PAYPAL_API_BASE=https://api-m.paypal.com\nPAYPAL_CLIENT_SECRET=oops\nRIOT_API_KEY = also\n',
    );
    const run = deploy();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`functions/.env.${project} sets PAYPAL_CLIENT_SECRET, RIOT_API_KEY`);
    expect(run.stderr).toContain(`npx firebase functions:secrets:set PAYPAL_CLIENT_SECRET --project ${project}`);
    expect(run.stdout).not.toContain('checking (dry run)');
  });

  it('refuses a demo project and a missing web setting', () => {
    expect(spawnSync('node', ['scripts/deploy.mjs', '--project', 'demo-versus'], { cwd: root }).status).toBe(2);
    const run = spawnSync('node', ['scripts/deploy.mjs', '--project', project], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '' },
    });
    expect(run.status).toBe(2);
  });
});
