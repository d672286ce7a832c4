// npm run admin:grant -- <email> [--revoke] [--production]
// Gives (or takes away) the platform-admin custom claim, and the admins' roster entry beside it
// (record 126: the roster is who hears of a battle waiting for an admin). Against the local emulators
// by default; with --production it uses the application default credentials of a real project.
import { adminForEmulators } from './lib/emulator-admin';

const args = process.argv.slice(2);
const email = args.find((arg) => !arg.startsWith('--'));
if (!email) {
  console.error('usage: npm run admin:grant -- <email> [--revoke] [--production]');
  process.exit(2);
}
const { auth } = adminForEmulators({ production: args.includes('--production') });
// Imported after the environment is set so the functions code talks to the chosen project.
const { setPlatformAdmin } = await import('../functions/src/users/admins');
const user = await auth.getUserByEmail(email).catch(() => null);
if (!user) {
  console.error(`no user with the e-mail ${email}`);
  process.exit(1);
}
const admin = !args.includes('--revoke');
await setPlatformAdmin(user.uid, admin, Date.now());
console.log(`${email} is ${admin ? 'now' : 'no longer'} a platform admin (they must sign in again to pick it up).`);
