import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';

// Denied writes are the point of these tests; the SDK would log each one.
setLogLevel('silent');

/** Loads the real firestore.rules; each test starts from an empty database. */
export function useRulesEnvironment(): () => RulesTestEnvironment {
  let environment: RulesTestEnvironment;
  beforeAll(async () => {
    environment = await initializeTestEnvironment({
      projectId: 'demo-versus-rules',
      firestore: { rules: readFileSync('firestore.rules', 'utf8'), host: '127.0.0.1', port: 8080 },
    });
  });
  beforeEach(async () => environment.clearFirestore());
  afterAll(async () => environment.cleanup());
  return () => environment;
}

/** The four callers every collection is tested against. */
export const actors = (environment: RulesTestEnvironment) => ({
  anonymous: environment.unauthenticatedContext().firestore(),
  owner: environment.authenticatedContext('alice', { email_verified: true }).firestore(),
  other: environment.authenticatedContext('bob', { email_verified: true }).firestore(),
  admin: environment.authenticatedContext('root', { admin: true }).firestore(),
});

export const seed = async (environment: RulesTestEnvironment, documents: Record<string, Record<string, unknown>>) =>
  environment.withSecurityRulesDisabled(async (context) => {
    for (const [path, data] of Object.entries(documents)) await context.firestore().doc(path).set(data);
  });
