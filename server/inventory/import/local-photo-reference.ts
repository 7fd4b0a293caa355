/** The reference a feed row carries for a photo the command line stored from a file (local-photos.ts). */
export const LOCAL_PHOTO_REFERENCE = /^local:[a-f0-9]{32}$/;
