/**
 * Public ids: the short, URL-safe ids in every URL (`/collection/{id}`, `/user/{id}`, …); they
 * never change. Internal ids never leave the data layer.
 */
import crypto from 'node:crypto';

/** A fresh random public id: 10 base64url characters (60 random bits). */
export function newPublicId(): string {
  return crypto.randomBytes(8).toString('base64url').slice(0, 10);
}
