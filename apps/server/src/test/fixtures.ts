/** The Authorization header for an access token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
