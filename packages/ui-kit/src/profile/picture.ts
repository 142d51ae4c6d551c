/** Pictures are data URLs (PICTURE_PATTERN); anything else would make the browser fetch another origin. */
export function isPictureData(value: string | null | undefined): value is string {
  return !!value && /^data:image\/(png|jpeg|webp|gif);base64,/.test(value);
}
