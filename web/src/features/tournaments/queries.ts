import { doc, type Firestore } from 'firebase/firestore';

export const tournamentDoc = (db: Firestore, id: string) => doc(db, 'tournaments', id);
