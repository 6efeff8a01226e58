import app from '@quire/contracts/locales/es/app.json';
import errors from '@quire/contracts/locales/es/errors.json';
import fields from '@quire/contracts/locales/es/fields.json';
import validation from '@quire/contracts/locales/es/validation.json';

export const bundle = { app, errors, validation, fields };
