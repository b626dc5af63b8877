import { requireSignIn } from '../../../auth/require-sign-in';

/** Every route of this area needs a signed-in caller, save those marked `config: { anonymous: true }`. */
export default requireSignIn;
