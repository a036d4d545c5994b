/**
 * While the user signs out on purpose, a 401 from the logout call (an already expired session)
 * must not open the "login expired" dialog.
 */
let signingOut = false;

export const sessionState = {
  beginSignOut: () => {
    signingOut = true;
  },
  endSignOut: () => {
    signingOut = false;
  },
  isSigningOut: () => signingOut,
};
