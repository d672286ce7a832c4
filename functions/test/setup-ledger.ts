// Every API test file ends with check:ledger's proofs (hardening issue): whatever a file did to
// balances, every balance still equals its ledger, unplayed coins stay within funds, and nothing
// was released or refunded twice. A finding fails that file.
import { afterAll } from 'vitest';
import { checkLedger } from './helpers';

afterAll(checkLedger);
