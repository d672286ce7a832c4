// npm run admin:grant -- <email> [--revoke] [--production]
// Gives (or takes away) the platform-admin custom claim. Against the local emulators by default;
// with --production it uses the application default credentials of a real project.
import { adminForEmulators } from './lib/emulator-admin';

const args = process.argv.slice(2);
const email = args.find((arg) => !arg.startsWith('--'));
if (!email) {
  console.error('usage: npm run admin:grant -- <email> [--revoke] [--production]');
  process.exit(2);
}
const { auth } = adminForEmulators({ production: args.includes('--production') });
const user = await auth.getUserByEmail(email).catch(() => null);
if (!user) {
  console.error(`no user with the e-mail ${email}`);
  process.exit(1);
}
const admin = !args.includes('--revoke');
await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin });
console.log(`${email} is ${admin ? 'now' : 'no longer'} a platform admin (they must sign in again to pick it up).`);
