// npm run creator:grant -- <email> <CODE> [--production]
// npm run creator:grant -- <email> --revoke [--production]
// Makes a user a creator with a unique creator code (or deactivates their code; earnings already
// in their creator balance stay redeemable). Against the local emulators unless --production.
import { adminForEmulators } from './lib/emulator-admin';

const args = process.argv.slice(2);
const [email, code] = args.filter((arg) => !arg.startsWith('--'));
const revoke = args.includes('--revoke');
if (!email || (!code && !revoke)) {
  console.error('usage: npm run creator:grant -- <email> <CODE> | <email> --revoke  [--production]');
  process.exit(2);
}
const { auth } = adminForEmulators({ production: args.includes('--production') });
// Imported after the environment is set so the functions code talks to the same project.
const { setCreatorCode } = await import('../functions/src/creators/service');
const user = await auth.getUserByEmail(email).catch(() => null);
if (!user) {
  console.error(`no user with the e-mail ${email}`);
  process.exit(1);
}
try {
  const result = await setCreatorCode(user.uid, revoke ? null : code!, Date.now());
  console.log(
    result.code
      ? `${email} is a creator with the code ${result.code}.`
      : `${email} no longer has an active creator code.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
