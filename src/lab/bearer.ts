/** The token of an `Authorization: Bearer <token>` header (spec 5), the scheme matched case-insensitively (RFC 9110 11.1). */
export function bearerToken(header: string | undefined): string | undefined {
  return header?.match(/^bearer (\S+)$/i)?.[1];
}
