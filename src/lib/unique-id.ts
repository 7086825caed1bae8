/** Element ids unique within a build, for components that can appear several times on one page. */
let serial = 0;

export function uniqueId(prefix: string): string {
  serial += 1;
  return `${prefix}-${serial.toString(36)}`;
}
