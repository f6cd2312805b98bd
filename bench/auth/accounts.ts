/** The account the burst attacks, and the one signed in to from elsewhere meanwhile. */
export const benchAuthAccounts = {
  attacked: { email: 'attacked@example.com', password: 'the attacked password' },
  owner: { email: 'owner@example.com', password: 'the owner password' },
}
