/** Joins class names, dropping falsy ones (the shadcn/ui `cn`, without class merging: variants never clash). */
import { clsx, type ClassValue } from 'clsx';

export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
