/**
 * The minimal host a remote's team runs its screens in alone (`npm run dev` of a remote): its own
 * entry, so that ui-kit's main entry, shared with every screen, does not carry the sign-in page's
 * code a second time (the shell's own copy is in its first chunk).
 */
export { StandaloneHost, type StandaloneArea } from './host/StandaloneHost';
