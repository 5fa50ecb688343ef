// Kept for the importers outside auth and system (seed, tests, orders, payments, recovery):
// password hashing moved to shared/ so that system hashes without importing auth.
export { decoyPasswordHash, hashPassword, md5Hex, verifyPassword } from '../../shared/passwords.js';
