import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 shadow-sm',
  secondary: 'bg-white text-stone-900 ring-1 ring-stone-300 hover:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100',
  danger: 'bg-red-600 text-white hover:bg-red-700',
} as const;
const SIZES = { sm: 'px-3 py-1.5 text-sm', md: 'px-4 py-2.5 text-sm', lg: 'px-6 py-3 text-base' } as const;

export type ButtonVariant = keyof typeof VARIANTS;
type Common = { variant?: ButtonVariant; size?: keyof typeof SIZES; className?: string };

export const buttonClass = ({ variant = 'primary', size = 'md', className = '' }: Common) =>
  `inline-flex items-center justify-center gap-2 rounded-full font-semibold transition disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${SIZES[size]} ${className}`;

export function Button({ variant, size, className, type = 'button', ...rest }: Common & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...rest} />;
}

export function ButtonLink({ variant, size, className, ...rest }: Common & LinkProps) {
  return <Link className={buttonClass({ variant, size, className })} {...rest} />;
}
