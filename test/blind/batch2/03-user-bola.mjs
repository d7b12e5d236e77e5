// 03-user-bola
// Defect: GET /users/{user_id} looks the user up by id alone, so any caller can read another caller's user (BOLA).
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ prefix: '/api/v2', faults: { globalUserGet: true } });
}
