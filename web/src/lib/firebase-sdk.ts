// What the always-loaded shell uses of Firebase, behind one dynamic import (see firebase-lazy.ts).
export { appCheckToken, auth, db, onAppCheckToken } from './firebase';
export { onIdTokenChanged, signInWithEmailAndPassword, signOut } from 'firebase/auth';
export { collection, doc, limit, onSnapshot, orderBy, query, setDoc, where } from 'firebase/firestore';
// Lists read from the server's first answer on (record 112).
export { onQueryAnswer } from './server-snapshot';
