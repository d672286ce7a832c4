/** Every locale must translate every en-GB key: the type checker holds fi-FI to that. */
export type TranslationShape<T> = { [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]> };
export type PartialTranslation<T> = { [K in keyof T]?: T[K] extends string ? string : PartialTranslation<T[K]> };
